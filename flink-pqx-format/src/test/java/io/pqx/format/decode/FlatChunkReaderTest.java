package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.fuzz.FileLayout;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.Compression;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * The bulk path's dictionary: decompressed and decoded only when a page that uses it is read, so a
 * selective read of pages written after the writer fell back from the dictionary never touches it.
 */
class FlatChunkReaderTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(DataTypes.FIELD("s", DataTypes.STRING().notNull()))
                            .getLogicalType();
    private static final int ROWS = 400;

    /**
     * Pages of 50 rows: 20 strings repeated, then unique ones, which fill the small dictionary: the
     * last pages are PLAIN.
     */
    private static byte[] write() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        WriteOptions options =
                WriteOptions.builder()
                        .codec(Compression.UNCOMPRESSED)
                        .pageChecksums(false) // the damage must reach the dictionary's decoding
                        .dictionaryPageSizeBytes(1024)
                        .pageRowLimit(50)
                        .build();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(options)
                        .open(new PositionOutputStream(bytes), "d.parquet")) {
            for (int i = 0; i < ROWS; i++) {
                writer.write(GenericRowData.of(StringData.fromString(value(i))));
            }
        }
        return bytes.toByteArray();
    }

    private static String value(int row) {
        return String.format("value-%05d", row < 200 ? row % 20 : row);
    }

    private static List<String> read(byte[] file, RowSelection selection) throws IOException {
        List<String> rows = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(
                                new ByteArrayInputFile("d.parquet", file), ReadOptions.defaults());
                BatchIterator batches = reader.readRowGroup(0, reader.schema(), selection)) {
            while (batches.hasNext()) {
                VectorizedColumnBatch b = batches.next().columnBatch();
                BytesColumnVector strings = (BytesColumnVector) b.columns[0];
                for (int i = 0; i < b.getNumRows(); i++) {
                    BytesColumnVector.Bytes v = strings.getBytes(i);
                    rows.add(new String(v.data, v.offset, v.len));
                }
            }
        }
        return rows;
    }

    @Test
    void aSelectiveReadOfPlainPagesNeverDecodesTheDictionary() throws IOException {
        byte[] file = write();
        try (ParquetReader reader =
                ParquetReader.open(
                        new ByteArrayInputFile("d.parquet", file), ReadOptions.defaults())) {
            assertThat(reader.metadata().rowGroups().get(0).columns().get(0).encodings())
                    .as("dictionary fallback: dictionary and plain pages")
                    .contains("PLAIN")
                    .containsAnyOf("RLE_DICTIONARY", "PLAIN_DICTIONARY");
        }
        List<String> tail = new ArrayList<>();
        for (int i = 350; i < 360; i++) {
            tail.add(value(i));
        }
        RowSelection plainTail = RowSelection.of(new long[] {350}, new long[] {360});
        assertThat(read(file, plainTail)).isEqualTo(tail);

        // the dictionary's second value claims over 100 MB: decoding it fails
        FileLayout.Page dictionary = FileLayout.of(file).pages().get(0);
        int first = dictionary.body().start();
        int second = first + 4 + le32(file, first);
        file[second + 3] = 0x06;

        assertThat(read(file, plainTail))
                .as("the damaged dictionary is not needed")
                .isEqualTo(tail);
        Throwable thrown = catchThrowable(() -> read(file, RowSelection.all(ROWS)));
        assertThat(refusal(thrown))
                .hasMessageStartingWith("Cannot decode dictionary page: value 1's length prefix")
                .hasMessageContaining("d.parquet");
        // a selection reaching a dictionary-encoded page needs it, and fails the same way
        Throwable selective =
                catchThrowable(() -> read(file, RowSelection.of(new long[] {10}, new long[] {12})));
        assertThat(refusal(selective))
                .hasMessageStartingWith("Cannot decode dictionary page: value 1's length prefix");
    }

    /** The refusal, thrown as it is or (by an iterator) wrapped unchecked. */
    private static CorruptFileException refusal(Throwable thrown) {
        Throwable refused = thrown instanceof UncheckedIOException ? thrown.getCause() : thrown;
        assertThat(refused).isInstanceOf(CorruptFileException.class);
        return (CorruptFileException) refused;
    }

    private static int le32(byte[] b, int at) {
        return (b[at] & 0xFF)
                | (b[at + 1] & 0xFF) << 8
                | (b[at + 2] & 0xFF) << 16
                | (b[at + 3] & 0xFF) << 24;
    }
}
