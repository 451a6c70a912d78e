package io.pqx.bench.source;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.table.data.RowData;

/**
 * A sink that counts the rows it receives and folds one BIGINT field into a sum, so a benchmark job
 * checks it read every row and the right values without keeping them. The figures of a run are
 * published under its id when the writer closes and read back with {@link #take}; works only with
 * the job in this JVM (a MiniCluster). Thread-safe registry; one writer per run (parallelism 1).
 */
final class CountingSink implements Sink<RowData> {
    private static final long serialVersionUID = 1L;
    private static final Map<String, long[]> RESULTS = new ConcurrentHashMap<>();

    private final String runId;

    /** The BIGINT field summed, or -1 to count only. */
    private final int sumField;

    CountingSink(String runId, int sumField) {
        this.runId = runId;
        this.sumField = sumField;
    }

    /** {count, sum} of run {@code runId}, removed from the registry; null if it never closed. */
    static long[] take(String runId) {
        return RESULTS.remove(runId);
    }

    @Override
    public SinkWriter<RowData> createWriter(WriterInitContext context) {
        return new SinkWriter<>() {
            private long count;
            private long sum;

            @Override
            public void write(RowData row, Context context) {
                count++;
                if (sumField >= 0) {
                    sum += row.getLong(sumField);
                }
            }

            @Override
            public void flush(boolean endOfInput) {}

            @Override
            public void close() {
                RESULTS.put(runId, new long[] {count, sum});
            }
        };
    }
}
