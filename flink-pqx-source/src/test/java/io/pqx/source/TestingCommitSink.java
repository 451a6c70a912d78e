package io.pqx.source;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.table.data.RowData;

/**
 * An exactly-once collecting sink for the ITCases: a writer holds the rows (as text) it got since
 * the last checkpoint, hands them over as one committable at the checkpoint, and the committer
 * publishes each committable once (by its id) into a static map. Rows of a failed attempt that no
 * checkpoint covered are dropped with the attempt, so the published rows are those of an
 * exactly-once pipeline: a source emitting a row twice after a restore shows up as a duplicate.
 */
public final class TestingCommitSink
        implements Sink<RowData>, SupportsCommitter<TestingCommitSink.Batch> {
    private static final Map<String, Map<String, List<String>>> PUBLISHED =
            new ConcurrentHashMap<>();

    /** A function of the row to its text; Serializable. */
    public interface Show extends Function<RowData, String>, Serializable {}

    public record Batch(String id, List<String> rows) {}

    private final String name;
    private final Show show;

    public TestingCommitSink(String name, Show show) {
        this.name = name;
        this.show = show;
        PUBLISHED.put(name, new ConcurrentHashMap<>());
    }

    /** Every published row, batch after batch (order across batches unspecified). */
    public static List<String> published(String name) {
        List<String> rows = new ArrayList<>();
        PUBLISHED.getOrDefault(name, Map.of()).values().forEach(rows::addAll);
        return rows;
    }

    @Override
    public SinkWriter<RowData> createWriter(WriterInitContext context) {
        return new Writer(show);
    }

    @Override
    public Committer<Batch> createCommitter(CommitterInitContext context) {
        String sink = name;
        return new Committer<>() {
            @Override
            public void commit(Collection<CommitRequest<Batch>> requests) {
                for (CommitRequest<Batch> r : requests) {
                    PUBLISHED
                            .get(sink)
                            .putIfAbsent(r.getCommittable().id(), r.getCommittable().rows());
                }
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public SimpleVersionedSerializer<Batch> getCommittableSerializer() {
        return new BatchSerializer();
    }

    private static final class Writer implements CommittingSinkWriter<RowData, Batch> {
        private final Show show;
        private List<String> rows = new ArrayList<>();

        Writer(Show show) {
            this.show = show;
        }

        @Override
        public void write(RowData row, Context context) {
            rows.add(show.apply(row));
        }

        @Override
        public void flush(boolean endOfInput) {}

        @Override
        public Collection<Batch> prepareCommit() {
            Batch b = new Batch(UUID.randomUUID().toString(), rows);
            rows = new ArrayList<>();
            return List.of(b);
        }

        @Override
        public void close() {}
    }

    private static final class BatchSerializer implements SimpleVersionedSerializer<Batch> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(Batch b) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeUTF(b.id());
            out.writeInt(b.rows().size());
            for (String r : b.rows()) {
                out.writeUTF(r);
            }
            out.flush();
            return bytes.toByteArray();
        }

        @Override
        public Batch deserialize(int version, byte[] serialized) throws IOException {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
            String id = in.readUTF();
            int n = in.readInt();
            List<String> rows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                rows.add(in.readUTF());
            }
            return new Batch(id, rows);
        }
    }
}
