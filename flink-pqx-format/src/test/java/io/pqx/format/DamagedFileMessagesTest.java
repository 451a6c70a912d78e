package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.fuzz.FileLayout;
import io.pqx.format.fuzz.FuzzOutcome;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.Compression;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Random;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

/**
 * The damaged files of the mutation fuzzer's findings, rebuilt from files pqx writes: each is
 * refused with a {@link CorruptFileException} in pqx's words, naming the file, with no decoder's
 * unchecked exception as its message or anywhere in its cause chain.
 */
class DamagedFileMessagesTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(DataTypes.FIELD("s", DataTypes.STRING().notNull()))
                            .getLogicalType();

    /** A file without page CRCs: the damage must reach the decoders, not the CRC check. */
    private static byte[] write(WriteOptions options) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        WriteOptions noChecksums = options.toBuilder().pageChecksums(false).build();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(noChecksums)
                        .open(new PositionOutputStream(bytes), "d.parquet")) {
            for (int i = 0; i < 50; i++) {
                writer.write(GenericRowData.of(StringData.fromString("value " + (i % 5))));
            }
        }
        return bytes.toByteArray();
    }

    private static CorruptFileException readFailure(byte[] file, String name) {
        Throwable thrown =
                catchThrowable(
                        () -> {
                            try (ParquetReader reader =
                                            ParquetReader.open(
                                                    new ByteArrayInputFile(name, file),
                                                    ReadOptions.defaults());
                                    CloseableIterator<RowData> it = reader.rows(reader.schema())) {
                                it.forEachRemaining(row -> row.getString(0));
                            }
                        });
        assertThat(thrown)
                .isInstanceOf(UncheckedIOException.class)
                .hasCauseInstanceOf(CorruptFileException.class);
        CorruptFileException refused = (CorruptFileException) thrown.getCause();
        assertThat(FuzzOutcome.uncheckedInChain(refused)).isNull();
        return refused;
    }

    private static int le32(byte[] b, int at) {
        return (b[at] & 0xFF)
                | (b[at + 1] & 0xFF) << 8
                | (b[at + 2] & 0xFF) << 16
                | (b[at + 3] & 0xFF) << 24;
    }

    @Test
    void aFlippedBitInAPlainValuesLengthPrefix() throws IOException {
        byte[] file =
                write(
                        WriteOptions.builder()
                                .codec(Compression.UNCOMPRESSED)
                                .dictionaryEnabled(false)
                                .build());
        FileLayout.Region body = FileLayout.of(file).pages().get(0).body();
        int length = le32(file, body.start());
        file[body.start() + 2] ^= 0x10; // the first value's length grows by 2^20
        assertThat(readFailure(file, "bit.parquet"))
                .hasMessage(
                        "Cannot decode page 0: value 0's length prefix says "
                                + (length + (1 << 20))
                                + " bytes; "
                                + (body.length() - 4)
                                + " are left (bit.parquet, row group 0,"
                                + " column s)");
    }

    @Test
    void aDictionaryPageWhoseValuesRunPastItsBytes() throws IOException {
        byte[] file = write(WriteOptions.builder().codec(Compression.UNCOMPRESSED).build());
        FileLayout.Page dictionary = FileLayout.of(file).pages().get(0);
        int second = dictionary.body().start() + 4 + le32(file, dictionary.body().start());
        file[second + 3] = 0x06; // the second value's length: over 100 MB
        int claimed = le32(file, second);
        assertThat(readFailure(file, "dict.parquet"))
                .hasMessage(
                        "Cannot decode dictionary page: value 1's length"
                                + " prefix says "
                                + claimed
                                + " bytes; "
                                + (dictionary.body().end() - second - 4)
                                + " are left"
                                + " (dict.parquet, row group 0, column s)");
    }

    @Test
    void noiseOverACompressedPage() throws IOException {
        byte[] file =
                write(
                        WriteOptions.builder()
                                .codec(Compression.ZSTD)
                                .dictionaryEnabled(false)
                                .build());
        FileLayout.Region body = FileLayout.of(file).pages().get(0).body();
        Random random = new Random(3);
        for (int i = body.start(); i < body.end(); i++) {
            file[i] = (byte) random.nextInt(256);
        }
        assertThat(readFailure(file, "zstd.parquet").getMessage())
                .startsWith("Cannot decompress page 0: ZSTD data is malformed")
                .endsWith("(zstd.parquet, row group 0, column s)");
    }
}
