package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
    @CsvSource({"V1, true", "V2, true", "V1, false", "V2, false"})
    void damagedPagesReadTheSameWithAndWithoutTheFastPath(PageVersion version, boolean nullable)
            throws Exception {
        Path clean = dir.resolve("clean-" + version + "-" + nullable + ".parquet");
        RowType type = nullable ? TestingFlatReads.rowType() : notNull(TestingFlatReads.rowType());
        WriteOptions options =
                WriteOptions.builder()
                        .pageVersion(version)
                        .codec(Compression.UNCOMPRESSED)
                        .pageRowLimit(40)
                        .dictionaryPageSizeBytes(1024)
                        .build();
        Random nulls = new Random(3);
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(clean.toUri()))) {
            for (int row = 0; row < ROWS; row++) {
                GenericRowData data = new GenericRowData(type.getFieldCount());
                for (int c = 0; c < type.getFieldCount(); c++) {
                    data.setField(
                            c,
                            nullable && TestingFlatReads.isNull(row, c, nulls)
                                    ? null
                                    : TestingFlatReads.value(row, c));
                }
                writer.write(data);
            }
        }
        byte[] original = Files.readAllBytes(clean);
        Random random = new Random(version.ordinal() + 17);
        int failures = 0;
        for (int round = 0; round < 150; round++) {
            byte[] damaged = original.clone();
            int flips = 1 + random.nextInt(3);
            for (int f = 0; f < flips; f++) {
                // page data lies before the page index and footer, in the first ~70% of the file
                int at = 4 + random.nextInt(damaged.length * 7 / 10);
                damaged[at] =
                        (byte)
                                (random.nextBoolean()
                                        ? damaged[at] ^ (1 << random.nextInt(8))
                                        : random.nextInt());
            }
            Path file =
                    dir.resolve("damaged-" + version + "-" + nullable + "-" + round + ".parquet");
            Files.write(file, damaged);
            FlatChunkReader.enabled = false;
            List<String> expected = withoutIdentityHashes(TestingFlatReads.readFlatColumns(file));
            FlatChunkReader.enabled = true;
            List<String> actual = withoutIdentityHashes(TestingFlatReads.readFlatColumns(file));
            assertThat(actual).as("round %d", round).isEqualTo(expected);
            RowSelection selection =
                    RowSelection.of(new long[] {3, 95, 250}, new long[] {20, 170, 251});
            FlatChunkReader.enabled = false;
            List<String> expectedSelected = withoutIdentityHashes(readSelected(file, selection));
            FlatChunkReader.enabled = true;
            List<String> actualSelected = withoutIdentityHashes(readSelected(file, selection));
            assertThat(actualSelected)
                    .as("round %d, selected rows", round)
                    .isEqualTo(expectedSelected);
            // single rows a few apart: on pages without nulls they are gathered page by page
            FlatChunkReader.enabled = false;
            List<String> expectedScattered =
                    withoutIdentityHashes(readSelected(file, SCATTERED_ROWS));
            FlatChunkReader.enabled = true;
            List<String> actualScattered =
                    withoutIdentityHashes(readSelected(file, SCATTERED_ROWS));
            // both read the same rows or both fail naming the file; which of two damaged pages
            // is reported first may differ: the fast path checks the values a selection asks for
            boolean expectedFails = expectedScattered.get(0).startsWith("FAILED");
            assertThat(actualScattered.get(0).startsWith("FAILED"))
                    .as("round %d, scattered rows fail: %s", round, expectedScattered.get(0))
                    .isEqualTo(expectedFails);
            if (expectedFails) {
                assertThat(actualScattered.get(0))
                        .as("round %d, scattered rows", round)
                        .contains("CorruptFileException")
                        .contains(file.toUri().getPath());
            } else {
                assertThat(actualScattered)
                        .as("round %d, scattered rows", round)
                        .isEqualTo(expectedScattered);
            }
            failures += expected.stream().anyMatch(r -> r.startsWith("FAILED")) ? 1 : 0;
        }
        assertThat(failures).as("damage that the reader rejects").isPositive();
    }

    /** Rows 1, 5, 8, 13, 17, 20, ...: 3 to 5 rows apart, over every page. */
    private static final RowSelection SCATTERED_ROWS = scatteredRows();

    private static RowSelection scatteredRows() {
        int n = 0;
        long[] starts = new long[ROWS];
        for (long row = 1; row < ROWS; row += 3 + row % 3) {
            starts[n++] = row;
        }
        long[] ends = new long[n];
        for (int i = 0; i < n; i++) {
            ends[i] = starts[i] + 1;
        }
        return RowSelection.of(java.util.Arrays.copyOf(starts, n), ends);
    }

    private static RowType notNull(RowType type) {
        List<RowType.RowField> fields =
                type.getFields().stream()
                        .map(f -> new RowType.RowField(f.getName(), f.getType().copy(false)))
                        .toList();
        return new RowType(false, fields);
    }

    private static List<String> readSelected(Path file, RowSelection selection) {
        try {
            return TestingFlatReads.read(file, selection, 23);
        } catch (Exception e) {
            return List.of("FAILED: " + e);
        }
    }

    /**
     * Thrift names its scheme objects by identity hash in some messages, and once the JIT compiles
     * a hot throw site it may throw index and null-pointer exceptions without their detail ({@code
     * OmitStackTraceInFastThrow}): neither says anything about the fast path.
     */
    static List<String> withoutIdentityHashes(List<String> rows) {
        return rows.stream()
                .map(
                        r ->
                                r.replaceAll("Scheme@[0-9a-f]+", "Scheme@")
                                        .replaceAll(
                                                "((?:IndexOutOfBounds|NullPointer|ClassCast|Arithmetic|ArrayStore)"
                                                        + "Exception)(?:: [^()]*?)?(?= \\(file:|$)",
                                                "$1"))
                .toList();
    }
}
