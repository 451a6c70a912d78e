package io.pqx.format;

import static io.pqx.format.TestingSelections.open;
import static io.pqx.format.TestingSelections.readSelected;
import static io.pqx.format.TestingSelections.subset;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.decode.ColumnarRowIterator;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.prune.RowSelection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;

/**
 * Row selections: exactly the selected rows come back, and pages outside them are not read. (Files
 * parquet-java writes are selected from in e2e-tests' {@code SelectionReaderParquetJavaTest}.)
 */
class SelectionReaderTest {
    @Test
    void returnsExactlyTheSelectedRowsAcrossPageBoundaries() throws Exception {
        Path file = TestingParquetFiles.data("alltypes_tiny_pages.parquet");
        List<List<Object>> all = TestingRowValues.readAll(file, ReadOptions.defaults());
        RowSelection selection =
                RowSelection.of(
                        new long[] {0, 17, 999, 5000, 7299}, new long[] {3, 250, 1601, 5001, 7300});
        try (ParquetReader reader =
                ParquetReader.open(open(file), ReadOptions.builder().batchSize(100).build())) {
            assertThat(readSelected(reader, 0, reader.schema(), selection))
                    .isEqualTo(subset(all, 0, selection));
        }
    }

    @Test
    void readsOnlyTheOffsetIndexesDictionariesAndPagesHoldingSelectedRows() throws Exception {
        Path file = TestingParquetFiles.data("alltypes_tiny_pages.parquet");
        RowSelection selection = RowSelection.of(new long[] {100, 4000}, new long[] {140, 4010});
        try (TestingRecordingInputFile recording = new TestingRecordingInputFile(open(file));
                ParquetReader reader = recording.openWithFooterReadBefore(ReadOptions.defaults())) {
            List<long[]> skippedPages = new ArrayList<>();
            long neededBytes = 0;
            for (int leaf = 0; leaf < reader.schema().leaves().size(); leaf++) {
                ColumnChunkView chunk = reader.metadata().rowGroups().get(0).columns().get(leaf);
                OffsetIndexView index =
                        ParquetInspector.of(reader).readOffsetIndex(0, leaf).orElseThrow();
                neededBytes += chunk.offsetIndex().orElseThrow().length();
                neededBytes += index.offset(0) - chunk.startOffset(); // dictionary page
                for (int p = 0; p < index.pageCount(); p++) {
                    long end = p + 1 < index.pageCount() ? index.firstRowIndex(p + 1) : 7300;
                    long[] bytes = {index.offset(p), index.offset(p) + index.compressedPageSize(p)};
                    if (selection.overlaps(index.firstRowIndex(p), end)) {
                        neededBytes += bytes[1] - bytes[0];
                    } else {
                        skippedPages.add(bytes);
                    }
                }
            }
            assertThat(skippedPages).hasSizeGreaterThan(4000);
            recording.forget();

            List<List<Object>> rows = readSelected(reader, 0, reader.schema(), selection);

            assertThat(rows).hasSize(50);
            for (long[] read : recording.reads()) {
                for (long[] page : skippedPages) {
                    assertThat(read[1] <= page[0] || read[0] >= page[1])
                            .as(
                                    "read [%d, %d) overlaps skipped page [%d, %d)",
                                    read[0], read[1], page[0], page[1])
                            .isTrue();
                }
            }
            assertThat(recording.bytesRead()).isEqualTo(neededBytes);
        }
    }

    @Test
    void decodesAndDropsRowsWhenThereIsNoOffsetIndex() throws Exception {
        for (String name :
                new String[] {
                    "alltypes_plain.parquet",
                    "nullable.impala.parquet",
                    "nested_maps.snappy.parquet"
                }) {
            Path file = TestingParquetFiles.data(name);
            List<List<Object>> all = TestingRowValues.readAll(file, ReadOptions.defaults());
            RowSelection selection = RowSelection.of(new long[] {1, 4}, new long[] {3, 6});
            try (ParquetReader reader =
                    ParquetReader.open(open(file), ReadOptions.builder().batchSize(1).build())) {
                assertThat(reader.metadata().rowGroups().get(0).columns().get(0).offsetIndex())
                        .isEmpty();
                assertThat(readSelected(reader, 0, reader.schema(), selection))
                        .as(name)
                        .isEqualTo(subset(all, 0, selection));
            }
        }
    }

    @Test
    void emptySelectionReadsNoPage() throws Exception {
        Path file = TestingParquetFiles.data("alltypes_tiny_pages.parquet");
        try (TestingRecordingInputFile recording = new TestingRecordingInputFile(open(file));
                ParquetReader reader = ParquetReader.open(recording, ReadOptions.defaults())) {
            recording.forget();
            try (BatchIterator batches =
                    reader.readRowGroup(0, reader.schema(), RowSelection.none())) {
                assertThat(batches.hasNext()).isFalse();
            }
            assertThat(recording.reads()).isEmpty();
        }
    }

    @Test
    void rowIteratorReusesOneRowObject() throws Exception {
        Path file = TestingParquetFiles.data("alltypes_plain.parquet");
        try (ParquetReader reader = ParquetReader.open(open(file), ReadOptions.defaults());
                ColumnarRowIterator it = (ColumnarRowIterator) reader.rows(reader.schema())) {
            RowData first = it.next();
            RowData second = it.next();
            assertThat(second).isSameAs(first);
        }
    }
}
