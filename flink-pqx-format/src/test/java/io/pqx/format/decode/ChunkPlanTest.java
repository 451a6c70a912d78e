package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.stats.PageIndexes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndexBuilder;
import org.junit.jupiter.api.Test;

/**
 * Which byte ranges of a chunk {@link ChunkPlan} reads: the whole chunk, or with an offset index
 * the dictionary page plus exactly the pages holding selected rows, neighbours coalesced into one
 * piece; and the index checks that keep a lying index from steering reads outside the chunk.
 */
class ChunkPlanTest {
    private static final int ROWS = 1000;
    private static final int PAGE_ROWS = 100;
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {new IntType(false), new BigIntType(false)},
                    new String[] {"k", "id"});
    private static final FileContext CTX = FileContext.of("plan.parquet").rowGroup(0).column("k");

    /** Column k (leaf 0) is low-cardinality, so with dictionaries on its chunk starts with one. */
    private static TestingDecodeFiles.Opened file(boolean dictionary) throws IOException {
        List<GenericRowData> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(GenericRowData.of(i % 7, (long) i * 31));
        }
        return TestingDecodeFiles.open(
                TestingDecodeFiles.write(
                        TYPE,
                        WriteOptions.builder()
                                .pageRowLimit(PAGE_ROWS)
                                .dictionaryEnabled(dictionary)
                                .build(),
                        rows));
    }

    private static ColumnChunkMetadata chunk(TestingDecodeFiles.Opened file, int leaf) {
        return file.metadata().rowGroups().get(0).columns().get(leaf);
    }

    private static OffsetIndex index(TestingDecodeFiles.Opened file, int leaf) throws IOException {
        return PageIndexes.readOffsetIndex(file.file(), chunk(file, leaf), CTX);
    }

    private static List<ChunkPlan.Piece> plan(
            TestingDecodeFiles.Opened file, OffsetIndex index, RowSelection selection)
            throws IOException {
        return ChunkPlan.selected(
                chunk(file, 0), index, selection, ROWS, file.file().length(), CTX);
    }

    private static String render(ChunkPlan.Piece p) {
        return "["
                + p.offset()
                + "+"
                + p.length()
                + " page "
                + p.firstPageOrdinal()
                + " rows "
                + (p.firstRows() == null ? "-" : Arrays.toString(p.firstRows()))
                + " counts "
                + (p.rowCounts() == null ? "-" : Arrays.toString(p.rowCounts()))
                + "]";
    }

    private static List<String> render(List<ChunkPlan.Piece> pieces) {
        return pieces.stream().map(ChunkPlanTest::render).toList();
    }

    private static String piece(long offset, long length, int page, long[] rows, int[] counts) {
        return "["
                + offset
                + "+"
                + length
                + " page "
                + page
                + " rows "
                + Arrays.toString(rows)
                + " counts "
                + Arrays.toString(counts)
                + "]";
    }

    @Test
    void wholeChunkIsOnePieceWithoutPageRows() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        ColumnChunkMetadata chunk = chunk(file, 1);
        List<ChunkPlan.Piece> pieces = ChunkPlan.whole(chunk, file.file().length(), CTX);
        assertThat(render(pieces))
                .containsExactly(
                        "["
                                + chunk.startOffset()
                                + "+"
                                + chunk.totalCompressedSize()
                                + " page 0 rows - counts -]");
    }

    @Test
    void selectionReadsTheDictionaryAndTheSelectedPagesCoalescingNeighbours() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        OffsetIndex index = index(file, 0);
        assertThat(index.getPageCount()).as("fixture: one page per 100 rows").isEqualTo(10);
        long start = chunk(file, 0).startOffset();
        assertThat(index.getOffset(0)).as("fixture: a dictionary page first").isGreaterThan(start);
        // page 1 (rows 150..159), pages 2 and 3 (rows 250..319), page 7 (row 700)
        RowSelection selection =
                RowSelection.of(new long[] {150, 250, 700}, new long[] {160, 320, 701});

        List<ChunkPlan.Piece> pieces = plan(file, index, selection);

        long pagesOneToThree = index.getOffset(4) - index.getOffset(1);
        assertThat(render(pieces))
                .containsExactly(
                        piece(start, index.getOffset(0) - start, 0, new long[0], new int[0]),
                        piece(
                                index.getOffset(1),
                                pagesOneToThree,
                                1,
                                new long[] {100, 200, 300},
                                new int[] {100, 100, 100}),
                        piece(
                                index.getOffset(7),
                                index.getCompressedPageSize(7),
                                7,
                                new long[] {700},
                                new int[] {100}));
    }

    @Test
    void aSelectionTouchingEveryPageReadsTheChunkInTwoPieces() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        OffsetIndex index = index(file, 0);
        long[] starts = new long[10];
        long[] ends = new long[10];
        for (int p = 0; p < 10; p++) {
            starts[p] = p * PAGE_ROWS + 99;
            ends[p] = p * PAGE_ROWS + 100;
        }
        List<ChunkPlan.Piece> pieces = plan(file, index, RowSelection.of(starts, ends));
        assertThat(pieces).hasSize(2);
        assertThat(pieces.get(1).firstRows())
                .containsExactly(0, 100, 200, 300, 400, 500, 600, 700, 800, 900);
        assertThat(pieces.stream().mapToLong(ChunkPlan.Piece::length).sum())
                .isEqualTo(chunk(file, 0).totalCompressedSize());
    }

    @Test
    void withoutADictionaryTheFirstPieceIsTheFirstSelectedPage() throws IOException {
        TestingDecodeFiles.Opened file = file(false);
        OffsetIndex index = index(file, 0);
        assertThat(index.getOffset(0)).isEqualTo(chunk(file, 0).startOffset());
        List<ChunkPlan.Piece> pieces =
                plan(file, index, RowSelection.of(new long[] {0, 999}, new long[] {1, 1000}));
        assertThat(render(pieces))
                .containsExactly(
                        piece(
                                index.getOffset(0),
                                index.getCompressedPageSize(0),
                                0,
                                new long[] {0},
                                new int[] {100}),
                        piece(
                                index.getOffset(9),
                                index.getCompressedPageSize(9),
                                9,
                                new long[] {900},
                                new int[] {100}));
    }

    @Test
    void pagesWithAGapBetweenThemAreNotCoalesced() throws IOException {
        TestingDecodeFiles.Opened file = file(false);
        long start = chunk(file, 0).startOffset();
        OffsetIndexBuilder builder = OffsetIndexBuilder.getBuilder();
        builder.add(start, 10, 0);
        builder.add(start + 12, 10, 500);
        List<ChunkPlan.Piece> pieces = plan(file, builder.build(), RowSelection.all(ROWS));
        assertThat(render(pieces))
                .containsExactly(
                        piece(start, 10, 0, new long[] {0}, new int[] {500}),
                        piece(start + 12, 10, 1, new long[] {500}, new int[] {500}));
    }

    @Test
    void overlappingPagesInTheIndexAreCorrupt() throws IOException {
        TestingDecodeFiles.Opened file = file(false);
        long start = chunk(file, 0).startOffset();
        OffsetIndexBuilder builder = OffsetIndexBuilder.getBuilder();
        builder.add(start, 20, 0);
        builder.add(start + 10, 10, 500);
        assertThatThrownBy(() -> plan(file, builder.build(), RowSelection.all(ROWS)))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("Cannot use offset index")
                .hasMessageContaining("page 1 at [" + (start + 10) + ", " + (start + 20) + ")")
                .hasMessageContaining("plan.parquet");
    }

    @Test
    void aPageBeyondTheChunkIsCorrupt() throws IOException {
        TestingDecodeFiles.Opened file = file(false);
        long start = chunk(file, 0).startOffset();
        long end = start + chunk(file, 0).totalCompressedSize();
        OffsetIndexBuilder builder = OffsetIndexBuilder.getBuilder();
        builder.add(start, 10, 0);
        builder.add(end - 5, 10, 500);
        assertThatThrownBy(() -> plan(file, builder.build(), RowSelection.all(ROWS)))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("lies outside the column chunk");
    }

    @Test
    void pageRowsOutOfOrderAreCorrupt() throws IOException {
        TestingDecodeFiles.Opened file = file(false);
        long start = chunk(file, 0).startOffset();
        OffsetIndexBuilder first = OffsetIndexBuilder.getBuilder();
        first.add(start, 10, 3);
        assertThatThrownBy(() -> plan(file, first.build(), RowSelection.all(ROWS)))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("page 0 starts at row 3");
        OffsetIndexBuilder backwards = OffsetIndexBuilder.getBuilder();
        backwards.add(start, 10, 0);
        backwards.add(start + 10, 10, 0);
        assertThatThrownBy(() -> plan(file, backwards.build(), RowSelection.all(ROWS)))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("page 1 starts at row 0");
        OffsetIndexBuilder beyond = OffsetIndexBuilder.getBuilder();
        beyond.add(start, 10, 0);
        beyond.add(start + 10, 10, ROWS);
        assertThatThrownBy(() -> plan(file, beyond.build(), RowSelection.all(ROWS)))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("page 1 starts at row " + ROWS);
    }

    @Test
    void aChunkOutsideTheFileIsCorruptBeforeAnythingIsRead() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        ColumnChunkMetadata chunk = chunk(file, 1);
        long shortFile = chunk.startOffset() + chunk.totalCompressedSize() - 1;
        assertThatThrownBy(() -> ChunkPlan.whole(chunk, shortFile, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("Cannot read column chunk")
                .hasMessageContaining("lies outside the file of " + shortFile + " bytes");
        assertThatThrownBy(
                        () ->
                                ChunkPlan.selected(
                                        chunk(file, 0),
                                        index(file, 0),
                                        RowSelection.all(ROWS),
                                        ROWS,
                                        chunk(file, 0).startOffset(),
                                        CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("lies outside the file");
    }
}
