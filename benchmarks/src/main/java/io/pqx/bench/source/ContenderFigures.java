package io.pqx.bench.source;

import io.pqx.bench.Throughput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One contender's measured rounds of one query: throughput by wall time, by process CPU time and
 * (readers only) by the calling thread's CPU time, and the cores used per round. Warm-up rounds are
 * never added. Not thread-safe.
 */
final class ContenderFigures {
    final Throughput wall = new Throughput();
    final Throughput cpu = new Throughput();
    final Throughput threadCpu = new Throughput();
    private final List<Double> cores = new ArrayList<>();

    /** One measured round over a table of {@code tableRows}. */
    void add(long tableRows, RunFigures run) {
        wall.add(tableRows, run.wallNanos());
        cpu.add(tableRows, run.cpuNanos());
        if (run.threadCpuNanos() >= 0) {
            threadCpu.add(tableRows, run.threadCpuNanos());
        }
        cores.add(run.cores());
    }

    /** Whether the thread CPU was measured (a reader, not a job). */
    boolean hasThreadCpu() {
        return threadCpu.rounds() > 0;
    }

    /** The thread-CPU throughputs of {@code figures}, by label, in the map's order. */
    static Map<String, Throughput> threadCpu(Map<String, ContenderFigures> figures) {
        Map<String, Throughput> out = new LinkedHashMap<>();
        figures.forEach((label, f) -> out.put(label, f.threadCpu));
        return out;
    }

    /** The median of the rounds' process CPU over wall time. */
    double coresMedian() {
        return Throughput.medianOfSorted(
                cores.stream().mapToDouble(Double::doubleValue).sorted().toArray());
    }
}
