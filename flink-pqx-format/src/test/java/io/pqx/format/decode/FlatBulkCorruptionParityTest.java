package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;

import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/**
 * Damaged page bytes (levels, dictionary ids, value lengths, values) must read the same with the
 * flat fast path on and off: the same rows, or the same error message.
 */
class FlatBulkCorruptionParityTest {
    private static final int ROWS = 400;

    @TempDir Path dir;

    @AfterEach
    void restore() {
        FlatChunkReader.enabled = true;
    }

    @ParameterizedTest
    @EnumSource(PageVersion.class)
    void damagedPagesReadTheSameWithAndWithoutTheFastPath(PageVersion version) throws Exception {
        Path clean = dir.resolve("clean-" + version + ".parquet");
        RowType type = FlatBulkSelectionTest.rowType();
        WriteOptions options = WriteOptions.builder().pageVersion(version)
                .codec(CompressionCodecName.UNCOMPRESSED).pageRowLimit(40).dictionaryPageSizeBytes(1024).build();
        Random nulls = new Random(3);
        try (ParquetWriter writer = ParquetWriter.create(
                new org.apache.flink.core.fs.Path(clean.toUri()), type, options)) {
            for (int row = 0; row < ROWS; row++) {
                GenericRowData data = new GenericRowData(type.getFieldCount());
                for (int c = 0; c < type.getFieldCount(); c++) {
                    data.setField(c, FlatBulkSelectionTest.isNull(row, c, nulls)
                            ? null : FlatBulkSelectionTest.value(row, c));
                }
                writer.write(data);
            }
        }
        byte[] original = Files.readAllBytes(clean);
        Random random = new Random(version.ordinal() + 17);
        int failures = 0;
        for (int round = 0; round < 250; round++) {
            byte[] damaged = original.clone();
            int flips = 1 + random.nextInt(3);
            for (int f = 0; f < flips; f++) {
                // page data lies before the page index and footer, in the first ~70% of the file
                int at = 4 + random.nextInt(damaged.length * 7 / 10);
                damaged[at] = (byte) (random.nextBoolean() ? damaged[at] ^ (1 << random.nextInt(8)) : random.nextInt());
            }
            Path file = dir.resolve("damaged-" + version + "-" + round + ".parquet");
            Files.write(file, damaged);
            FlatChunkReader.enabled = false;
            List<String> expected = withoutIdentityHashes(FlatBulkParityTest.readFlatColumns(file));
            FlatChunkReader.enabled = true;
            List<String> actual = withoutIdentityHashes(FlatBulkParityTest.readFlatColumns(file));
            assertThat(actual).as("round %d", round).isEqualTo(expected);
            failures += expected.stream().anyMatch(r -> r.startsWith("FAILED")) ? 1 : 0;
        }
        assertThat(failures).as("damage that the reader rejects").isPositive();
    }

    /**
     * Thrift names its scheme objects by identity hash in some messages, and once the JIT compiles
     * a hot throw site it may throw index and null-pointer exceptions without their detail
     * ({@code OmitStackTraceInFastThrow}): neither says anything about the fast path.
     */
    private static List<String> withoutIdentityHashes(List<String> rows) {
        return rows.stream()
                .map(r -> r.replaceAll("Scheme@[0-9a-f]+", "Scheme@")
                        .replaceAll("((?:IndexOutOfBounds|NullPointer|ClassCast|Arithmetic|ArrayStore)"
                                + "Exception)(?:: [^()]*?)?(?= \\(file:|$)", "$1"))
                .toList();
    }
}
