package io.pqx.bench.source;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.table.data.RowData;

/**
 * A sink that records when the first row of a run reached any of its writers ({@code
 * System.nanoTime()}) and counts the rows, so a benchmark job shows how long its source took to
 * hand out a first split. Works only with the job in this JVM (a MiniCluster); thread-safe
 * registry, any parallelism.
 */
final class FirstRecordSink implements Sink<RowData> {
    private static final long serialVersionUID = 1L;
    private static final Map<String, AtomicLong> FIRST = new ConcurrentHashMap<>();
    private static final Map<String, AtomicLong> ROWS = new ConcurrentHashMap<>();

    private final String runId;

    FirstRecordSink(String runId) {
        this.runId = runId;
        FIRST.put(runId, new AtomicLong());
        ROWS.put(runId, new AtomicLong());
    }

    /** {first row's nanoTime (0: none), rows} of run {@code runId}, removed from the registry. */
    static long[] take(String runId) {
        return new long[] {FIRST.remove(runId).get(), ROWS.remove(runId).get()};
    }

    @Override
    public SinkWriter<RowData> createWriter(WriterInitContext context) {
        AtomicLong first = FIRST.get(runId);
        AtomicLong rows = ROWS.get(runId);
        return new SinkWriter<>() {
            private long count;

            @Override
            public void write(RowData row, Context context) {
                if (count++ == 0) {
                    first.compareAndSet(0, System.nanoTime());
                }
            }

            @Override
            public void flush(boolean endOfInput) {}

            @Override
            public void close() {
                rows.addAndGet(count);
            }
        };
    }
}
