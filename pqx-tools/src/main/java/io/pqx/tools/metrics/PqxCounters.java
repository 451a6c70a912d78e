package io.pqx.tools.metrics;

import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;

/**
 * pqx's counters ({@code pqx*}: files, row groups and pages pruned, rows decoded, bytes read,
 * lookups) and Flink's lookup-cache counters ({@code hitCount}, {@code missCount}, {@code
 * loadCount}, {@code numLoadFailures} of a lookup function's {@code cache} group, kept as {@code
 * cache.hitCount} and so on) of the jobs of an in-process cluster, by name: a metric reporter that
 * keeps every such counter registered since the last {@link #reset}, so that a job's figures are
 * read after it ended (the demo's queries, the benchmarks' runs). Install it with {@link #install};
 * Flink finds the factory through {@code META-INF/services}. Thread-safe.
 */
@Internal
public final class PqxCounters implements MetricReporter {
    /** The configuration key that installs this reporter. */
    public static final String REPORTER_KEY = "metrics.reporter.pqxcounters.factory.class";

    /**
     * The prefix under which Flink's lookup-cache counters are kept, e.g. {@code cache.hitCount}.
     */
    public static final String CACHE_PREFIX = "cache.";

    /** Flink's lookup cache metric group ({@code CachingLookupFunction}'s) and its counters. */
    private static final String CACHE_GROUP = "cache";

    private static final Set<String> CACHE_COUNTERS =
            Set.of("hitCount", "missCount", "loadCount", "numLoadFailures");

    private static final Map<String, CopyOnWriteArrayList<Counter>> COUNTERS =
            new ConcurrentHashMap<>();

    /** Installs the reporter in a cluster's configuration. */
    public static void install(Configuration config) {
        config.setString(REPORTER_KEY, Factory.class.getName());
    }

    /** Forgets the counters of earlier jobs. */
    public static void reset() {
        COUNTERS.clear();
    }

    /** The total of the counters named {@code name} since the last reset (0 if none). */
    public static long total(String name) {
        long total = 0;
        for (Counter counter : COUNTERS.getOrDefault(name, new CopyOnWriteArrayList<>())) {
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
        if (!(metric instanceof Counter counter)) {
            return;
        }
        String key =
                name.startsWith("pqx")
                        ? name
                        : CACHE_COUNTERS.contains(name) && inCacheGroup(group)
                                ? CACHE_PREFIX + name
                                : null;
        if (key != null) {
            // the same counter may be announced more than once (the cache group is a proxy)
            COUNTERS.computeIfAbsent(key, n -> new CopyOnWriteArrayList<>()).addIfAbsent(counter);
        }
    }

    private static boolean inCacheGroup(MetricGroup group) {
        String[] scope = group.getScopeComponents();
        return scope.length > 0 && CACHE_GROUP.equals(scope[scope.length - 1]);
    }

    @Override
    public void notifyOfRemovedMetric(Metric metric, String name, MetricGroup group) {
        // kept until the next reset: a job's figures are read after it ended
    }

    /** Makes the reporter. */
    public static final class Factory implements MetricReporterFactory {
        @Override
        public MetricReporter createMetricReporter(Properties properties) {
            return new PqxCounters();
        }
    }
}
