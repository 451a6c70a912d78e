package io.pqx.source;

import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.table.data.RowData;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A pass-through map that fails the job at chosen row counts (counted over all attempts), each
 * time only after a checkpoint newer than the last failure's completed, so every failure restores
 * from a checkpoint taken in the middle of the read; it also slows the read a little so that
 * checkpoints fall between rows. Static state: one test at a time.
 */
public final class TestingFailures implements MapFunction<RowData, RowData>, CheckpointListener {
    private static final AtomicLong ROWS = new AtomicLong();
    private static final AtomicLong CHECKPOINTS = new AtomicLong();
    private static final AtomicInteger FAILED = new AtomicInteger();
    private static volatile long[] failAt = new long[0];
    private static volatile long checkpointsAtLastFailure;

    /** Arms the failures at these row counts (ascending). */
    public static void arm(long... rowCounts) {
        ROWS.set(0);
        CHECKPOINTS.set(0);
        FAILED.set(0);
        checkpointsAtLastFailure = 0;
        failAt = rowCounts.clone();
    }

    public static int failures() {
        return FAILED.get();
    }

    public static long rowsSeen() {
        return ROWS.get();
    }

    @Override
    public RowData map(RowData row) throws Exception {
        long n = ROWS.incrementAndGet();
        if (n % 20 == 0) {
            Thread.sleep(1);
        }
        synchronized (TestingFailures.class) {
            int next = FAILED.get();
            if (next < failAt.length && n >= failAt[next] && CHECKPOINTS.get() > checkpointsAtLastFailure) {
                FAILED.incrementAndGet();
                checkpointsAtLastFailure = CHECKPOINTS.get();
                throw new RuntimeException("injected failure " + (next + 1) + " at row " + n);
            }
        }
        return row;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        CHECKPOINTS.incrementAndGet();
    }
}
