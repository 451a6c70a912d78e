package io.pqx.sink;

import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.writer.PojoRowConverter;
import io.pqx.sink.writer.PojoSinkWriter;
import io.pqx.sink.writer.PqxWriterState;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.SupportsPostCommitTopology;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.table.types.logical.RowType;

/**
 * The exactly-once Parquet sink for POJOs: {@link PqxSink} behind a {@link PojoRowConverter} (the
 * POJO-to-column mapping is documented there). Same files, committables, state and options. Build
 * with {@code PqxSink.builder().basePath(..).buildForPojo(Order.class)}. Immutable and
 * serializable.
 */
@PublicEvolving
public final class PqxPojoSink<T>
        implements Sink<T>,
                SupportsCommitter<PqxCommittable>,
                SupportsWriterState<T, PqxWriterState>,
                SupportsPostCommitTopology<PqxCommittable> {
    private final PqxSink rows;
    private final PojoRowConverter<T> converter;

    PqxPojoSink(PqxSink rows, PojoRowConverter<T> converter) {
        this.rows = rows;
        this.converter = converter;
    }

    /** The row type derived from the POJO class. */
    public RowType rowType() {
        return converter.rowType();
    }

    @Override
    public StatefulSinkWriter<T, PqxWriterState> createWriter(WriterInitContext context)
            throws IOException {
        return new PojoSinkWriter<>(rows.writer(context, List.of()), converter);
    }

    @Override
    public StatefulSinkWriter<T, PqxWriterState> restoreWriter(
            WriterInitContext context, Collection<PqxWriterState> states) throws IOException {
        return new PojoSinkWriter<>(rows.writer(context, states), converter);
    }

    @Override
    public SimpleVersionedSerializer<PqxWriterState> getWriterStateSerializer() {
        return rows.getWriterStateSerializer();
    }

    @Override
    public Committer<PqxCommittable> createCommitter(CommitterInitContext context)
            throws IOException {
        return rows.createCommitter(context);
    }

    @Override
    public SimpleVersionedSerializer<PqxCommittable> getCommittableSerializer() {
        return rows.getCommittableSerializer();
    }

    @Override
    public void addPostCommitTopology(DataStream<CommittableMessage<PqxCommittable>> committed) {
        rows.addPostCommitTopology(committed);
    }
}
