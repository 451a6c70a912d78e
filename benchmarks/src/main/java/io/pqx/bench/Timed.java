package io.pqx.bench;

import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;

/**
 * One timed piece of work and what it cost: wall time, CPU time of the whole JVM (the work, its
 * garbage collection and JIT; robust to other processes competing for the cores, unlike wall time),
 * bytes allocated by the calling thread, and the approximate heap use (see {@link HeapPeaks}) while
 * it ran.
 *
 * <p>Suites time every contender with {@link #run}, so all sides are measured the same way.
 *
 * @param value what the work returned
 * @param nanos wall-clock time
 * @param cpuNanos CPU time of the whole JVM process (all threads)
 * @param threadCpuNanos CPU time of the calling thread only (native code it runs included, e.g.
 *     DuckDB's query executed on the JDBC caller's thread; without GC and JIT threads)
 * @param allocatedBytes heap bytes allocated by the calling thread (not by other threads)
 * @param peakHeapBytes approximate peak heap occupancy during the work, garbage included
 * @param peakLiveBytes approximate peak heap use right after a collection during the work
 * @param <T> the work's result type
 */
public record Timed<T>(
        T value,
        long nanos,
        long cpuNanos,
        long threadCpuNanos,
        long allocatedBytes,
        long peakHeapBytes,
        long peakLiveBytes) {

    /** Work that may throw, e.g. I/O. */
    @FunctionalInterface
    public interface Work<T> {
        T call() throws Exception;
    }

    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean PROCESS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** Runs {@code work} on this thread and measures it. */
    public static <T> Timed<T> run(Work<T> work) throws Exception {
        return measure(work);
    }

    /**
     * Collects garbage, then runs and measures {@code work}: each contender starts from a clean
     * heap instead of paying for the previous one's garbage, and the live-heap figure starts at
     * what is really live. The collection is not timed.
     */
    public static <T> Timed<T> afterGc(Work<T> work) throws Exception {
        System.gc();
        return measure(work);
    }

    private static <T> Timed<T> measure(Work<T> work) throws Exception {
        HeapPeaks heap = HeapPeaks.instance();
        heap.reset();
        long allocatedBefore = THREADS.getCurrentThreadAllocatedBytes();
        long cpuBefore = PROCESS.getProcessCpuTime();
        long threadBefore = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        T value = work.call();
        long nanos = System.nanoTime() - start;
        long threadCpuNanos = THREADS.getCurrentThreadCpuTime() - threadBefore;
        long cpuNanos = PROCESS.getProcessCpuTime() - cpuBefore;
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - allocatedBefore;
        return new Timed<>(
                value,
                nanos,
                cpuNanos,
                threadCpuNanos,
                allocated,
                heap.peakBytes(),
                heap.peakLiveBytes());
    }

    /** Wall-clock seconds, for printing. */
    public double seconds() {
        return nanos / 1e9;
    }

    /** Process CPU seconds, for printing. */
    public double cpuSeconds() {
        return cpuNanos / 1e9;
    }
}
