package io.pqx.bench.source;

import io.pqx.bench.BenchmarkReport;
import java.util.Map;

/**
 * Prints a query's per-contender medians in suite {@code source}: {@code INFO medians} (wall),
 * {@code INFO cpu} (process CPU), and for the readers {@code INFO thread_cpu} (the calling thread's
 * CPU) and {@code INFO cores} (process CPU over wall, median: how many cores a single-threaded
 * reader kept busy with the JVM's collector and compiler threads).
 */
final class FigureLines {
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
        }
    }
}
