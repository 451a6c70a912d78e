package io.pqx.table.lookup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.UnsupportedFileException;
import io.pqx.source.PqxSource;
import io.pqx.table.lookup.TestingDimTable.DimRow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PqxAsyncLookupFunctionTest {
    @TempDir Path dir;

    private static LookupTable table(Path base, RowType type) {
        PqxSource<RowData> listing =
                PqxSource.builder().path(base.toUri().toString()).rowType(type).build();
        return new LookupTable(
                "dim",
                listing,
                type,
                List.of(),
                new int[] {0},
                null,
                null,
                Duration.ofMinutes(1),
                1 << 20);
    }

    private static List<String> fields(Collection<RowData> rows) {
        return TestingDimTable.fieldsOf(rows);
    }

    @Test
    void manyProbesAreAnsweredInBatchesWithEachKeysRows() throws Exception {
        List<DimRow> rows = TestingDimTable.write(dir, 50_000, 3, 2_000); // 25 row groups
        PqxAsyncLookupFunction f =
                new PqxAsyncLookupFunction(table(dir, TestingDimTable.TYPE), 2, 64);
        f.open(new FunctionContext(null));
        try {
            Random random = new Random(5);
            List<Long> keys = new ArrayList<>();
            List<CompletableFuture<Collection<RowData>>> answers = new ArrayList<>();
            for (int n = 0; n < 2_000; n++) {
                long k = n % 10 == 0 ? -1 - n : random.nextInt(100_100) - 50; // repeats, absent
                keys.add(k);
                answers.add(f.asyncLookup(GenericRowData.of(k)));
            }
            answers.add(f.asyncLookup(GenericRowData.of((Object) null)));
            for (int n = 0; n < keys.size(); n++) {
                assertThat(fields(answers.get(n).get(30, TimeUnit.SECONDS)))
                        .as("key %s", keys.get(n))
                        .containsExactlyInAnyOrderElementsOf(
                                TestingDimTable.matching(rows, keys.get(n), null).stream()
                                        .map(DimRow::fields)
                                        .toList());
            }
            assertThat(answers.get(keys.size()).get()).isEmpty();
            LookupReader reader = f.reader();
            assertThat(reader.lookups.getCount()).isEqualTo(2_001);
            // 2,000 probes, at most 64 a batch: far fewer reads (files opened) than probes
            assertThat(reader.filesOpened.getCount()).isLessThan(3 * 2_000 / 8);
            assertThat(reader.rowGroupsRead.getCount() + reader.rowGroupsSkipped.getCount())
                    .isLessThan(25L * 2_000 / 8);
        } finally {
            f.close();
        }
    }

    @Test
    void aFailedReadFailsTheFuturesOfItsBatchNamingTheFile() throws Exception {
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
        PqxAsyncLookupFunction f = new PqxAsyncLookupFunction(table(dir, declared), 1, 8);
        f.open(new FunctionContext(null));
        try {
            CompletableFuture<Collection<RowData>> answer = f.asyncLookup(GenericRowData.of(0L));
            assertThatThrownBy(() -> answer.get(30, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(UnsupportedFileException.class)
                    .hasMessageContaining("part-000.parquet")
                    .hasMessageContaining("k2");
        } finally {
            f.close();
        }
        assertThat(f.asyncLookup(GenericRowData.of(0L))).isCompletedExceptionally();
    }

    @Test
    void badSettingsAreRefused() {
        assertThatThrownBy(() -> new PqxAsyncLookupFunction(table(dir, TestingDimTable.TYPE), 0, 8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0 threads");
    }
}
