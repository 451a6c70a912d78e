package io.pqx.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.Predicates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Bounded reads on a MiniCluster of files written by pqx's own writer. */
class PqxSourceITCase {
    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path dir;

    @Test
    void aBoundedReadReturnsEveryRowOfEveryVisibleFileOnce() throws Exception {
        List<String> expected = new ArrayList<>();
        int id = 0;
        for (String day : List.of("2024-03-09", "2024-03-10")) {
            for (int f = 0; f < 3; f++) {
                int n = 700 + 150 * f;
                TestingSourceFiles.writeOrders(
                        dir.resolve("day=" + day + "/part-" + f + ".parquet"), id, id + n, 200);
                for (long i = id; i < id + n; i++) {
                    expected.add(
                            TestingSourceFiles.describe(TestingSourceFiles.order(i)) + "|" + day);
                }
                id += n;
            }
        }
        // never read: hidden, in progress, success marker
        TestingSourceFiles.writeOrders(
                dir.resolve("day=2024-03-09/.part-9.parquet.inprogress.abc"),
                1_000_000,
                1_000_100,
                50);
        TestingSourceFiles.writeOrders(
                dir.resolve("_tmp/part-9.parquet"), 1_000_000, 1_000_100, 50);
        Files.write(dir.resolve("day=2024-03-09/_SUCCESS"), new byte[0]);

        RowType type =
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(false),
                            new VarCharType(VarCharType.MAX_LENGTH),
                            new DoubleType(),
                            new IntType(),
                            new DateType()
                        },
                        new String[] {"id", "name", "price", "qty", "day"});
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(type)
                        .partitionKeys("day")
                        .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.parse("1b"))
                        .build();

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        List<String> got = new ArrayList<>();
        try (var it =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                        .executeAndCollect()) {
            it.forEachRemaining(
                    r ->
                            got.add(
                                    TestingSourceFiles.describe(r)
                                            + "|"
                                            + LocalDate.ofEpochDay(r.getInt(4))));
        }
        assertThat(got).hasSize(expected.size()).containsExactlyInAnyOrderElementsOf(expected);
    }

    /**
     * Two readers taking many tiny splits one after another: their fetchers go idle and are shut
     * down again and again. The job must end when its rows are read, not after Flink's fetcher
     * close timeout (30 s), which it waited out when an idle fetcher's last hand-over found the
     * fetch queue full.
     */
    @Test
    void manyTinySplitsEndWithoutWaitingOutTheFetchersCloseTimeout() throws Exception {
        Path first = TestingSourceFiles.writeOrders(dir.resolve("part-0000.parquet"), 0, 4, 4);
        int files = 1500;
        for (int i = 1; i < files; i++) {
            Files.copy(first, dir.resolve(String.format("part-%04d.parquet", i)));
        }
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .project("id")
                        .build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);

        long start = System.nanoTime();
        long rows;
        try (var it =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                        .executeAndCollect()) {
            long n = 0;
            while (it.hasNext()) {
                it.next();
                n++;
            }
            rows = n;
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(rows).isEqualTo(4L * files);
        assertThat(took).isLessThan(Duration.ofSeconds(25));
    }

    @Test
    void filesOfDifferentSchemasReadAsTheRequestedOneWithAProjectionAndObjectReuse()
            throws Exception {
        TestingSourceFiles.writeOrders(dir.resolve("new.parquet"), 0, 500, 100);
        RowType old =
                RowType.of(
                        new LogicalType[] {new IntType(false), new IntType()},
                        new String[] {"id", "qty"});
        List<RowData> oldRows = new ArrayList<>();
        for (int i = 500; i < 800; i++) {
            oldRows.add(GenericRowData.of(i, i % 100));
        }
        TestingSourceFiles.write(dir.resolve("old.parquet"), old, oldRows, 100);

        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .project("qty", "id", "name")
                        .build();
        assertThat(source.producedRowType().getFieldNames()).containsExactly("qty", "id", "name");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        // the reused columnar rows go to the collect sink uncopied
        env.getConfig().enableObjectReuse();
        List<String> got = new ArrayList<>();
        try (var it =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                        .executeAndCollect()) {
            it.forEachRemaining(
                    r ->
                            got.add(
                                    r.getInt(0)
                                            + "|"
                                            + r.getLong(1)
                                            + "|"
                                            + (r.isNullAt(2)
                                                    ? "null"
                                                    : r.getString(2).toString())));
        }
        List<String> expected = new ArrayList<>();
        for (long i = 0; i < 800; i++) {
            StringData name = i < 500 ? TestingSourceFiles.order(i).getString(1) : null;
            expected.add((i % 100) + "|" + i + "|" + (name == null ? "null" : name.toString()));
        }
        assertThat(got).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** An order as a POJO: public fields and a setter. */
    public static class Order {
        public long id;
        public String name;
        public Double price;
        private int qty;

        public void setQty(int qty) {
            this.qty = qty;
        }

        public int getQty() {
            return qty;
        }

        @Override
        public String toString() {
            return id + "|" + name + "|" + price + "|" + qty;
        }
    }

    @Test
    void emitsPojosOfTheProjectedColumnsWithAPredicate() throws Exception {
        TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 600, 100);
        PqxSource<Order> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .project("id", "name", "price", "qty")
                        .predicate(Predicates.lessThan("qty", 3))
                        .build(Order.class);
        assertThat(source.getProducedType().getTypeClass()).isEqualTo(Order.class);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        List<String> got = new ArrayList<>();
        try (var it =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                        .executeAndCollect()) {
            it.forEachRemaining(o -> got.add(o.toString()));
        }
        List<String> expected = new ArrayList<>();
        for (long id = 0; id < 600; id++) {
            if (id % 100 < 3) {
                expected.add(
                        id
                                + "|"
                                + (id % 7 == 0 ? null : "n" + id)
                                + "|"
                                + (id * 1.5)
                                + "|"
                                + (id % 100));
            }
        }
        assertThat(got).containsExactlyInAnyOrderElementsOf(expected);
    }
}
