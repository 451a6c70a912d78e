package io.pqx.table.sink;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.types.Row;

/**
 * A pass-through map of a streaming test job that slows the rows down (1 ms every {@code 4} rows
 * per subtask, so checkpoints fall between rows) and fails the job once, after at least two
 * checkpoints completed, so the restore starts from a checkpoint taken in the middle of the input
 * with files already committed. Static state (the MiniCluster shares the JVM): one test at a time.
 */
public final class TestingFailOnce implements MapFunction<Row, Row>, CheckpointListener {
    private static final AtomicLong CHECKPOINTS = new AtomicLong();
    private static final AtomicInteger FAILURES = new AtomicInteger();
    private static final AtomicBoolean ARMED = new AtomicBoolean();
    private transient long rows;

    /** Arms the single failure. */
    public static void arm() {
        CHECKPOINTS.set(0);
        FAILURES.set(0);
        ARMED.set(true);
    }

    /** The failures injected since {@link #arm()}. */
    public static int failures() {
        return FAILURES.get();
    }

    @Override
    public Row map(Row row) throws Exception {
        if (++rows % 4 == 0) {
            Thread.sleep(1);
        }
        if (CHECKPOINTS.get() >= 2 && ARMED.compareAndSet(true, false)) {
            FAILURES.incrementAndGet();
            throw new RuntimeException(
                    "injected failure after "
                            + CHECKPOINTS.get()
                            + " completed checkpoints, at "
                            + row);
        }
        return row;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        CHECKPOINTS.incrementAndGet();
    }
}
