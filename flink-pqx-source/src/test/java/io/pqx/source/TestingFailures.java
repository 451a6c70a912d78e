package io.pqx.source;

import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;

/**
 * A pass-through map that fails the job at chosen row counts (counted over all attempts), each time
 * only after a checkpoint newer than the last failure's completed, so every failure restores from a
 * checkpoint taken in the middle of the read; it also slows the read a little so that checkpoints
 * fall between rows, and more while a failure waits for its checkpoint, so the read does not end
 * before it. Static state: one test at a time.
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

    /**
     * Arms {@code count} failures at random row counts in {@code [from, to)}, in order, drawn from
     * {@code random}.
     */
    public static void armAtRandom(Random random, int count, long from, long to) {
        long[] at = new long[count];
        for (int i = 0; i < count; i++) {
            at[i] = from + (long) (random.nextDouble() * (to - from));
        }
        Arrays.sort(at);
        arm(at);
    }

    /**
     * An environment that restarts a failed job up to {@code attempts} times (50 ms apart), with
     * parallelism 2 and a checkpoint every 50 ms, at least 1 s after the last one.
     */
    public static StreamExecutionEnvironment restartingEnvironment(int attempts) {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, attempts);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(50));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(50);
        // Flink 2.3.0: a checkpoint triggered right after a regional restart, once some task has
        // finished, may count the failed attempt as finished and complete without its state
        // (DefaultCheckpointPlanCalculator uses Execution.isFinished(), true in any terminal
        // state); a restore from it loses that reader's splits. A pause longer than redeploying
        // the failed task keeps that checkpoint from being triggered (200 ms was not always
        // enough).
        env.getCheckpointConfig().setMinPauseBetweenCheckpoints(1000);
        return env;
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
        boolean waiting;
        synchronized (TestingFailures.class) {
            int next = FAILED.get();
            boolean due = next < failAt.length && n >= failAt[next];
            if (due && CHECKPOINTS.get() > checkpointsAtLastFailure) {
                FAILED.incrementAndGet();
                checkpointsAtLastFailure = CHECKPOINTS.get();
                throw new RuntimeException("injected failure " + (next + 1) + " at row " + n);
            }
            waiting = due;
        }
        if (waiting) {
            // a failure is due, once a newer checkpoint completes: slow down until then (the task
            // thread returns between rows, so the checkpoint's barriers still pass). 10 ms a row:
            // a failure due among the last hundred rows of a read must still see a checkpoint
            // complete (after the minimum pause between checkpoints) before the rows run out.
            Thread.sleep(10);
        }
        return row;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        CHECKPOINTS.incrementAndGet();
    }
}
