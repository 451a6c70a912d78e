package io.pqx.bench.format;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.JvmReport;
import io.pqx.bench.Throughput;
import io.pqx.bench.Timed;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of the measured rounds, per measurement and contender, in insertion order: throughput
 * in wall-clock time, process CPU time and CPU time of the calling thread. Warmup runs are printed
 * but not recorded. Not thread-safe.
 */
final class RoundFigures {

    private final long rows;
    private final Map<String, Map<String, Throughput>> wall = new LinkedHashMap<>();
    private final Map<String, Map<String, Throughput>> cpu = new LinkedHashMap<>();
    private final Map<String, Map<String, Throughput>> threadCpu = new LinkedHashMap<>();

    /** Figures of runs over a table of {@code rows} rows. */
    RoundFigures(long rows) {
        this.rows = rows;
    }

    /** Wall-clock throughput by measurement, then contender. */
    Map<String, Map<String, Throughput>> wall() {
        return wall;
    }

    /** Process-CPU throughput by measurement, then contender. */
    Map<String, Map<String, Throughput>> cpu() {
        return cpu;
    }

    /** Calling-thread CPU throughput by measurement, then contender. */
    Map<String, Map<String, Throughput>> threadCpu() {
        return threadCpu;
    }

    /**
     * Records {@code run} of {@code who} in {@code measurement} when {@code measured}, its thread
     * CPU time as the run measured it; returns its text for the round's line.
     */
    String add(String measurement, String who, Timed<?> run, boolean measured) {
        return add(measurement, who, run, run.threadCpuNanos(), measured);
    }

    /**
     * As {@link #add(String, String, Timed, boolean)}, but records {@code threadNanos} as the
     * thread CPU time, for a caller that times the thread around more than the run itself. The text
     * shows the run's own thread CPU time.
     */
    String add(String measurement, String who, Timed<?> run, long threadNanos, boolean measured) {
        if (measured) {
            throughput(wall, measurement, who).add(rows, run.nanos());
            throughput(cpu, measurement, who).add(rows, run.cpuNanos());
            throughput(threadCpu, measurement, who).add(rows, threadNanos);
        }
        return String.format(
                Locale.ROOT,
                "%s=%.0f (%.2f s, cpu %.2f s, thread %.2f s, alloc %d MiB, heap peak %d MiB live %d"
                        + " MiB)",
                who,
                rows / run.seconds(),
                run.seconds(),
                run.cpuSeconds(),
                run.threadCpuNanos() / 1e9,
                JvmReport.mib(run.allocatedBytes()),
                JvmReport.mib(run.peakHeapBytes()),
                JvmReport.mib(run.peakLiveBytes()));
    }

    /** The {@code INFO rounds} lines of {@code measurement}: wall clock, then process CPU. */
    void printRounds(BenchmarkReport report, String measurement) {
        report.info("rounds %s%s unit=rows/s", measurement, roundsOf(wall.get(measurement)));
        report.info("rounds %s%s unit=rows/cpu-s", measurement, roundsOf(cpu.get(measurement)));
    }

    /** Each contender's rounds, pqx first whichever ran first in the first measured round. */
    static String roundsOf(Map<String, Throughput> byContender) {
        StringBuilder rounds = new StringBuilder();
        byContender.entrySet().stream()
                .sorted(Comparator.comparing(e -> !e.getKey().equals(FormatContenders.PQX)))
                .forEach(
                        e ->
                                rounds.append(' ')
                                        .append(e.getKey())
                                        .append('=')
                                        .append(e.getValue().rounds(",")));
        return rounds.toString();
    }

    private static Throughput throughput(
            Map<String, Map<String, Throughput>> all, String measurement, String who) {
        return all.computeIfAbsent(measurement, m -> new LinkedHashMap<>())
                .computeIfAbsent(who, w -> new Throughput());
    }
}
