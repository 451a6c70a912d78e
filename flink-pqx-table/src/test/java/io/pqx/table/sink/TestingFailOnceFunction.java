package io.pqx.table.sink;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.table.functions.ScalarFunction;

/**
 * A SQL function {@code failOnce(x)} returning {@code x}, that throws once at the value armed: the
 * first attempt of the task that meets it fails, its restart passes. Static state (the MiniCluster
 * shares the JVM): one test at a time.
 */
public final class TestingFailOnceFunction extends ScalarFunction {
    private static final AtomicBoolean ARMED = new AtomicBoolean();
    private static final AtomicInteger FAILURES = new AtomicInteger();
    private static volatile int failAt;

    /** Arms the single failure at value {@code at}. */
    public static void arm(int at) {
        failAt = at;
        FAILURES.set(0);
        ARMED.set(true);
    }

    public static int failures() {
        return FAILURES.get();
    }

    public Integer eval(Integer x) {
        if (x != null && x == failAt && ARMED.compareAndSet(true, false)) {
            FAILURES.incrementAndGet();
            throw new IllegalStateException("injected failure at " + x);
        }
        return x;
    }
}
