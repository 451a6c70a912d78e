package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingRecordingInputFile;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileRange;
import io.pqx.format.footer.RowGroupMetadata;
import io.pqx.format.io.InputFile;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.stats.PageIndexes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.junit.jupiter.api.Test;

/**
 * What {@link RowGroupLoader} reads from the file: whole chunks of the projected leaves only
 * (neighbours in one read) for a full selection or a chunk without offset index; for a partial
 * selection with an offset index, the index plus the dictionary and selected pages, nothing else.
 */
class RowGroupLoaderTest {
    private static final int ROWS = 1000;
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new IntType(false),
                        new BigIntType(),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"a", "b", "c"});

    private static TestingDecodeFiles.Opened file(boolean pageIndex) throws IOException {
        List<GenericRowData> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(
                    GenericRowData.of(
                            i,
                            i % 3 == 0 ? null : (long) i * i,
                            StringData.fromString("value-" + i % 11)));
        }
        return TestingDecodeFiles.open(
                TestingDecodeFiles.write(
                        TYPE,
                        WriteOptions.builder()
                                .pageRowLimit(100)
                                .pageIndexEnabled(pageIndex)
                                .build(),
                        rows));
    }

    private static RowGroupLoader.LoadedChunks load(
            TestingDecodeFiles.Opened file,
            InputFile through,
            ParquetSchema projection,
            RowSelection selection)
            throws IOException {
        return RowGroupLoader.load(
                through,
                file.metadata().rowGroups().get(0),
                projection,
                selection,
                TestingDecodeFiles.LIMITS,
                file.context());
    }

    private static ColumnChunkMetadata chunk(TestingDecodeFiles.Opened file, int leaf) {
        return file.metadata().rowGroups().get(0).columns().get(leaf);
    }

    private static long end(ColumnChunkMetadata chunk) {
        return chunk.startOffset() + chunk.totalCompressedSize();
    }

    @Test
    void fullSelectionReadsTheProjectedChunksWholeInOneReadPerRunOfNeighbours() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        TestingRecordingInputFile recording = new TestingRecordingInputFile(file.file());
        RowGroupLoader.LoadedChunks chunks =
                load(file, recording, file.schema(), RowSelection.all(ROWS));
        assertThat(recording.reads()).hasSize(1);
        assertThat(recording.reads().get(0))
                .containsExactly(chunk(file, 0).startOffset(), end(chunk(file, 2)));
        assertThat(chunks.paged()).isEmpty();
        assertThat(chunks.pages()).containsOnlyKeys(0, 1, 2);
        for (int leaf = 0; leaf < 3; leaf++) {
            assertThat(chunks.pages().get(leaf).getTotalValueCount()).isEqualTo(ROWS);
        }
    }

    @Test
    void aProjectionReadsOnlyItsLeavesChunks() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        TestingRecordingInputFile recording = new TestingRecordingInputFile(file.file());
        RowGroupLoader.LoadedChunks chunks =
                load(file, recording, file.project("c", "a"), RowSelection.all(ROWS));
        assertThat(recording.reads())
                .extracting(r -> r[0] + ".." + r[1])
                .containsExactlyInAnyOrder(
                        chunk(file, 0).startOffset() + ".." + end(chunk(file, 0)),
                        chunk(file, 2).startOffset() + ".." + end(chunk(file, 2)));
        assertThat(recording.bytesRead())
                .isEqualTo(
                        chunk(file, 0).totalCompressedSize()
                                + chunk(file, 2).totalCompressedSize());
        assertThat(chunks.pages()).containsOnlyKeys(0, 2);
    }

    @Test
    void partialSelectionReadsTheOffsetIndexAndOnlyTheSelectedPages() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        ColumnChunkMetadata chunk = chunk(file, 1);
        OffsetIndex index = PageIndexes.readOffsetIndex(file.file(), chunk, file.context());
        assertThat(index.getPageCount()).isEqualTo(10);
        TestingRecordingInputFile recording = new TestingRecordingInputFile(file.file());
        RowSelection selection = RowSelection.of(new long[] {420}, new long[] {430});

        RowGroupLoader.LoadedChunks chunks = load(file, recording, file.project("b"), selection);

        FileRange indexRange = chunk.offsetIndex().orElseThrow();
        List<String> expected = new ArrayList<>();
        expected.add(indexRange.offset() + ".." + (indexRange.offset() + indexRange.length()));
        long dataStart = index.getOffset(0);
        long pageEnd = index.getOffset(4) + index.getCompressedPageSize(4);
        if (dataStart > chunk.startOffset()) { // a dictionary page precedes the data pages
            expected.add(chunk.startOffset() + ".." + dataStart);
        }
        expected.add(index.getOffset(4) + ".." + pageEnd);
        assertThat(recording.reads())
                .extracting(r -> r[0] + ".." + r[1])
                .containsExactlyInAnyOrderElementsOf(expected);
        assertThat(recording.bytesRead()).isLessThan(chunk.totalCompressedSize() / 4);
        assertThat(chunks.paged()).containsExactly(1);
        assertThat(chunks.pages().get(1).getTotalValueCount())
                .as("the values of the loaded page only")
                .isEqualTo(100);
    }

    @Test
    void partialSelectionWithoutAnOffsetIndexReadsWholeChunks() throws IOException {
        TestingDecodeFiles.Opened file = file(false);
        RowGroupMetadata group = file.metadata().rowGroups().get(0);
        assertThat(group.columns().get(1).offsetIndex()).isEmpty();
        TestingRecordingInputFile recording = new TestingRecordingInputFile(file.file());
        RowGroupLoader.LoadedChunks chunks =
                load(
                        file,
                        recording,
                        file.project("b"),
                        RowSelection.of(new long[] {420}, new long[] {430}));
        assertThat(recording.bytesRead()).isEqualTo(chunk(file, 1).totalCompressedSize());
        assertThat(chunks.paged()).isEmpty();
    }

    @Test
    void partialSelectionReadsTheSameRowsWhetherPagedOrWhole() throws IOException {
        RowSelection selection =
                RowSelection.of(new long[] {0, 99, 420, 998}, new long[] {1, 101, 430, 1000});
        TestingDecodeFiles.Opened indexed = file(true);
        TestingDecodeFiles.Opened plain = file(false);
        List<List<Object>> expected = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            expected.add(
                    Arrays.asList((long) i, i % 3 == 0 ? null : (long) i * i, "value-" + i % 11));
        }
        assertThat(indexed.rows(indexed.schema(), selection, 5))
                .isEqualTo(plain.rows(plain.schema(), selection, 5))
                .isEqualTo(TestingDecodeFiles.selected(expected, selection));
    }
}
