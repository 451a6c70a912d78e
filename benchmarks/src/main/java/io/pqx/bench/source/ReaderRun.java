package io.pqx.bench.source;

import com.sun.management.OperatingSystemMXBean;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.format.DuckDbAggregates;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;

/**
 * Times one reader's run of a query on the calling thread: wall, process CPU and the thread's own
 * CPU time ({@link ThreadMXBean#getCurrentThreadCpuTime}, what a single-threaded reader costs
 * without the JVM's collector and compiler threads); a wrong answer is reported as a failure.
 */
final class ReaderRun {
    /** Queries shorter than this are repeated within a round. */
    private static final long SHORT_QUERY_NANOS = 200_000_000L;

    /** How long a short query is repeated for, within a round. */
    private static final long REPEAT_NANOS = 500_000_000L;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ReaderRun() {}

    /**
     * Runs {@code reader} once; a query that took less than 0.2 s is then run again for about 0.5 s
     * and the mean of those runs is the round's figure: a steady state, as in a running job, rather
     * than one mostly cold call (every reader alike).
     */
    static RunFigures run(SourceReader reader, SourceQuery query, Path file, BenchmarkReport report)
            throws Exception {
        RunFigures first = once(reader, query, file, report);
        if (first.wallNanos() >= SHORT_QUERY_NANOS) {
            return first;
        }
        int repeats =
                (int) Math.min(500, Math.max(2, REPEAT_NANOS / Math.max(1, first.wallNanos())));
        long wall = 0;
        long cpu = 0;
        long threadCpu = 0;
        for (int i = 0; i < repeats; i++) {
            RunFigures run = once(reader, query, file, report);
            wall += run.wallNanos();
            cpu += run.cpuNanos();
            threadCpu += run.threadCpuNanos();
        }
        return new RunFigures(
                wall / repeats,
                cpu / repeats,
                threadCpu / repeats,
                first.bytesRead(),
                first.rowsDecoded());
    }

    private static RunFigures once(
            SourceReader reader, SourceQuery query, Path file, BenchmarkReport report)
            throws Exception {
        long cpu0 = processCpuNanos();
        long thread0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        ReadOutcome outcome = reader.call().read(file, query);
        long wall = System.nanoTime() - t0;
        long thread = THREADS.getCurrentThreadCpuTime() - thread0;
        long cpu = processCpuNanos() - cpu0;
        DuckDbAggregates expected = query.expected();
        if (!expected.matches(outcome.aggregates())) {
            report.failure(
                    "%s %s: got %s, expected %s",
                    query.name(), reader.label(), outcome.aggregates(), expected);
        }
        return new RunFigures(wall, cpu, thread, outcome.bytesRead(), outcome.rowsDecoded());
    }

    /** The process's CPU time so far, every thread's. */
    static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
