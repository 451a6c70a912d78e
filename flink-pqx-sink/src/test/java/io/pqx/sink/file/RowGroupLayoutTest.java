package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.SortingColumnSpec;
import io.pqx.format.options.WriteOptions;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.options.RowGroupMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Row-group layouts of part files for given inputs, read back from the footers. */
class RowGroupLayoutTest {
    private static final long NO_BYTE_BOUND = 1L << 30;

    @TempDir Path dir;

    private List<Long> layout(long rows, RowGroupLimits cut) throws Exception {
        Path file =
                TestingPartFiles.write(
                        dir,
                        "f.parquet",
                        TestingIdNameRows.TYPE,
                        TestingIdNameRows.ids(0, rows),
                        cut);
        return groupRows(TestingSinkFiles.footer(file));
    }

    private static List<Long> groupRows(FileMetadataView footer) {
        return footer.rowGroups().stream().map(RowGroupView::numRows).toList();
    }

    @Test
    void exactModeCutsEveryGroupAtTheTargetExceptTheLast() throws Exception {
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 100, NO_BYTE_BOUND, 10);
        assertThat(layout(250, cut)).containsExactly(100L, 100L, 50L);
    }

    @Test
    void exactModeWritesNoEmptyTrailingGroup() throws Exception {
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 100, NO_BYTE_BOUND, 10);
        assertThat(layout(300, cut)).containsExactly(100L, 100L, 100L);
    }

    @Test
    void approximateModeSplitsTheTailEvenly() throws Exception {
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.APPROXIMATE, 100, NO_BYTE_BOUND, 10);
        assertThat(layout(250, cut)).containsExactly(100L, 75L, 75L);
        Files.delete(dir.resolve("f.parquet"));
        assertThat(layout(130, cut)).containsExactly(130L);
        Files.delete(dir.resolve("f.parquet"));
        assertThat(layout(350, cut)).containsExactly(100L, 100L, 75L, 75L);
    }

    @Test
    void approximateModeKeepsRowOrder() throws Exception {
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.APPROXIMATE, 100, NO_BYTE_BOUND, 10);
        Path file =
                TestingPartFiles.write(
                        dir,
                        "f.parquet",
                        TestingIdNameRows.TYPE,
                        TestingIdNameRows.ids(0, 350),
                        cut);
        assertThat(TestingSinkFiles.read(file, r -> r.getLong(0)))
                .containsExactlyElementsOf(LongStream.range(0, 350).boxed().toList());
    }

    @Test
    void byteBoundCutsAtTheFloorInBothModes() throws Exception {
        RowGroupLimits exact = new RowGroupLimits(RowGroupMode.EXACT, 1000, 1, 50);
        assertThat(layout(420, exact)).containsExactly(50L, 50L, 50L, 50L, 50L, 50L, 50L, 50L, 20L);
        Files.delete(dir.resolve("f.parquet"));
        RowGroupLimits approx = new RowGroupLimits(RowGroupMode.APPROXIMATE, 1000, 1, 50);
        assertThat(layout(420, approx))
                .containsExactly(50L, 50L, 50L, 50L, 50L, 50L, 50L, 50L, 20L);
    }

    @Test
    void byteBoundCutsLargeGroupsBelowTheTarget() throws Exception {
        // A few encoded bytes per row (~16 raw): a 4 KiB bound cuts long before 100,000 rows, at
        // ~250 rows while the file's compression is unknown, later at ~1,200.
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 100_000, 4096, 10);
        List<Long> groups = layout(5000, cut);
        assertThat(groups).hasSizeGreaterThan(5);
        assertThat(groups.subList(0, groups.size() - 1))
                .allSatisfy(n -> assertThat(n).isBetween(10L, 2000L));
        assertThat(groups.stream().mapToLong(Long::longValue).sum()).isEqualTo(5000L);
    }

    @Test
    void sortByOrdersEachRowGroupAndRecordsSortingColumns() throws Exception {
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 100, NO_BYTE_BOUND, 10);
        SortKey key = new SortKey("id", true, false);
        WriteOptions options =
                WriteOptions.builder()
                        .sortingColumn(new SortingColumnSpec("id", true, false))
                        .build();
        Path file =
                TestingPartFiles.write(
                        dir,
                        "f.parquet",
                        TestingIdNameRows.TYPE,
                        TestingIdNameRows.ids(0, 250),
                        cut,
                        options,
                        RowSorter.of(TestingIdNameRows.TYPE, List.of(key)),
                        2);
        List<Long> expected = new ArrayList<>();
        for (long[] range : new long[][] {{99, 0}, {199, 100}, {249, 200}}) {
            for (long i = range[0]; i >= range[1]; i--) {
                expected.add(i);
            }
        }
        assertThat(TestingSinkFiles.read(file, r -> r.getLong(0)))
                .containsExactlyElementsOf(expected);
        FileMetadataView footer = TestingSinkFiles.footer(file);
        assertThat(groupRows(footer)).containsExactly(100L, 100L, 50L);
        for (RowGroupView group : footer.rowGroups()) {
            assertThat(group.sortingColumns()).hasSize(1);
            assertThat(group.sortingColumns().get(0).columnIndex()).isZero();
            assertThat(group.sortingColumns().get(0).descending()).isTrue();
            assertThat(group.sortingColumns().get(0).nullsFirst()).isFalse();
        }
    }

    @Test
    void fileBytesDoNotDependOnTheNumberOfEncodingThreads() throws Exception {
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 3000, NO_BYTE_BOUND, 10);
        var rows = TestingIdNameRows.ids(0, 40_000);
        Path one =
                TestingPartFiles.write(
                        dir,
                        "one.parquet",
                        TestingIdNameRows.TYPE,
                        rows,
                        cut,
                        WriteOptions.defaults(),
                        null,
                        1);
        Path four =
                TestingPartFiles.write(
                        dir,
                        "four.parquet",
                        TestingIdNameRows.TYPE,
                        rows,
                        cut,
                        WriteOptions.defaults(),
                        null,
                        4);
        assertThat(groupRows(TestingSinkFiles.footer(one))).hasSize(14);
        assertThat(Files.readAllBytes(four)).isEqualTo(Files.readAllBytes(one));
    }
}
