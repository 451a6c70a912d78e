package io.pqx.table;

import java.util.Map;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;

/**
 * Test fixture: a MiniCluster (1 task manager, 2 slots) whose metrics an {@link InMemoryReporter}
 * keeps after the jobs end, and sums of a job's counters by name. Jobs must run on the extension's
 * cluster: table environments created from {@code StreamExecutionEnvironment
 * .getExecutionEnvironment()} (or {@code TableEnvironment.create}) inside a test, not in
 * {@code @BeforeAll}, where the extension's context environment is not yet set.
 */
final class TestingMetrics {
    private final InMemoryReporter reporter = InMemoryReporter.createWithRetainedMetrics();

    /** The MiniCluster extension reporting to this fixture (register it as a static field). */
    MiniClusterExtension cluster() {
        return new MiniClusterExtension(
                new MiniClusterResourceConfiguration.Builder()
                        .setConfiguration(reporter.addToConfiguration(new Configuration()))
                        .setNumberTaskManagers(1)
                        .setNumberSlotsPerTaskManager(2)
                        .build());
    }

    /** The sum of job {@code job}'s counters named {@code name}, of all operators. */
    long counter(JobID job, String name) {
        return counter(job, "", name);
    }

    /**
     * The sum of the counters named {@code name} of job {@code job}'s operators whose name holds
     * {@code operator}.
     */
    long counter(JobID job, String operator, String name) {
        long sum = 0;
        for (Map.Entry<MetricGroup, Map<String, Metric>> e :
                reporter.getMetricsByGroup().entrySet()) {
            Map<String, String> vars = e.getKey().getAllVariables();
            if (job.toString().equals(vars.get("<job_id>"))
                    && vars.getOrDefault("<operator_name>", "").contains(operator)
                    && e.getValue().get(name) instanceof Counter c) {
                sum += c.getCount();
            }
        }
        return sum;
    }
}
