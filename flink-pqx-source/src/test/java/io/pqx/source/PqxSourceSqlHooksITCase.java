package io.pqx.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetWriter;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.Predicates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the SQL connector builds on: pruning-only conditions, limits, flat projections, partition
 * lists, file listing and schema checks.
 */
class PqxSourceSqlHooksITCase {
    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir java.nio.file.Path dir;

    private static <T> List<T> collect(
            PqxSource<RowData> source, int parallelism, Function<RowData, T> f) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        List<T> got = new ArrayList<>();
        try (var it =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                        .executeAndCollect()) {
            it.forEachRemaining(r -> got.add(f.apply(r)));
        }
        return got;
    }

    @Test
    void aPruningConditionSkipsRowGroupsButFiltersNoRow() throws Exception {
        TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 1000, 100);
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .project("id")
                        .pruneBy(Predicates.lessThan("id", 150L))
                        .build();
        List<Long> ids = collect(source, 1, r -> r.getLong(0));
        // row groups [0,100) and [100,200) may hold id < 150: all their rows, filtered by nothing
        assertThat(ids).hasSize(200).allMatch(id -> id < 200);
    }

    @Test
    void aPruningConditionAndAPredicateTogetherFilterByThePredicateOnly() throws Exception {
        TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 1000, 100);
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .project("id")
                        .predicate(Predicates.equal("qty", 7))
                        .pruneBy(Predicates.lessThan("id", 150L))
                        .build();
        assertThat(collect(source, 1, r -> r.getLong(0))).containsExactlyInAnyOrder(7L, 107L);
    }

    @Test
    void aLimitStopsEachReaderAfterABatchPastIt() throws Exception {
        for (int f = 0; f < 5; f++) {
            TestingSourceFiles.writeOrders(
                    dir.resolve("f" + f + ".parquet"), f * 1000, f * 1000 + 1000, 100);
        }
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .limit(5)
                        .set(PqxSourceOptions.BATCH_SIZE, 10)
                        .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.parse("1b"))
                        .build();
        List<Long> ids = collect(source, 2, r -> r.getLong(0));
        // each of 2 readers: at least one batch, then at most the batch that crossed 5 rows
        assertThat(ids.size()).isBetween(5, 2 * (4 + 10));
        assertThat(ids).doesNotHaveDuplicates();
        PqxSource<RowData> none =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .limit(0)
                        .build();
        assertThat(collect(none, 1, r -> r.getLong(0))).isEmpty();
    }

    @Test
    void aFlatProjectionEmitsOneFieldPerPathAndNullInsideANullRow() throws Exception {
        RowType addr =
                RowType.of(
                        new LogicalType[] {new VarCharType(VarCharType.MAX_LENGTH), new IntType()},
                        new String[] {"city", "zip"});
        RowType type =
                RowType.of(
                        new LogicalType[] {new BigIntType(false), addr},
                        new String[] {"id", "addr"});
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(WriteOptions.builder().build())
                        .create(new Path(dir.resolve("n.parquet").toUri()))) {
            w.write(GenericRowData.of(1L, GenericRowData.of(StringData.fromString("Oslo"), 150)));
            w.write(GenericRowData.of(2L, null));
            w.write(GenericRowData.of(3L, GenericRowData.of(null, 7)));
        }
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(type)
                        .project("addr.zip", "id", "addr.city")
                        .flatProjection()
                        .build();
        assertThat(source.producedRowType().getFieldNames())
                .containsExactly("addr.zip", "id", "addr.city");
        List<String> rows =
                collect(
                        source,
                        1,
                        r ->
                                (r.isNullAt(0) ? "null" : String.valueOf(r.getInt(0)))
                                        + "|"
                                        + r.getLong(1)
                                        + "|"
                                        + (r.isNullAt(2) ? "null" : r.getString(2).toString()));
        assertThat(rows).containsExactlyInAnyOrder("150|1|Oslo", "null|2|null", "7|3|null");
    }

    @Test
    void partitionsAreListedAndRestrictedAsText() throws Exception {
        TestingSourceFiles.writeOrders(dir.resolve("dt=a/x.parquet"), 0, 10, 100);
        TestingSourceFiles.writeOrders(dir.resolve("dt=b/x.parquet"), 10, 20, 100);
        TestingSourceFiles.writeOrders(
                dir.resolve("dt=__DEFAULT_PARTITION__/x.parquet"), 20, 30, 100);
        TestingSourceFiles.writeOrders(dir.resolve("y.parquet"), 30, 40, 100);
        RowType type = withDt();
        PqxSource<RowData> all =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(type)
                        .partitionKeys("dt")
                        .build();
        assertThat(all.listFiles())
                .extracting(ListedFile::partition)
                .containsExactlyInAnyOrder(
                        Map.of("dt", "a"),
                        Map.of("dt", "b"),
                        Map.of("dt", "__DEFAULT_PARTITION__"),
                        Map.of("dt", "__DEFAULT_PARTITION__"));
        PqxSource<RowData> some =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(type)
                        .partitionKeys("dt")
                        .partitions(
                                List.of(Map.of("dt", "b"), Map.of("dt", "__DEFAULT_PARTITION__")))
                        .project("id")
                        .build();
        assertThat(some.listFiles()).hasSize(3);
        List<Long> ids = collect(some, 1, r -> r.getLong(0));
        assertThat(ids).hasSize(30).allMatch(id -> id >= 10);
        assertThatThrownBy(
                        () ->
                                PqxSource.builder()
                                        .path(dir.toUri().toString())
                                        .rowType(type)
                                        .partitionKeys("dt")
                                        .partitions(List.of(Map.of("id", "1")))
                                        .build())
                .hasMessageContaining("does not name exactly the partition keys");
    }

    @Test
    void aConfiguredDefaultPartitionNameReadsAsNull() throws Exception {
        TestingSourceFiles.writeOrders(dir.resolve("dt=none/x.parquet"), 0, 10, 100);
        TestingSourceFiles.writeOrders(dir.resolve("dt=a/x.parquet"), 10, 20, 100);
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(withDt())
                        .partitionKeys("dt")
                        .defaultPartitionName("none")
                        .project("id", "dt")
                        .build();
        assertThat(source.listFiles())
                .extracting(ListedFile::partition)
                .containsExactlyInAnyOrder(
                        Map.of("dt", "a"), Map.of("dt", "__DEFAULT_PARTITION__"));
        List<String> rows =
                collect(
                        source,
                        1,
                        r -> r.getLong(0) + "|" + (r.isNullAt(1) ? "null" : r.getString(1)));
        assertThat(rows).hasSize(20).contains("3|null", "13|a");
    }

    @Test
    void aColumnThatCannotBeReadAsDeclaredIsNamedWithItsFile() throws Exception {
        TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 10, 100);
        RowType wrong =
                RowType.of(
                        new LogicalType[] {new BigIntType(false), new IntType()},
                        new String[] {"id", "name"});
        PqxSource<RowData> source =
                PqxSource.builder().path(dir.toUri().toString()).rowType(wrong).build();
        ListedFile file = source.listFiles().get(0);
        assertThatThrownBy(() -> source.checkReadable(file))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessageContaining("a.parquet")
                .hasMessageContaining("name");
        PqxSource<RowData> fine =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .build();
        fine.checkReadable(file);
    }

    private static RowType withDt() {
        List<RowType.RowField> fields = new ArrayList<>(TestingSourceFiles.ORDERS.getFields());
        fields.add(new RowType.RowField("dt", new VarCharType(VarCharType.MAX_LENGTH)));
        return new RowType(fields);
    }
}
