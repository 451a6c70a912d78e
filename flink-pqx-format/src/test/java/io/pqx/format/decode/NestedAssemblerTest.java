package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link NestedAssembler} builds lists, maps and rows nested in each other with nulls at every
 * level and empty collections, from batches that start and end anywhere and selections that skip
 * rows of several entries each.
 */
class NestedAssemblerTest {
    private static final int ROWS = 600;

    private static TestingDecodeFiles.Opened file(boolean pageIndex) throws IOException {
        return TestingDecodeFiles.open(
                TestingDecodeFiles.write(
                        TestingNestedRows.TYPE,
                        WriteOptions.builder().pageRowLimit(16).pageIndexEnabled(pageIndex).build(),
                        TestingNestedRows.rows(ROWS)));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 64, 4096})
    void nullsAtEveryLevelAndEmptyCollectionsReadBackInBatchesOfAnySize(int batchSize)
            throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        assertThat(file.rows(file.schema(), RowSelection.all(ROWS), batchSize))
                .isEqualTo(TestingNestedRows.expected(ROWS));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 100})
    void selectionsSkipWholeNestedRowsInsideAndAcrossPages(int batchSize) throws IOException {
        // single rows, a range across a page edge, a long range, rows near the end
        RowSelection selection =
                RowSelection.of(
                        new long[] {3, 10, 30, 101, 250, 597},
                        new long[] {4, 12, 35, 240, 251, 600});
        List<List<Object>> expected =
                TestingDecodeFiles.selected(TestingNestedRows.expected(ROWS), selection);
        for (boolean pageIndex : new boolean[] {true, false}) {
            TestingDecodeFiles.Opened file = file(pageIndex);
            assertThat(file.rows(file.schema(), selection, batchSize))
                    .as("page index %s", pageIndex)
                    .isEqualTo(expected);
        }
    }

    @Test
    void eachNestedFieldAssemblesAloneAsInTheWholeRow() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        RowSelection selection = RowSelection.of(new long[] {7, 77}, new long[] {40, 200});
        List<List<Object>> all =
                TestingDecodeFiles.selected(TestingNestedRows.expected(ROWS), selection);
        String[] names = {"id", "l", "m", "r", "lr"};
        for (int f = 1; f < names.length; f++) {
            List<List<Object>> expected = new ArrayList<>();
            for (List<Object> row : all) {
                expected.add(Arrays.asList(row.get(f)));
            }
            assertThat(file.rows(file.project(names[f]), selection, 9))
                    .as(names[f])
                    .isEqualTo(expected);
        }
    }

    @Test
    void aSubFieldOfARowAssemblesWithoutItsSiblings() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        List<List<Object>> expected = new ArrayList<>();
        for (List<Object> row : TestingNestedRows.expected(ROWS)) {
            @SuppressWarnings("unchecked")
            List<Object> r = (List<Object>) row.get(3);
            expected.add(Arrays.asList(r == null ? null : Arrays.asList(r.get(1))));
        }
        assertThat(file.rows(file.project("r.b"), RowSelection.all(ROWS), 50)).isEqualTo(expected);
    }
}
