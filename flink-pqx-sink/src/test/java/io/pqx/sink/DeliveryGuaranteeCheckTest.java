package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.testutils.logging.LoggerAuditingExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.event.Level;

/** The WARN a STREAMING job without checkpointing gets when its graph is built. */
class DeliveryGuaranteeCheckTest {
    @RegisterExtension
    final LoggerAuditingExtension logs =
            new LoggerAuditingExtension(DeliveryGuaranteeCheck.class, Level.WARN);

    public static class Event {
        public long id;
    }

    /** Builds the job graph (which expands the sink) of a small job in {@code mode}. */
    private void buildGraph(RuntimeExecutionMode mode, boolean checkpointing, boolean pojo) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, mode);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        if (checkpointing) {
            env.enableCheckpointing(1_000);
        }
        if (pojo) {
            env.fromData(new Event())
                    .sinkTo(
                            PqxSink.builder()
                                    .basePath("file:///tmp/pqx-warn")
                                    .buildForPojo(Event.class));
        } else {
            env.fromSequence(0, 10)
                    .map(i -> (RowData) GenericRowData.of(i))
                    .returns(InternalTypeInfo.of(TestingSinkRowTypes.ONE_COLUMN))
                    .sinkTo(
                            PqxSink.builder()
                                    .basePath("file:///tmp/pqx-warn")
                                    .rowType(TestingSinkRowTypes.ONE_COLUMN)
                                    .build());
        }
        env.getStreamGraph();
    }

    @Test
    void warnsOnceForAStreamingJobWithoutCheckpointing() {
        buildGraph(RuntimeExecutionMode.STREAMING, false, false);
        assertThat(logs.getMessages())
                .singleElement()
                .asString()
                .contains(
                        "PqxSink to file:///tmp/pqx-warn runs in STREAMING mode without"
                                + " checkpointing, so it is not exactly once")
                .contains("Enable checkpointing");
    }

    @Test
    void warnsForAPojoSinkToo() {
        buildGraph(RuntimeExecutionMode.STREAMING, false, true);
        assertThat(logs.getMessages()).hasSize(1);
    }

    @Test
    void staysQuietWithCheckpointingOrInBatchMode() {
        buildGraph(RuntimeExecutionMode.STREAMING, true, false);
        buildGraph(RuntimeExecutionMode.BATCH, false, false);
        buildGraph(RuntimeExecutionMode.AUTOMATIC, false, false);
        assertThat(logs.getMessages()).as("AUTOMATIC with bounded sources runs as BATCH").isEmpty();
    }

    @Test
    void automaticModeWithAnUnboundedSourceIsStreaming() {
        RuntimeExecutionMode automatic = RuntimeExecutionMode.AUTOMATIC;
        assertThat(DeliveryGuaranteeCheck.warning(automatic, true, false, "/x")).isPresent();
        assertThat(DeliveryGuaranteeCheck.warning(automatic, true, true, "/x")).isEmpty();
    }
}
