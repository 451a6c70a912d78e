package io.pqx.format.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import org.junit.jupiter.api.Test;

class RowSelectionTest {

    @Test
    void mergesTouchingRangesAndCountsRows() {
        RowSelection selection = RowSelection.of(new long[] {2, 5, 9}, new long[] {5, 7, 10});
        assertThat(selection.rangeCount()).isEqualTo(2);
        assertThat(selection.start(0)).isEqualTo(2);
        assertThat(selection.end(0)).isEqualTo(7);
        assertThat(selection.rowCount()).isEqualTo(6);
        assertThat(selection.endRow()).isEqualTo(10);
        assertThat(selection).hasToString("RowSelection[[2, 7), [9, 10)]");
    }

    @Test
    void iteratesSelectedRowIndexesFreshEachTime() {
        RowSelection selection = RowSelection.of(new long[] {1, 4}, new long[] {3, 5});
        for (int round = 0; round < 2; round++) {
            List<Long> rows = new ArrayList<>();
            PrimitiveIterator.OfLong it = selection.rowIndexes();
            while (it.hasNext()) {
                rows.add(it.nextLong());
            }
            assertThat(rows).containsExactly(1L, 2L, 4L);
        }
    }

    @Test
    void tellsWhetherARowRangeHoldsASelectedRow() {
        RowSelection selection = RowSelection.of(new long[] {10, 30}, new long[] {20, 31});
        assertThat(selection.overlaps(0, 10)).isFalse();
        assertThat(selection.overlaps(0, 11)).isTrue();
        assertThat(selection.overlaps(19, 25)).isTrue();
        assertThat(selection.overlaps(20, 30)).isFalse();
        assertThat(selection.overlaps(30, 31)).isTrue();
        assertThat(selection.overlaps(31, 100)).isFalse();
        assertThat(selection.overlaps(15, 15)).isFalse();
    }

    @Test
    void allAndNoneCoverTheRowGroupOrNothing() {
        assertThat(RowSelection.all(5).coversAll(5)).isTrue();
        assertThat(RowSelection.of(new long[] {0}, new long[] {4}).coversAll(5)).isFalse();
        assertThat(RowSelection.all(0).rowCount()).isZero();
        assertThat(RowSelection.none().rowIndexes().hasNext()).isFalse();
        assertThat(RowSelection.all(3)).isEqualTo(RowSelection.of(new long[] {0}, new long[] {3}));
    }

    @Test
    void rejectsEmptyUnsortedOrOverlappingRanges() {
        assertThatThrownBy(() -> RowSelection.of(new long[] {3}, new long[] {3}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Cannot select rows: range 0 [3, 3) is empty or negative");
        assertThatThrownBy(() -> RowSelection.of(new long[] {5, 1}, new long[] {8, 2}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot select rows: range 1 [1, 2) is not after the previous range ending at 8");
        assertThatThrownBy(() -> RowSelection.of(new long[] {1}, new long[] {2, 3}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Cannot select rows: 1 starts but 2 ends");
    }
}
