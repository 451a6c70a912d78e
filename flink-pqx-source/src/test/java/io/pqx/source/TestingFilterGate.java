package io.pqx.source;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.table.data.RowData;

/**
 * A pass-through map right after a source that counts the rows the source emits and, when armed,
 * holds the first row (blocking the source's task thread, so its reader finishes no split and asks
 * for no other) until a condition holds, such as "the enumerator has pruned by a runtime filter":
 * then the rest of the read deterministically happens with the filter known. Fails after a minute
 * rather than hang; it may also slow the read. Static state: one test at a time.
 */
public final class TestingFilterGate implements MapFunction<RowData, RowData> {
    private static final AtomicLong ROWS = new AtomicLong();
    private static final AtomicBoolean OPENED = new AtomicBoolean();
    private static volatile BooleanSupplier openWhen = () -> true;
    private static volatile int sleepEvery;

    /** Resets the count; the first row waits until {@code condition} holds. */
    public static void arm(BooleanSupplier condition) {
        arm(condition, 0);
    }

    /**
     * As {@link #arm(BooleanSupplier)}, then sleeping 1 ms every {@code sleepEvery} rows (0:
     * never).
     */
    public static void arm(BooleanSupplier condition, int sleepEvery) {
        ROWS.set(0);
        OPENED.set(false);
        openWhen = condition;
        TestingFilterGate.sleepEvery = sleepEvery;
    }

    /** Resets the count; no row waits. */
    public static void disarm() {
        arm(() -> true);
    }

    public static long rows() {
        return ROWS.get();
    }

    @Override
    public RowData map(RowData row) throws Exception {
        long n = ROWS.incrementAndGet();
        if (sleepEvery > 0 && n % sleepEvery == 0) {
            Thread.sleep(1); // slows the read, so that checkpoints fall between failures
        }
        if (!OPENED.get()) {
            long deadline = System.currentTimeMillis() + 60_000;
            while (!openWhen.getAsBoolean()) {
                if (System.currentTimeMillis() > deadline) {
                    throw new AssertionError("the gate's condition did not hold within a minute");
                }
                Thread.sleep(10);
            }
            OPENED.set(true);
        }
        return row;
    }
}
