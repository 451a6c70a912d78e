package io.pqx.bench.source;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Throughput;
import java.util.Locale;
import java.util.Map;

/**
 * Prints a query's per-contender medians in suite {@code source}: {@code INFO medians} (wall),
 * {@code INFO cpu} (process CPU), and for the readers {@code INFO thread_cpu} (the calling thread's
 * CPU) and {@code INFO cores} (process CPU over wall, median: how many cores a single-threaded
 * reader kept busy with the JVM's collector and compiler threads), and {@code INFO
 * paired_thread_cpu} (pqx's reader over each other reader, round by round).
 */
final class FigureLines {
    /** The label of pqx's reader, which the paired line compares every other reader with. */
    static final String PQX_READER = "pqx_reader";

    private FigureLines() {}

    /** The lines of {@code query}, contenders in the map's order, keyed by their labels. */
    static void print(String query, Map<String, ContenderFigures> figures, BenchmarkReport report) {
        StringBuilder medians = new StringBuilder();
        StringBuilder cpus = new StringBuilder();
        StringBuilder threads = new StringBuilder();
        StringBuilder cores = new StringBuilder();
        figures.forEach(
                (label, f) -> {
                    medians.append(String.format(" %s=%.0f", label, f.wall.median()));
                    cpus.append(String.format(" %s=%.0f", label, f.cpu.median()));
                    if (f.hasThreadCpu()) {
                        threads.append(String.format(" %s=%.0f", label, f.threadCpu.median()));
                        cores.append(String.format(" %s=%.2f", label, f.coresMedian()));
                    }
                });
        report.info("medians %s%s unit=table-rows/s", query, medians);
        report.info("cpu %s%s unit=table-rows/cpu-s", query, cpus);
        if (!threads.isEmpty()) {
            report.info("thread_cpu %s%s unit=table-rows/thread-cpu-s", query, threads);
            report.info(
                    "cores %s%s unit=process-cpu/wall (median; pqx's target: one core)",
                    query, cores);
            printPaired(query, figures, report);
        }
    }

    /**
     * {@code INFO paired_thread_cpu}: pqx's reader over every other reader, in thread CPU, round by
     * round (both ran in the same round, one after the other): the median of those ratios and their
     * quartiles. Noise on a shared machine comes and goes over seconds, so it moves these less than
     * the ratio of two medians, which may come from different rounds.
     */
    private static void printPaired(
            String query, Map<String, ContenderFigures> figures, BenchmarkReport report) {
        ContenderFigures pqx = figures.get(PQX_READER);
        if (pqx == null || !pqx.hasThreadCpu()) {
            return;
        }
        StringBuilder pairs = new StringBuilder();
        figures.forEach(
                (label, f) -> {
                    if (!label.equals(PQX_READER) && f.hasThreadCpu()) {
                        pairs.append(
                                paired("vs_" + label, pqx.threadCpu.pairedOver(f.threadCpu), 3));
                    }
                });
        if (!pairs.isEmpty()) {
            report.info(
                    "paired_thread_cpu %s%s rounds=%d unit=pqx_reader's rows/thread-cpu-s over"
                            + " the other's, round by round (median, quartiles)",
                    query, pairs, pqx.threadCpu.rounds());
        }
    }

    /**
     * {@code " <key>=<median>(q1 <first quartile>, q3 <third quartile>)"} of sorted ratios, with
     * {@code decimals} digits after the point.
     */
    static String paired(String key, double[] sorted, int decimals) {
        String f = "%." + decimals + "f";
        return String.format(
                Locale.ROOT,
                " %s=" + f + "(q1 " + f + ", q3 " + f + ")",
                key,
                Throughput.medianOfSorted(sorted),
                sorted[sorted.length / 4],
                sorted[(3 * sorted.length) / 4]);
    }
}
