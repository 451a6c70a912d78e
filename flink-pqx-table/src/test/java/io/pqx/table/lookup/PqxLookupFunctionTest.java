package io.pqx.table.lookup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.predicate.Predicates;
import io.pqx.source.PqxSource;
import io.pqx.table.lookup.TestingDimTable.DimRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PqxLookupFunctionTest {
    @TempDir Path dir;

    private static PqxLookupFunction function(
            Path base, RowType type, List<String> partitionKeys, int[] keys, long refreshMillis)
            throws Exception {
        PqxSource<RowData> listing =
                PqxSource.builder()
                        .path(base.toUri().toString())
                        .rowType(type)
                        .partitionKeys(partitionKeys.toArray(String[]::new))
                        .build();
        PqxLookupFunction f =
                new PqxLookupFunction(
                        new LookupTable(
                                "dim",
                                listing,
                                type,
                                partitionKeys,
                                keys,
                                null,
                                null,
                                Duration.ofMillis(refreshMillis),
                                1 << 20));
        f.open(new FunctionContext(null));
        return f;
    }

    private static List<String> fields(Collection<RowData> rows) {
        return TestingDimTable.fieldsOf(rows);
    }

    private static List<String> fieldsOf(List<DimRow> rows) {
        return rows.stream().map(DimRow::fields).toList();
    }

    @Test
    void aKeyReturnsExactlyTheRowsHoldingItAcrossFilesAndRowGroups() throws Exception {
        List<DimRow> rows = TestingDimTable.write(dir, 20_000, 3, 1_000);
        PqxLookupFunction f = function(dir, TestingDimTable.TYPE, List.of(), new int[] {0}, 60_000);
        Random random = new Random(11);
        for (int n = 0; n < 300; n++) {
            long k = random.nextInt(40_100) - 50;
            assertThat(fields(f.lookup(GenericRowData.of(k))))
                    .as("key %s", k)
                    .containsExactlyInAnyOrderElementsOf(
                            fieldsOf(TestingDimTable.matching(rows, k, null)));
        }
        assertThat(fields(f.lookup(GenericRowData.of(100L)))).hasSize(2); // i = 50 and 51
        assertThat(f.lookup(GenericRowData.of((Object) null))).isEmpty();
    }

    @Test
    void aTwoColumnKeyMatchesBothParts() throws Exception {
        List<DimRow> rows = TestingDimTable.write(dir, 5_000, 2, 500);
        PqxLookupFunction f =
                function(dir, TestingDimTable.TYPE, List.of(), new int[] {1, 0}, 60_000);
        for (int i = 0; i < 5_000; i += 37) {
            DimRow r = TestingDimTable.row(i);
            for (int k2 : new int[] {r.k2(), (r.k2() + 1) % 7}) {
                assertThat(fields(f.lookup(GenericRowData.of(k2, r.k()))))
                        .containsExactlyInAnyOrderElementsOf(
                                fieldsOf(TestingDimTable.matching(rows, r.k(), k2)));
            }
        }
        assertThat(f.lookup(GenericRowData.of(null, 0L))).isEmpty();
    }

    @Test
    void newFilesAreSeenAfterTheRefreshIntervalAndRemovedOnesNeverAnswer() throws Exception {
        TestingDimTable.writeFile(dir.resolve("a.parquet"), List.of(TestingDimTable.row(0)), 10);
        PqxLookupFunction rarely =
                function(dir, TestingDimTable.TYPE, List.of(), new int[] {0}, 3_600_000);
        PqxLookupFunction always = function(dir, TestingDimTable.TYPE, List.of(), new int[] {0}, 0);
        assertThat(rarely.lookup(GenericRowData.of(0L))).hasSize(1);
        assertThat(always.lookup(GenericRowData.of(0L))).hasSize(1);

        TestingDimTable.writeFile(dir.resolve("b.parquet"), List.of(TestingDimTable.row(2)), 10);
        assertThat(rarely.lookup(GenericRowData.of(4L))).isEmpty(); // listed an hour ago
        assertThat(always.lookup(GenericRowData.of(4L))).hasSize(1);

        Files.delete(dir.resolve("a.parquet"));
        assertThat(rarely.lookup(GenericRowData.of(0L))).isEmpty(); // gone, though still listed
        assertThat(always.lookup(GenericRowData.of(0L))).isEmpty();
    }

    @Test
    void aPartitionColumnInTheKeySelectsTheFilesOfItsDirectory() throws Exception {
        RowType type =
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(),
                            new IntType(),
                            new VarCharType(VarCharType.MAX_LENGTH),
                            new DoubleType(),
                            new VarCharType(VarCharType.MAX_LENGTH)
                        },
                        new String[] {"k", "k2", "name", "v", "dt"});
        TestingDimTable.writeFile(
                Files.createDirectories(dir.resolve("dt=a")).resolve("f.parquet"),
                List.of(TestingDimTable.row(0), TestingDimTable.row(3)),
                10);
        TestingDimTable.writeFile(
                Files.createDirectories(dir.resolve("dt=b")).resolve("f.parquet"),
                List.of(TestingDimTable.row(0)),
                10);
        PqxLookupFunction f = function(dir, type, List.of("dt"), new int[] {0, 4}, 60_000);
        Collection<RowData> a = f.lookup(GenericRowData.of(0L, StringData.fromString("a")));
        assertThat(a).hasSize(1);
        assertThat(a.iterator().next().getString(4).toString()).isEqualTo("a");
        assertThat(f.lookup(GenericRowData.of(6L, StringData.fromString("b")))).isEmpty();
        assertThat(f.lookup(GenericRowData.of(6L, StringData.fromString("a")))).hasSize(1);
        assertThat(f.lookup(GenericRowData.of(0L, StringData.fromString("c")))).isEmpty();

        PqxLookupFunction byPartition = function(dir, type, List.of("dt"), new int[] {4}, 60_000);
        assertThat(byPartition.lookup(GenericRowData.of(StringData.fromString("a")))).hasSize(2);
    }

    @Test
    void aPushedFilterDropsRowsItRejects() throws Exception {
        TestingDimTable.write(dir, 100, 1, 10);
        PqxSource<RowData> listing =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingDimTable.TYPE)
                        .build();
        PqxLookupFunction f =
                new PqxLookupFunction(
                        new LookupTable(
                                "dim",
                                listing,
                                TestingDimTable.TYPE,
                                List.of(),
                                new int[] {0},
                                new int[] {2},
                                Predicates.greaterThan("v", 25.0),
                                Duration.ofMinutes(1),
                                1 << 20));
        f.open(new FunctionContext(null));
        assertThat(f.lookup(GenericRowData.of(100L)))
                .hasSize(1); // i = 50 (v 25.0) dropped, 51 kept
        RowData kept = f.lookup(GenericRowData.of(100L)).iterator().next();
        assertThat(kept.getArity()).isEqualTo(1);
        assertThat(kept.getString(0).toString()).isEqualTo("n51");
    }

    @Test
    void aFileOfAnotherColumnTypeFailsNamingFileAndColumn() throws Exception {
        TestingDimTable.write(dir, 10, 1, 10);
        RowType declared =
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(),
                            new BigIntType(),
                            new VarCharType(VarCharType.MAX_LENGTH),
                            new DoubleType()
                        },
                        new String[] {"k", "k2", "name", "v"});
        PqxLookupFunction f = function(dir, declared, List.of(), new int[] {0}, 60_000);
        assertThatThrownBy(() -> f.lookup(GenericRowData.of(0L)))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessageContaining("part-000.parquet")
                .hasMessageContaining("k2");
    }

    @Test
    void aFloatingPointKeyFollowsSqlEquality() throws Exception {
        TestingDimTable.write(dir, 100, 2, 10);
        PqxLookupFunction f = function(dir, TestingDimTable.TYPE, List.of(), new int[] {3}, 60_000);
        assertThat(fields(f.lookup(GenericRowData.of(0.0)))).containsExactly("0, 0, null, 0.0");
        assertThat(fields(f.lookup(GenericRowData.of(-0.0)))).containsExactly("0, 0, null, 0.0");
        assertThat(fields(f.lookup(GenericRowData.of(10.5)))).containsExactly("42, 0, n21, 10.5");
        assertThat(f.lookup(GenericRowData.of(Double.NaN))).isEmpty();
        // a DOUBLE key is not pruned on (NaN and -0.0 in statistics): every row group is read
        assertThat(f.reader().prunes()).isFalse();
        assertThat(f.reader().rowGroupsSkipped.getCount()).isZero();
        assertThat(
                        function(dir, TestingDimTable.TYPE, List.of(), new int[] {0}, 60_000)
                                .reader()
                                .prunes())
                .isTrue();
    }

    @Test
    void statisticsAndBloomFiltersLeaveFewRowGroupsToRead() throws Exception {
        TestingDimTable.write(dir, 20_000, 4, 1_000); // 20 row groups
        PqxLookupFunction f = function(dir, TestingDimTable.TYPE, List.of(), new int[] {0}, 60_000);
        for (long k = 4; k < 40_000; k += 400) { // present keys: one row group each (sorted)
            assertThat(f.lookup(GenericRowData.of(k))).isNotEmpty();
        }
        assertThat(f.reader().rowGroupsRead.getCount()).isEqualTo(100);
        long before = f.reader().rowGroupsRead.getCount();
        for (long k = 5;
                k < 40_000;
                k += 400) { // missing odd keys: statistics keep one, bloom drops most
            assertThat(f.lookup(GenericRowData.of(k))).isEmpty();
        }
        assertThat(f.reader().rowGroupsRead.getCount() - before).isLessThan(10);
        assertThat(f.reader().rowGroupsSkipped.getCount())
                .isEqualTo(200L * 20 - f.reader().rowGroupsRead.getCount());
    }
}
