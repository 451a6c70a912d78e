package io.pqx.source.reader;

import static io.pqx.source.reader.PqxSplitReaderTest.readAll;
import static io.pqx.source.reader.PqxSplitReaderTest.split;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetWriter;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.options.WriteOptions;
import io.pqx.source.crypto.ExplicitDecryption;
import io.pqx.source.reader.PqxSplitReaderTest.Emitted;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a split reader reads of encrypted files when it lacks some of their keys. */
class PqxSplitReaderEncryptedTest {
    @TempDir Path dir;

    /**
     * A read of partition columns only decodes one file column for the row counts: one it can
     * decrypt, not an encrypted first column whose key it was not given (which would refuse a read
     * that needs none of its values); with no such column, the refusal names the first.
     */
    @Test
    void aReadOfPartitionColumnsOnlyCountsRowsWithAColumnItCanDecrypt() throws Exception {
        byte[] footerKey = "partition-footer".getBytes(StandardCharsets.US_ASCII);
        byte[] kKey = "partition-k-key!".getBytes(StandardCharsets.US_ASCII);
        RowType fileType =
                RowType.of(
                        new LogicalType[] {new BigIntType(), new BigIntType()},
                        new String[] {"k", "v"});
        Path f = dir.resolve("part=x/a.parquet");
        Files.createDirectories(f.getParent());
        try (ParquetWriter w =
                ParquetWriter.builder(fileType)
                        .options(
                                WriteOptions.builder()
                                        .rowGroupRows(2)
                                        .encryption(
                                                FileEncryptionProperties.builder()
                                                        .footerKey(footerKey)
                                                        .columnKey("k", kKey)
                                                        .build())
                                        .build())
                        .create(new org.apache.flink.core.fs.Path(f.toUri()))) {
            for (long k = 0; k < 3; k++) {
                w.write(GenericRowData.of(k, 3 * k));
            }
        }
        RowType requested =
                RowType.of(
                        new LogicalType[] {new VarCharType(VarCharType.MAX_LENGTH)},
                        new String[] {"part"});
        ReaderSettings footerKeyOnly =
                new ReaderSettings(
                        ReaderSettings.Rows.all(requested, List.of("part")),
                        new ReaderSettings.Decoding(64, true, 4, true, true),
                        Long.MAX_VALUE,
                        ExplicitDecryption.of(
                                FileDecryptionProperties.builder().footerKey(footerKey).build()));
        assertThat(
                        readAll(
                                footerKeyOnly,
                                split(f, Map.of("part", "x"), 0, 1),
                                r -> "" + r.getString(0)))
                .extracting(Emitted::row)
                .containsExactly("x", "x", "x");

        // v encrypted too: no column to count rows with, refused naming the first
        Path g = dir.resolve("part=y/b.parquet");
        Files.createDirectories(g.getParent());
        try (ParquetWriter w =
                ParquetWriter.builder(fileType)
                        .options(
                                WriteOptions.builder()
                                        .encryption(
                                                FileEncryptionProperties.builder()
                                                        .footerKey(footerKey)
                                                        .columnKey("k", kKey)
                                                        .columnKey("v", kKey)
                                                        .build())
                                        .build())
                        .create(new org.apache.flink.core.fs.Path(g.toUri()))) {
            w.write(GenericRowData.of(1L, 3L));
        }
        assertThatThrownBy(
                        () -> readAll(footerKeyOnly, split(g, Map.of("part", "y"), 0, 0), r -> ""))
                .hasStackTraceContaining("MissingKeyException")
                .hasStackTraceContaining("column k)");
    }
}
