package io.pqx.bench.sink;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.table.data.RowData;

/**
 * Passes rows on unchanged and stamps the wall-clock time of the latest one: after a job on the
 * in-process MiniCluster, {@link #lastRecordMillis()} says when its input stopped flowing, so the
 * checkpoints taken while rows came can be told from those taken at end of input (which wait for
 * every open file to close). The same for every contender; static, as the MiniCluster shares the
 * JVM. Thread-safe.
 */
final class LastRecordStamp implements MapFunction<RowData, RowData> {
    private static final long serialVersionUID = 1L;
    private static final AtomicLong LAST = new AtomicLong();

    /** Forgets the last job's stamp. */
    static void reset() {
        LAST.set(0);
    }

    /** Wall-clock milliseconds of the latest row passed on since {@link #reset()}, 0 if none. */
    static long lastRecordMillis() {
        return LAST.get();
    }

    @Override
    public RowData map(RowData row) {
        LAST.lazySet(System.currentTimeMillis());
        return row;
    }
}
