package io.pqx.format;

import static io.pqx.format.TestingSelections.open;
import static io.pqx.format.TestingSelections.subset;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.index.ColumnIndexView;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.RangeReadPolicy;
import io.pqx.format.metadata.ByteRange;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.LeafPageIndex;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.metadata.TrustedPageIndex;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.PageIndexSource;
import io.pqx.format.prune.RowSelection;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * {@link ParquetReader#readPageIndexes}: every leaf's column and offset index in one read, the
 * trusted page evidence, bad indexes as failures (never exceptions), and {@code readRowGroup} with
 * indexes read before, which does not read them again.
 */
class ParquetReaderPageIndexesTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("i", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("s", DataTypes.STRING()),
                                    DataTypes.FIELD("d", DataTypes.DOUBLE()))
                            .getLogicalType();
    private static final int ROWS = 1000;

    static byte[] file(WriteOptions options) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE).options(options).open(out, "mem://indexes")) {
            for (int k = 0; k < ROWS; k++) {
                GenericRowData row = new GenericRowData(3);
                row.setField(0, k);
                row.setField(
                        1,
                        k % 10 == 0
                                ? null
                                : StringData.fromString("x".repeat(70) + String.format("%05d", k)));
                row.setField(2, k % 7 == 0 ? Double.NaN : (k % 2 == 0 ? -0.0 : k * 1.5));
                writer.write(row);
            }
            writer.finish();
        }
        return out.toByteArray();
    }

    private static WriteOptions tinyPages() {
        return WriteOptions.builder().rowGroupRows(500).pageRowLimit(50).build();
    }

    @Test
    void readsEveryLeafsIndexesInOneReadAsTheSingleReadsDo() throws Exception {
        byte[] bytes = file(tinyPages());
        try (TestingRecordingInputFile recording =
                        new TestingRecordingInputFile(new ByteArrayInputFile("f", bytes));
                ParquetReader reader = recording.openWithFooterReadBefore(ReadOptions.defaults())) {
            for (int g = 0; g < 2; g++) {
                recording.forget();
                RowGroupPageIndexes indexes = reader.readPageIndexes(g, reader.schema());
                assertThat(recording.reads()).hasSize(1);
                assertThat(indexes.rowGroup()).isEqualTo(g);
                assertThat(indexes.leafIndexes()).containsExactly(0, 1, 2);
                for (int leaf = 0; leaf < 3; leaf++) {
                    LeafPageIndex found = indexes.leaf(leaf).orElseThrow();
                    assertThat(found.failures()).isEmpty();
                    ColumnIndexView expectedColumns =
                            ParquetInspector.of(reader).readColumnIndex(g, leaf).orElseThrow();
                    OffsetIndexView expectedOffsets =
                            ParquetInspector.of(reader).readOffsetIndex(g, leaf).orElseThrow();
                    assertThat(found.offsetIndex().orElseThrow().pages())
                            .isEqualTo(expectedOffsets.pages());
                    ColumnIndexView columns = found.columnIndex().orElseThrow();
                    assertThat(columns.pageCount())
                            .isEqualTo(10)
                            .isEqualTo(expectedColumns.pageCount());
                    for (int p = 0; p < columns.pageCount(); p++) {
                        assertThat(columns.minBytes(p)).isEqualTo(expectedColumns.minBytes(p));
                        assertThat(columns.maxBytes(p)).isEqualTo(expectedColumns.maxBytes(p));
                    }
                    TrustedPageIndex trusted = found.trusted().orElseThrow();
                    assertThat(trusted.pageCount()).isEqualTo(10);
                    assertThat(trusted.firstRow(3)).isEqualTo(150);
                    assertThat(trusted.endRow(9)).isEqualTo(500);
                    assertThat(trusted.pageOf(149)).isEqualTo(2);
                }
            }
        }
    }

    @Test
    void indexesInTheFootersTailReadAreServedFromItWithNoReadOfTheirOwn() throws Exception {
        byte[] bytes = file(tinyPages());
        ParquetFooter footer;
        List<RowGroupPageIndexes> fromFile = new ArrayList<>();
        try (ParquetReader reader =
                ParquetReader.open(new ByteArrayInputFile("f", bytes), ReadOptions.defaults())) {
            footer = reader.footer();
        }
        // opened with a footer read before: nothing held, each row group's indexes one read
        try (TestingRecordingInputFile recording =
                        new TestingRecordingInputFile(new ByteArrayInputFile("f", bytes));
                ParquetReader reader =
                        ParquetReader.open(recording, footer, ReadOptions.defaults())) {
            for (int g = 0; g < 2; g++) {
                fromFile.add(reader.readPageIndexes(g, reader.schema()));
            }
            assertThat(recording.reads()).hasSize(2);
        }
        // opened reading the footer: the tail read (64 KiB, this whole small file) holds the
        // footer and the indexes
        try (TestingRecordingInputFile recording =
                        new TestingRecordingInputFile(
                                new ByteArrayInputFile("f", bytes), RangeReadPolicy.REMOTE);
                ParquetReader reader = ParquetReader.open(recording, ReadOptions.defaults())) {
            assertThat(recording.reads()).hasSize(1);
            assertThat(recording.reads().get(0)).containsExactly(0, bytes.length);
            for (int g = 0; g < 2; g++) {
                RowGroupPageIndexes indexes = reader.readPageIndexes(g, reader.schema());
                RowGroupPageIndexes expected = fromFile.get(g);
                for (int leaf = 0; leaf < 3; leaf++) {
                    LeafPageIndex found = indexes.leaf(leaf).orElseThrow();
                    LeafPageIndex read = expected.leaf(leaf).orElseThrow();
                    assertThat(found.failures()).isEmpty();
                    assertThat(found.offsetIndex().orElseThrow().pages())
                            .isEqualTo(read.offsetIndex().orElseThrow().pages());
                    ColumnIndexView columns = found.columnIndex().orElseThrow();
                    ColumnIndexView readColumns = read.columnIndex().orElseThrow();
                    assertThat(columns.pageCount()).isEqualTo(10);
                    for (int p = 0; p < columns.pageCount(); p++) {
                        assertThat(columns.minBytes(p)).isEqualTo(readColumns.minBytes(p));
                        assertThat(columns.maxBytes(p)).isEqualTo(readColumns.maxBytes(p));
                    }
                    assertThat(found.trusted().orElseThrow().firstRow(3)).isEqualTo(150);
                }
            }
            assertThat(recording.reads()).as("no read after the footer's").hasSize(1);
        }
    }

    @Test
    void trustedPageBoundsFollowTheChunkStatisticsRules() throws Exception {
        try (ParquetReader reader =
                ParquetReader.open(
                        new ByteArrayInputFile("f", file(tinyPages())), ReadOptions.defaults())) {
            RowGroupPageIndexes indexes = reader.readPageIndexes(1, reader.schema());
            TrustedPageIndex ints = indexes.trusted(0).orElseThrow();
            ChunkStatisticsView page = ints.statistics(2);
            assertThat(page.hasMinMax()).isTrue();
            assertThat(page.min()).isEqualTo(600);
            assertThat(page.max()).isEqualTo(649);
            assertThat(page.minExact()).isTrue();
            assertThat(page.nullCount()).hasValue(0);
            // strings longer than the 64-byte truncation: bounds stay, never exact
            ChunkStatisticsView strings = indexes.trusted(1).orElseThrow().statistics(0);
            assertThat(strings.hasMinMax()).isTrue();
            assertThat(strings.minExact()).isFalse();
            assertThat(strings.maxExact()).isFalse();
            assertThat(strings.nullCount()).hasValue(5);
            // zeros widened: a page holding -0.0 and positive values has a min of -0.0
            ChunkStatisticsView doubles = indexes.trusted(2).orElseThrow().statistics(0);
            assertThat(doubles.hasMinMax()).isTrue();
            assertThat(Double.doubleToRawLongBits((Double) doubles.min()))
                    .isEqualTo(Double.doubleToRawLongBits(-0.0));
        }
    }

    @Test
    void aFileWithoutPageIndexesHasNoneAndNoFailures() throws Exception {
        byte[] bytes = file(tinyPages().toBuilder().pageIndexEnabled(false).build());
        try (TestingRecordingInputFile recording =
                        new TestingRecordingInputFile(new ByteArrayInputFile("f", bytes));
                ParquetReader reader = ParquetReader.open(recording, ReadOptions.defaults())) {
            recording.forget();
            RowGroupPageIndexes indexes = reader.readPageIndexes(0, reader.schema());
            assertThat(recording.reads()).isEmpty();
            for (int leaf = 0; leaf < 3; leaf++) {
                LeafPageIndex found = indexes.leaf(leaf).orElseThrow();
                assertThat(found.columnIndex()).isEmpty();
                assertThat(found.offsetIndex()).isEmpty();
                assertThat(found.trusted()).isEmpty();
                assertThat(found.failures()).isEmpty();
            }
        }
    }

    @Test
    void aMalformedIndexIsAFailureOfThatLeafOnly() throws Exception {
        byte[] bytes = file(tinyPages());
        ColumnChunkView chunk;
        try (ParquetReader reader =
                ParquetReader.open(new ByteArrayInputFile("f", bytes), ReadOptions.defaults())) {
            chunk = reader.metadata().rowGroups().get(0).columns().get(1);
        }
        ByteRange column = chunk.columnIndex().orElseThrow();
        ByteRange offsets = chunk.offsetIndex().orElseThrow();
        Arrays.fill(
                bytes,
                (int) column.offset(),
                (int) (column.offset() + column.length()),
                (byte) 0xFF);
        Arrays.fill(
                bytes,
                (int) offsets.offset(),
                (int) (offsets.offset() + offsets.length()),
                (byte) 0x07);
        try (ParquetReader reader =
                ParquetReader.open(new ByteArrayInputFile("f", bytes), ReadOptions.defaults())) {
            RowGroupPageIndexes indexes = reader.readPageIndexes(0, reader.schema());
            LeafPageIndex broken = indexes.leaf(1).orElseThrow();
            assertThat(broken.columnIndex()).isEmpty();
            assertThat(broken.offsetIndex()).isEmpty();
            assertThat(broken.trusted()).isEmpty();
            assertThat(broken.failures()).hasSize(2);
            assertThat(broken.failures().get(0))
                    .hasMessageStartingWith("Cannot read offset index")
                    .hasMessageContaining("row group 0")
                    .hasMessageContaining("s");
            assertThat(broken.failures().get(1)).hasMessageStartingWith("Cannot read column index");
            assertThat(indexes.trusted(0)).isPresent();
            assertThat(indexes.trusted(2)).isPresent();
            // the decoder still reads the rows, planning pages from the intact indexes
            RowSelection selection = RowSelection.of(new long[] {120}, new long[] {130});
            ReadSchema projection = reader.project(List.of("i", "d"));
            List<List<Object>> rows = read(reader, 0, projection, selection, indexes);
            assertThat(rows).hasSize(10);
            assertThat(rows.get(0).get(0)).isEqualTo(120L);
        }
    }

    @Test
    void readRowGroupWithKnownIndexesReadsNoOffsetIndexAgainAndReturnsTheSameRows()
            throws Exception {
        byte[] bytes = file(tinyPages());
        RowSelection selection =
                RowSelection.of(new long[] {3, 260, 499}, new long[] {40, 270, 500});
        try (TestingRecordingInputFile recording =
                        new TestingRecordingInputFile(new ByteArrayInputFile("f", bytes));
                ParquetReader reader =
                        recording.openWithFooterReadBefore(
                                ReadOptions.builder().batchSize(7).build())) {
            ReadSchema projection = reader.schema();
            List<List<Object>> all = read(reader, 0, projection, RowSelection.all(500), null);
            RowGroupPageIndexes indexes = reader.readPageIndexes(0, projection);
            recording.forget();
            List<List<Object>> rows = read(reader, 0, projection, selection, indexes);
            assertThat(rows).isEqualTo(subset(all, 0, selection));
            List<long[]> indexRanges = new ArrayList<>();
            for (ColumnChunkView chunk : reader.metadata().rowGroups().get(0).columns()) {
                ByteRange r = chunk.offsetIndex().orElseThrow();
                indexRanges.add(new long[] {r.offset(), r.offset() + r.length()});
            }
            assertThat(recording.reads()).isNotEmpty();
            for (long[] read : recording.reads()) {
                for (long[] index : indexRanges) {
                    assertThat(read[1] <= index[0] || read[0] >= index[1])
                            .as(
                                    "read [%d, %d) overlaps offset index [%d, %d)",
                                    read[0], read[1], index[0], index[1])
                            .isTrue();
                }
            }
            // the plain overload reads the offset indexes itself
            recording.forget();
            assertThat(read(reader, 0, projection, selection, null)).isEqualTo(rows);
            boolean readAnIndex =
                    recording.reads().stream()
                            .anyMatch(
                                    read ->
                                            indexRanges.stream()
                                                    .anyMatch(
                                                            index ->
                                                                    read[0] < index[1]
                                                                            && read[1] > index[0]));
            assertThat(readAnIndex).isTrue();
        }
    }

    @Test
    void scanRowGroupWithKnownIndexesReadsNoOffsetIndexAgainAndKeepsTheSameRows() throws Exception {
        byte[] bytes = file(tinyPages());
        RowSelection selection = RowSelection.of(new long[] {3, 260}, new long[] {240, 500});
        try (TestingRecordingInputFile recording =
                        new TestingRecordingInputFile(new ByteArrayInputFile("f", bytes));
                ParquetReader reader =
                        ParquetReader.open(recording, ReadOptions.builder().batchSize(7).build())) {
            ReadSchema ints = reader.project(List.of("i"));
            RowFilter everyThirteenth =
                    new RowFilter() {
                        @Override
                        public ReadSchema columns() {
                            return ints;
                        }

                        @Override
                        public int filter(ParquetBatch batch, boolean[] keep) {
                            int kept = 0;
                            for (int k = 0; k < batch.numRows(); k++) {
                                keep[k] =
                                        batch.column(0).isNullAt(k)
                                                ? false
                                                : ((org.apache.flink.table.data.columnar.vector
                                                                                        .IntColumnVector)
                                                                                batch.column(0))
                                                                        .getInt(k)
                                                                % 13
                                                        == 0;
                                kept += keep[k] ? 1 : 0;
                            }
                            return kept;
                        }
                    };
            List<List<Object>> expected = scan(reader, selection, everyThirteenth, null);
            assertThat(expected).hasSize(37);
            RowGroupPageIndexes indexes = reader.readPageIndexes(0, reader.schema());
            recording.forget();
            assertThat(scan(reader, selection, everyThirteenth, indexes)).isEqualTo(expected);
            for (long[] read : recording.reads()) {
                for (ColumnChunkView chunk : reader.metadata().rowGroups().get(0).columns()) {
                    ByteRange index = chunk.offsetIndex().orElseThrow();
                    assertThat(
                                    read[1] <= index.offset()
                                            || read[0] >= index.offset() + index.length())
                            .as("read [%d, %d) overlaps an offset index", read[0], read[1])
                            .isTrue();
                }
            }
        }
    }

    private static List<List<Object>> scan(
            ParquetReader reader,
            RowSelection selection,
            RowFilter filter,
            RowGroupPageIndexes known)
            throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        ReadSchema projection = reader.schema();
        try (BatchIterator batches =
                known == null
                        ? reader.scanRowGroup(0, projection, selection, filter)
                        : reader.scanRowGroup(0, projection, selection, filter, known)) {
            while (batches.hasNext()) {
                VectorizedColumnBatch b = batches.next().columnBatch();
                for (int i = 0; i < b.getNumRows(); i++) {
                    rows.add(TestingRowValues.of(new ColumnarRowData(b, i), projection.rowType()));
                }
            }
        }
        return rows;
    }

    @Test
    void readRowGroupRefusesTheIndexesOfAnotherRowGroup() throws Exception {
        try (ParquetReader reader =
                ParquetReader.open(
                        new ByteArrayInputFile("f", file(tinyPages())), ReadOptions.defaults())) {
            RowGroupPageIndexes indexes = reader.readPageIndexes(1, reader.schema());
            assertThatThrownBy(
                            () ->
                                    reader.readRowGroup(
                                            0, reader.schema(), RowSelection.all(500), indexes))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("page indexes of row group 1");
        }
    }

    @Test
    void thePageIndexSourceReadsEachRowGroupOnce() throws Exception {
        byte[] bytes = file(tinyPages());
        try (TestingRecordingInputFile recording =
                        new TestingRecordingInputFile(new ByteArrayInputFile("f", bytes));
                ParquetReader reader = recording.openWithFooterReadBefore(ReadOptions.defaults())) {
            PageIndexSource source = reader.pageIndexSource(List.of(0, 2));
            recording.forget();
            RowGroupPageIndexes first = source.pageIndexes(1).orElseThrow();
            assertThat(source.pageIndexes(1).orElseThrow()).isSameAs(first);
            assertThat(recording.reads()).hasSize(1);
            assertThat(first.leafIndexes()).containsExactly(0, 2);
            assertThat(first.leaf(1)).isEmpty();
        }
    }

    @Test
    void readsTheCorpusFileWithTinyPagesInOneRead() throws Exception {
        Path file = TestingParquetFiles.data("alltypes_tiny_pages.parquet");
        try (TestingRecordingInputFile recording = new TestingRecordingInputFile(open(file));
                ParquetReader reader = ParquetReader.open(recording, ReadOptions.defaults())) {
            recording.forget();
            RowGroupPageIndexes indexes = reader.readPageIndexes(0, reader.schema());
            assertThat(recording.reads()).hasSize(1);
            long withEvidence =
                    IntStream.range(0, reader.schema().leaves().size())
                            .filter(leaf -> indexes.trusted(leaf).isPresent())
                            .count();
            assertThat(withEvidence).isGreaterThan(5);
            for (int leaf : indexes.leafIndexes()) {
                assertThat(indexes.leaf(leaf).orElseThrow().failures())
                        .as("leaf " + leaf)
                        .isEmpty();
            }
        }
    }

    private static List<List<Object>> read(
            ParquetReader reader,
            int rowGroup,
            ReadSchema projection,
            RowSelection selection,
            RowGroupPageIndexes known)
            throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (BatchIterator batches =
                known == null
                        ? reader.readRowGroup(rowGroup, projection, selection)
                        : reader.readRowGroup(rowGroup, projection, selection, known)) {
            while (batches.hasNext()) {
                VectorizedColumnBatch b = batches.next().columnBatch();
                for (int i = 0; i < b.getNumRows(); i++) {
                    RowData row = new ColumnarRowData(b, i);
                    rows.add(TestingRowValues.of(row, projection.rowType()));
                }
            }
        }
        return rows;
    }
}
