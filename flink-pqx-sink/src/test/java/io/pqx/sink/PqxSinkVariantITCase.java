package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * VARIANT rows through the exactly-once sink, across checkpoints (open row groups logged and
 * resumed), unshredded and shredded by option; checked in the committed files' footers (their
 * values are read back by parquet-java in e2e-tests).
 */
class PqxSinkVariantITCase {
    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()))
                            .getLogicalType();

    static final int ROWS = 20_000;

    /** Every 10th variant is a SQL NULL; the others are events with a user id. */
    static final class Events implements MapFunction<Long, RowData> {
        @Override
        public RowData map(Long i) throws IOException {
            Object v =
                    i % 10 == 0
                            ? null
                            : BinaryVariantInternalBuilder.parseJson(
                                    "{\"user_id\":" + i + ",\"event\":\"e" + (i % 3) + "\"}",
                                    false);
            return GenericRowData.of(i, v);
        }
    }

    private static void run(Path dir, Map<String, String> options) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.enableCheckpointing(50);
        env.fromSequence(0, ROWS - 1)
                .map(new Events())
                .returns(InternalTypeInfo.of(TYPE))
                .sinkTo(
                        PqxSink.builder()
                                .basePath(dir.toUri().toString())
                                .rowType(TYPE)
                                .set(PqxSinkOptions.ROW_GROUP_ROWS, 3000)
                                .setAll(options)
                                .build());
        env.execute("variant");
    }

    @Test
    void unshreddedVariantsAreCommittedOnceEach(@TempDir Path dir) throws Exception {
        run(dir, Map.of());
        long rows = 0;
        long nulls = 0;
        for (Path file : TestingSinkFiles.committed(dir)) {
            FileMetadataView footer = TestingSinkFiles.footer(file);
            assertThat(footer.schema().text()).contains("group v (VARIANT(1))");
            for (RowGroupView group : footer.rowGroups()) {
                rows += group.numRows();
                nulls += group.column("v.value").orElseThrow().statistics().nullCount().getAsLong();
            }
        }
        assertThat(rows).isEqualTo(ROWS);
        assertThat(nulls).isEqualTo(ROWS / 10);
    }

    @Test
    void aShreddingOptionWritesTypedColumnsWithStatistics(@TempDir Path dir) throws Exception {
        run(dir, Map.of("sink.variant.shredding.v", "ROW<user_id BIGINT, event STRING>"));
        long rows = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long typedNulls = 0;
        for (Path file : TestingSinkFiles.committed(dir)) {
            for (RowGroupView group : TestingSinkFiles.footer(file).rowGroups()) {
                rows += group.numRows();
                ColumnChunkView userId =
                        group.column("v.typed_value.user_id.typed_value").orElseThrow();
                min = Math.min(min, (Long) userId.statistics().min());
                max = Math.max(max, (Long) userId.statistics().max());
                typedNulls += userId.statistics().nullCount().getAsLong();
                // every object is wholly shredded: no residual value
                assertThat(
                                group.column("v.value")
                                        .orElseThrow()
                                        .statistics()
                                        .nullCount()
                                        .getAsLong())
                        .isEqualTo(group.numRows());
            }
        }
        assertThat(rows).isEqualTo(ROWS);
        assertThat(min).isEqualTo(1);
        assertThat(max).isEqualTo(ROWS - 1);
        assertThat(typedNulls).isEqualTo(ROWS / 10);
    }

    @Test
    void aShreddingOptionIsCheckedWhenTheSinkIsBuilt() {
        assertThatThrownBy(
                        () ->
                                PqxSink.builder()
                                        .basePath("file:///tmp/x")
                                        .rowType(TYPE)
                                        .setAll(Map.of("sink.variant.shredding.v", "ROW<a"))
                                        .build())
                .hasMessageContaining("sink.variant.shredding.v")
                .hasMessageContaining("must be a Flink type");
        assertThatThrownBy(
                        () ->
                                PqxSink.builder()
                                        .basePath("file:///tmp/x")
                                        .rowType(TYPE)
                                        .setAll(Map.of("sink.variant.shredding.id", "BIGINT"))
                                        .build())
                .hasMessageContaining("Cannot shred VARIANT column id");
        assertThat(
                        TestingSinks.settings(
                                        PqxSink.builder()
                                                .basePath("file:///tmp/x")
                                                .rowType(TYPE)
                                                .variantShredding(
                                                        "v", DataTypes.INT().getLogicalType())
                                                .build())
                                .layout()
                                .writeOptions()
                                .variantShredding())
                .isEqualTo(Map.of("v", DataTypes.INT().getLogicalType()));
    }
}
