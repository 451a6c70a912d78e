package io.pqx.e2e.testframe;

import java.util.concurrent.TimeUnit;
import org.apache.flink.connector.testframe.environment.MiniClusterTestEnvironment;
import org.apache.flink.connector.testframe.external.ExternalContextFactory;
import org.apache.flink.connector.testframe.junit.annotations.TestContext;
import org.apache.flink.connector.testframe.junit.annotations.TestEnv;
import org.apache.flink.connector.testframe.junit.annotations.TestSemantics;
import org.apache.flink.connector.testframe.testsuites.SourceTestSuiteBase;
import org.apache.flink.core.execution.CheckpointingMode;
import org.junit.jupiter.api.Timeout;

/**
 * Flink's connector testing framework's source suite ({@link SourceTestSuiteBase},
 * flink-connector-test-utils 2.3.0) against {@code PqxSource} over a directory of Parquet files
 * ({@link PqxSourceContext}), exactly once: one split and several, an idle reader, savepoint
 * restore at the same, a higher and a lower parallelism, the source's {@code numRecordsIn} metric,
 * and a TaskManager failure of the MiniCluster. Every case of the suite runs as the framework
 * defines it; none is overridden.
 *
 * <p>The framework's waits have no deadline of their own (a record that never shows up waits for
 * ever), hence the timeout of each case.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PqxSourceTestSuiteITCase extends SourceTestSuiteBase<TestRecord> {
    @TestEnv MiniClusterTestEnvironment flink = new MiniClusterTestEnvironment();

    @TestContext ExternalContextFactory<PqxSourceContext> pqx = testName -> new PqxSourceContext();

    @TestSemantics CheckpointingMode[] semantics = {CheckpointingMode.EXACTLY_ONCE};
}
