package io.pqx.table.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.source.PqxSource;
import io.pqx.table.lookup.TestingDimTable.DimRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PqxFullCacheInputFormatTest {
    @TempDir Path dir;

    private static PqxFullCacheInputFormat format(Path base, int[] output, Predicate filter) {
        PqxSource<RowData> listing =
                PqxSource.builder()
                        .path(base.toUri().toString())
                        .rowType(TestingDimTable.TYPE)
                        .build();
        return new PqxFullCacheInputFormat(
                new LookupTable(
                        "dim",
                        listing,
                        TestingDimTable.TYPE,
                        List.of(),
                        new int[] {0},
                        output,
                        filter,
                        Duration.ofMinutes(1),
                        1 << 20));
    }

    @Test
    void givesEveryRowOfEveryFileOncePerSplit() throws Exception {
        List<DimRow> rows = TestingDimTable.write(dir, 3_000, 3, 500);
        PqxFullCacheInputFormat format = format(dir, null, null);
        assertThat(format.createInputSplits(1)).hasSize(3);
        List<String> got = new ArrayList<>();
        for (RowData r : format.readAll()) {
            got.add(
                    r.getLong(0)
                            + ", "
                            + r.getInt(1)
                            + ", "
                            + (r.isNullAt(2) ? "null" : r.getString(2).toString())
                            + ", "
                            + r.getDouble(3));
        }
        assertThat(got)
                .containsExactlyInAnyOrderElementsOf(rows.stream().map(DimRow::fields).toList());
    }

    @Test
    void appliesThePushedFilterAndTheProjection() throws Exception {
        TestingDimTable.write(dir, 1_000, 2, 100);
        List<RowData> got = format(dir, new int[] {3, 0}, Predicates.lessThan("k", 20L)).readAll();
        assertThat(got).hasSize(10); // k = 0, 2, 2, 4, ..., 18: rows 0..9 (row 1 repeats k 0)
        assertThat(got.get(0).getArity()).isEqualTo(2);
        assertThat(got).allMatch(r -> r.getLong(1) < 20 && r.getDouble(0) == r.getDouble(0));
    }

    @Test
    void anEmptyTableGivesOneSplitOfNoRows() throws Exception {
        Files.createDirectories(dir.resolve("empty"));
        PqxFullCacheInputFormat format = format(dir.resolve("empty"), null, null);
        assertThat(format.createInputSplits(1)).hasSize(1);
        assertThat(format.readAll()).isEmpty();
    }
}
