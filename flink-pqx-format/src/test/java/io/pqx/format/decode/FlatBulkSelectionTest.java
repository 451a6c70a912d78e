package io.pqx.format.decode;

import static io.pqx.format.decode.TestingFlatReads.PAGE_ROWS;
import static io.pqx.format.decode.TestingFlatReads.isNull;
import static io.pqx.format.decode.TestingFlatReads.read;
import static io.pqx.format.decode.TestingFlatReads.rowType;
import static io.pqx.format.decode.TestingFlatReads.value;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Flat columns of every type the fast path decodes, nullable with nulls at page edges and whole
 * null pages, in chunks that mix dictionary and plain pages (the dictionary fills up): full reads
 * and random row selections must return the same rows with the fast path on and off, and the full
 * read must return what was written.
 */
class FlatBulkSelectionTest {
    private static final int ROWS = 3000;

    @TempDir Path dir;

    @AfterEach
    void restore() {
        FlatChunkReader.enabled = true;
    }

    private Path write(PageVersion version, Compression codec) throws Exception {
        Path file = dir.resolve("flat-" + version + "-" + codec + ".parquet");
        WriteOptions options =
                WriteOptions.builder()
                        .pageVersion(version)
                        .codec(codec)
                        .pageRowLimit(PAGE_ROWS)
                        .dictionaryPageSizeBytes(8192)
                        .build();
        RowType type = rowType();
        Random random = new Random(version.ordinal());
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (int row = 0; row < ROWS; row++) {
                GenericRowData data = new GenericRowData(type.getFieldCount());
                for (int c = 0; c < type.getFieldCount(); c++) {
                    data.setField(c, isNull(row, c, random) ? null : value(row, c));
                }
                writer.write(data);
            }
        }
        return file;
    }

    @ParameterizedTest
    @EnumSource(PageVersion.class)
    void selectionsReadTheSameRowsWithAndWithoutTheFastPath(PageVersion version) throws Exception {
        for (Compression codec : new Compression[] {Compression.UNCOMPRESSED, Compression.SNAPPY}) {
            Path file = write(version, codec);
            try (ParquetReader reader =
                    ParquetReader.open(
                            FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                            ReadOptions.defaults())) {
                assertThat(reader.metadata().rowGroups()).hasSize(1);
                ColumnChunkView high = reader.metadata().rowGroups().get(0).columns().get(7);
                assertThat(high.encodings())
                        .as("dictionary fallback: dictionary and plain pages")
                        .contains("PLAIN")
                        .containsAnyOf("RLE_DICTIONARY", "PLAIN_DICTIONARY");
            }
            List<String> all = read(file, RowSelection.all(ROWS), 37);
            assertThat(all).hasSize(ROWS);
            Random expectedNulls = new Random(version.ordinal());
            RowType type = rowType();
            for (int row = 0; row < ROWS; row++) {
                GenericRowData data = new GenericRowData(type.getFieldCount());
                for (int c = 0; c < type.getFieldCount(); c++) {
                    data.setField(c, isNull(row, c, expectedNulls) ? null : value(row, c));
                }
                assertThat(all.get(row))
                        .as("row %d", row)
                        .isEqualTo(TestingFlatReads.render(data, type));
            }
            FlatChunkReader.enabled = false;
            assertThat(read(file, RowSelection.all(ROWS), 37)).isEqualTo(all);
            Random random = new Random(42);
            for (int round = 0; round < 12; round++) {
                // every third round: single rows scattered over every page (a selective filter's
                // survivors), read stretch by stretch from lazily decoded pages
                RowSelection selection =
                        round % 3 == 0 ? scatteredRows(random) : randomSelection(random);
                FlatChunkReader.enabled = false;
                List<String> expected = read(file, selection, 29 + round);
                FlatChunkReader.enabled = true;
                List<String> actual = read(file, selection, 29 + round);
                assertThat(actual).as("%s %s %s", version, codec, selection).isEqualTo(expected);
                List<String> subset = new ArrayList<>();
                for (int r = 0; r < selection.rangeCount(); r++) {
                    for (long i = selection.start(r); i < selection.end(r); i++) {
                        subset.add(all.get((int) i));
                    }
                }
                assertThat(actual).isEqualTo(subset);
            }
        }
    }

    private static RowSelection scatteredRows(Random random) {
        List<Long> rows = new ArrayList<>();
        for (long at = random.nextInt(40); at < ROWS; at += 1 + random.nextInt(150)) {
            rows.add(at);
        }
        return RowSelection.of(
                rows.stream().mapToLong(Long::longValue).toArray(),
                rows.stream().mapToLong(r -> r + 1).toArray());
    }

    private static RowSelection randomSelection(Random random) {
        List<Long> starts = new ArrayList<>();
        List<Long> ends = new ArrayList<>();
        long at = random.nextInt(120);
        while (at < ROWS) {
            long end = Math.min(ROWS, at + 1 + random.nextInt(random.nextBoolean() ? 5 : 180));
            starts.add(at);
            ends.add(end);
            at = end + 1 + random.nextInt(random.nextBoolean() ? 3 : 400);
        }
        return RowSelection.of(
                starts.stream().mapToLong(Long::longValue).toArray(),
                ends.stream().mapToLong(Long::longValue).toArray());
    }
}
