package io.pqx.bench.lookup;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.functions.FunctionContext;

/**
 * The {@link FunctionContext} a lookup function is opened with outside a job (no runtime context,
 * as {@code new FunctionContext(null)}), except that the counters the function registers on its
 * metric group (pqx's {@code pqxLookup*}) are kept, by name, for the report. Thread-safe.
 */
final class CountingFunctionContext extends FunctionContext {
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final MetricGroup group =
            new UnregisteredMetricsGroup() {
                @Override
                public Counter counter(String name) {
                    return counter(name, new SimpleCounter());
                }

                @Override
                public <C extends Counter> C counter(String name, C counter) {
                    counters.put(name, counter);
                    return counter;
                }

                @Override
                public MetricGroup addGroup(String name) {
                    return this;
                }

                @Override
                public MetricGroup addGroup(String key, String value) {
                    return this;
                }
            };

    CountingFunctionContext() {
        super(null);
    }

    @Override
    public MetricGroup getMetricGroup() {
        return group;
    }

    /** The count of the counter registered as {@code name}, or -1 when none was. */
    long count(String name) {
        Counter c = counters.get(name);
        return c == null ? -1 : c.getCount();
    }
}
