package io.pqx.format;

import static io.pqx.format.TestingSelections.open;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A column that repeats nowhere, read through its offset index, takes its value count from the
 * index's rows: a page header that disagrees is refused naming the file, never read as other rows.
 */
class IndexedPageValuesTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("payload", DataTypes.STRING()))
                            .getLogicalType();

    @TempDir Path dir;

    private Path write() throws IOException {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            rows.add(
                    GenericRowData.of(
                            (long) i, i % 7 == 0 ? null : StringData.fromString("p-" + i)));
        }
        Path file = dir.resolve("indexed.parquet");
        TestingWriters.write(
                file,
                TYPE,
                WriteOptions.builder().pageRowLimit(100).dictionaryEnabled(false).build(),
                rows);
        return file;
    }

    /** Rewrites the header of page {@code page} of leaf {@code leaf} to declare {@code values}. */
    private static void declare(Path file, int leaf, int page, int values) throws IOException {
        long offset;
        try (ParquetReader reader = ParquetReader.open(open(file), ReadOptions.defaults())) {
            OffsetIndexView index =
                    ParquetInspector.of(reader).readOffsetIndex(0, leaf).orElseThrow();
            offset = index.offset(page);
        }
        byte[] bytes = Files.readAllBytes(file);
        ByteArrayInputStream in =
                new ByteArrayInputStream(bytes, (int) offset, bytes.length - (int) offset);
        PageHeader header = Util.readPageHeader(in);
        int length = bytes.length - (int) offset - in.available();
        assertThat(header.getData_page_header().getNum_values()).isEqualTo(100);
        header.getData_page_header().setNum_values(values);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writePageHeader(header, out);
        assertThat(out.size()).as("rewritten header length").isEqualTo(length);
        System.arraycopy(out.toByteArray(), 0, bytes, (int) offset, length);
        Files.write(file, bytes);
    }

    @Test
    void readsTheSelectedRowsOfAnUndamagedFile() throws IOException {
        Path file = write();
        try (ParquetReader reader = ParquetReader.open(open(file), ReadOptions.defaults())) {
            List<List<Object>> rows =
                    TestingSelections.readSelected(
                            reader,
                            0,
                            reader.schema(),
                            RowSelection.of(new long[] {2099}, new long[] {2102}));
            assertThat(rows)
                    .containsExactly(
                            List.of(2099L, "p-2099"),
                            Arrays.asList(2100L, null), // every seventh payload is null
                            List.of(2101L, "p-2101"));
        }
    }

    @Test
    void refusesAHeaderDeclaringFewerValuesThanItsRows() throws IOException {
        Path file = write();
        declare(file, 0, 20, 99); // rows 2000..2099
        assertRefused(file, "id", 20, 99);
    }

    @Test
    void refusesAnOptionalLeafsHeaderDeclaringMoreValuesThanItsRows() throws IOException {
        Path file = write();
        declare(file, 1, 21, 101); // rows 2100..2199
        assertRefused(file, "payload", 21, 101);
    }

    private static void assertRefused(Path file, String column, int page, int values)
            throws IOException {
        try (ParquetReader reader = ParquetReader.open(open(file), ReadOptions.defaults())) {
            Throwable thrown =
                    catchThrowable(
                            () ->
                                    TestingSelections.readSelected(
                                            reader,
                                            0,
                                            reader.schema(),
                                            RowSelection.of(new long[] {2099}, new long[] {2102})));
            // the batch iterator hands a failure of a later batch out unchecked
            if (thrown instanceof UncheckedIOException) {
                thrown = thrown.getCause();
            }
            assertThat(thrown)
                    .isInstanceOf(CorruptFileException.class)
                    .hasMessageContaining(
                            "Cannot read page "
                                    + page
                                    + ": its header declares "
                                    + values
                                    + " values where the offset index gives it 100 rows")
                    .hasMessageContaining("indexed.parquet")
                    .hasMessageEndingWith("column " + column + ")");
        }
    }
}
