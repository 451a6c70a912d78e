package io.pqx.e2e.testframe;

import java.util.concurrent.TimeUnit;
import org.apache.flink.connector.testframe.environment.MiniClusterTestEnvironment;
import org.apache.flink.connector.testframe.external.ExternalContextFactory;
import org.apache.flink.connector.testframe.junit.annotations.TestContext;
import org.apache.flink.connector.testframe.junit.annotations.TestEnv;
import org.apache.flink.connector.testframe.junit.annotations.TestSemantics;
import org.apache.flink.connector.testframe.testsuites.SinkTestSuiteBase;
import org.apache.flink.core.execution.CheckpointingMode;
import org.junit.jupiter.api.Timeout;

/**
 * Flink's connector testing framework's sink suite ({@link SinkTestSuiteBase},
 * flink-connector-test-utils 2.3.0) against {@code PqxSink} of POJOs ({@link PqxSinkContext}),
 * exactly once: a bounded job, stop-with-savepoint and restore at the same, a higher and a lower
 * parallelism, and the writer's {@code numRecordsSend} metric. Every case of the suite runs as the
 * framework defines it; none is overridden. The sink rolls its files at every checkpoint here: the
 * savepoint cases expect what was sent before a suspending savepoint to be readable right after it
 * (see {@link PqxSinkContext}).
 *
 * <p>The framework's waits have no deadline of their own (a record that never shows up waits for
 * ever), hence the timeout of each case.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PqxSinkTestSuiteITCase extends SinkTestSuiteBase<TestRecord> {
    @TestEnv MiniClusterTestEnvironment flink = new MiniClusterTestEnvironment();

    @TestContext ExternalContextFactory<PqxSinkContext> pqx = testName -> new PqxSinkContext();

    @TestSemantics CheckpointingMode[] semantics = {CheckpointingMode.EXACTLY_ONCE};
}
