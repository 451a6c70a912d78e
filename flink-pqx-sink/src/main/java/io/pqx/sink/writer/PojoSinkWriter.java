package io.pqx.sink.writer;

import io.pqx.sink.committer.PqxCommittable;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;

/**
 * The sink writer for POJOs: converts each record with a {@link PojoRowConverter} (into a fresh
 * row) and hands it to the {@link PqxSinkWriter}, which does everything else. Task thread only.
 */
@Internal
public final class PojoSinkWriter<T>
        implements StatefulSinkWriter<T, PqxWriterState>, CommittingSinkWriter<T, PqxCommittable> {
    private final PqxSinkWriter rows;
    private final PojoRowConverter<T> converter;

    public PojoSinkWriter(PqxSinkWriter rows, PojoRowConverter<T> converter) {
        this.rows = rows;
        this.converter = converter;
    }

    @Override
    public void write(T element, Context context) throws IOException, InterruptedException {
        rows.write(converter.convert(element), context);
    }

    @Override
    public void flush(boolean endOfInput) {
        rows.flush(endOfInput);
    }

    @Override
    public void writeWatermark(Watermark watermark) throws IOException, InterruptedException {
        rows.writeWatermark(watermark);
    }

    @Override
    public Collection<PqxCommittable> prepareCommit() throws IOException, InterruptedException {
        return rows.prepareCommit();
    }

    @Override
    public List<PqxWriterState> snapshotState(long checkpointId) throws IOException {
        return rows.snapshotState(checkpointId);
    }

    @Override
    public void close() {
        rows.close();
    }
}
