package io.pqx.format.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.index.PageLocation;
import io.pqx.format.index.PhysicalType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class TrustedPageIndexTest {
    private static final ChunkStatisticsView NONE =
            ChunkStatisticsView.unbounded(PhysicalType.INT32, OptionalLong.empty(), "test");

    private static OffsetIndexView offsets(long... firstRows) {
        List<PageLocation> pages = new ArrayList<>();
        for (int p = 0; p < firstRows.length; p++) {
            pages.add(new PageLocation(100 + 10L * p, 10, firstRows[p]));
        }
        return OffsetIndexView.of(pages);
    }

    @Test
    void pagesTileTheRowGroup() {
        TrustedPageIndex index =
                TrustedPageIndex.of(
                        offsets(0, 50, 120),
                        200,
                        new boolean[] {false, true, false},
                        Collections.nCopies(3, NONE));
        assertThat(index.pageCount()).isEqualTo(3);
        assertThat(index.rowCount(0)).isEqualTo(50);
        assertThat(index.endRow(2)).isEqualTo(200);
        assertThat(index.isNullPage(1)).isTrue();
        assertThat(index.pageOf(0)).isZero();
        assertThat(index.pageOf(119)).isEqualTo(1);
        assertThat(index.pageOf(120)).isEqualTo(2);
        assertThat(index.pageOf(199)).isEqualTo(2);
        assertThatThrownBy(() -> index.pageOf(200)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void refusesPageCountsThatDisagree() {
        assertThatThrownBy(
                        () ->
                                TrustedPageIndex.of(
                                        offsets(0, 50),
                                        100,
                                        new boolean[3],
                                        Collections.nCopies(3, NONE)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("offset index lists 2 pages, the column index 3");
    }

    @Test
    void refusesPagesThatDoNotTileTheRowGroup() {
        assertThatThrownBy(
                        () ->
                                TrustedPageIndex.of(
                                        offsets(1, 50),
                                        100,
                                        new boolean[2],
                                        Collections.nCopies(2, NONE)))
                .hasMessageContaining("page 0 starts at row 1");
        assertThatThrownBy(
                        () ->
                                TrustedPageIndex.of(
                                        offsets(0, 50, 50),
                                        100,
                                        new boolean[3],
                                        Collections.nCopies(3, NONE)))
                .hasMessageContaining("page 2 starts at row 50");
        assertThatThrownBy(
                        () ->
                                TrustedPageIndex.of(
                                        offsets(0, 100),
                                        100,
                                        new boolean[2],
                                        Collections.nCopies(2, NONE)))
                .hasMessageContaining("page 1 starts at row 100");
        assertThatThrownBy(
                        () ->
                                TrustedPageIndex.of(
                                        offsets(0),
                                        0,
                                        new boolean[1],
                                        Collections.nCopies(1, NONE)))
                .hasMessageContaining("proves nothing");
    }
}
