package io.pqx.bench;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The counters of the jobs a benchmark runs on its in-process MiniCluster, by name (for example
 * the source's {@code pqxRowsDecoded} and {@code pqxBytesRead}): a metric reporter that keeps
 * every counter registered, so a suite reads a job's figures after it ends. {@link #reset} before a
 * job, {@link #sum} after it (summed over the subtasks that registered the name). Registered with
 * the MiniCluster as reporter {@code bench} ({@link #REPORTER_FACTORY_KEY}). Thread-safe.
 */
public final class JobCounters implements MetricReporter {
    /** The configuration key that installs this reporter. */
    public static final String REPORTER_FACTORY_KEY = "metrics.reporter.bench.factory.class";

    private static final Map<String, List<Counter>> COUNTERS = new ConcurrentHashMap<>();

    /** Forgets the counters of the jobs before. */
    public static void reset() {
        COUNTERS.clear();
    }

    /** The sum of the counters named {@code name} registered since the last reset; 0 if none. */
    public static long sum(String name) {
        long sum = 0;
        for (Counter c : COUNTERS.getOrDefault(name, List.of())) {
            sum += c.getCount();
        }
        return sum;
    }

    @Override
    public void open(MetricConfig config) {}

    @Override
    public void close() {}

    @Override
    public void notifyOfAddedMetric(Metric metric, String name, MetricGroup group) {
        if (metric instanceof Counter counter && name.startsWith("pqx")) {
            COUNTERS.computeIfAbsent(name, n -> java.util.Collections.synchronizedList(new ArrayList<>()))
                    .add(counter);
        }
    }

    @Override
    public void notifyOfRemovedMetric(Metric metric, String name, MetricGroup group) {
        // kept: the figures are read after the job ended
    }

    /** Creates the reporter; found by Flink through {@code META-INF/services}. */
    public static final class Factory implements MetricReporterFactory {
        @Override
        public MetricReporter createMetricReporter(Properties properties) {
            return new JobCounters();
        }
    }
}
