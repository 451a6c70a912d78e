package io.pqx.tools.demo;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The pqx source's counters of the demo's queries (files, row groups and pages pruned, bytes
 * read): a metric reporter of the demo's embedded clusters that keeps every {@code pqx*} counter
 * registered since the last {@link #reset}, so that a query's figures are read after it ended.
 * Installed by {@link #REPORTER_KEY}; found by Flink through {@code META-INF/services}.
 * Thread-safe.
 */
public final class DemoMetrics implements MetricReporter {
    /** The configuration key that installs this reporter. */
    static final String REPORTER_KEY = "metrics.reporter.pqxdemo.factory.class";

    private static final Map<String, List<Counter>> COUNTERS = new ConcurrentHashMap<>();

    /** Forgets the counters of earlier queries. */
    static void reset() {
        COUNTERS.clear();
    }

    /** The total of the counters named {@code name} since the last reset (0 if none). */
    static long total(String name) {
        long total = 0;
        for (Counter counter : COUNTERS.getOrDefault(name, List.of())) {
            total += counter.getCount();
        }
        return total;
    }

    @Override
    public void open(MetricConfig config) {}

    @Override
    public void close() {}

    @Override
    public void notifyOfAddedMetric(Metric metric, String name, MetricGroup group) {
        if (metric instanceof Counter counter && name.startsWith("pqx")) {
            COUNTERS.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>()).add(counter);
        }
    }

    @Override
    public void notifyOfRemovedMetric(Metric metric, String name, MetricGroup group) {
        // kept until the next reset: a query's figures are read after its job ended
    }

    /** Makes the reporter. */
    public static final class Factory implements MetricReporterFactory {
        @Override
        public MetricReporter createMetricReporter(Properties properties) {
            return new DemoMetrics();
        }
    }
}
