package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the builder and the job graph refuse of an overwriting sink. */
class PqxSinkOverwriteTest {
    @TempDir Path dir;

    static final class ToRow implements MapFunction<Long, RowData> {
        @Override
        public RowData map(Long i) {
            return GenericRowData.of(i, StringData.fromString("p" + i % 2));
        }
    }

    private PqxSinkBuilder builder() {
        return PqxSink.builder()
                .basePath(dir.toUri().toString())
                .rowType(TestingSinkRowTypes.ID_PAYLOAD)
                .partitionBy("payload");
    }

    @Test
    void overwritingIsRefusedInAStreamingJob() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.STREAMING);
        env.enableCheckpointing(1000);
        env.fromSequence(0, 9)
                .map(new ToRow())
                .returns(InternalTypeInfo.of(TestingSinkRowTypes.ID_PAYLOAD))
                .sinkTo(builder().overwrite(true).build());
        assertThatThrownBy(env::getStreamGraph)
                .hasStackTraceContaining("Cannot overwrite " + dir.toUri())
                .hasStackTraceContaining("BATCH mode only");
    }

    @Test
    void aStaticPartitionMustNamePartitionColumnsOnly() {
        assertThatThrownBy(() -> builder().staticPartition(Map.of("id", "1")).build())
                .hasMessageContaining("staticPartition is invalid")
                .hasMessageContaining("'id' is not a partition column");
    }
}
