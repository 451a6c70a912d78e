package io.pqx.format.decode;

import static io.pqx.format.decode.FlatBulkCorruptionParityTest.withoutIdentityHashes;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.prune.RowSelection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The corpus files written with DELTA encodings (parquet-java v2 pages, required and optional
 * columns) and with FIXED_LEN_BYTE_ARRAY and BYTE_ARRAY decimals, which the flat fast path now
 * decodes in bulk: random row selections (starting and ending mid-miniblock) return the same rows
 * with the fast path on and off, and so does every damaged copy of the file: the same rows, or the
 * same error (the page check's message naming the file).
 */
class FlatBulkDeltaFilesTest {
    @TempDir Path dir;

    @AfterEach
    void restore() {
        FlatChunkReader.enabled = true;
    }

    private static long rows(Path file) throws Exception {
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.defaults())) {
            return reader.metadata().rowGroups().get(0).numRows();
        }
    }

    private static List<String> read(Path file, RowSelection selection, int batchSize) {
        try {
            return TestingFlatReads.read(file, selection, batchSize);
        } catch (Exception e) {
            return List.of("FAILED: " + e);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "delta_binary_packed.parquet",
                "delta_byte_array.parquet",
                "delta_length_byte_array.parquet",
                "delta_encoding_required_column.parquet",
                "delta_encoding_optional_column.parquet",
                "fixed_length_decimal.parquet",
                "fixed_length_decimal_legacy.parquet",
                "byte_array_decimal.parquet"
            })
    void selectionsAndDamageReadTheSameWithAndWithoutTheFastPath(String name) throws Exception {
        Path file = TestingParquetFiles.root().resolve("data").resolve(name);
        long rows = rows(file);
        assertThat(rows).isPositive();
        FlatChunkReader.enabled = true;
        List<String> all = read(file, RowSelection.all(rows), 64);
        assertThat(all).hasSize((int) rows);
        FlatChunkReader.enabled = false;
        assertThat(read(file, RowSelection.all(rows), 64)).isEqualTo(all);

        Random random = new Random(name.hashCode());
        for (int round = 0; round < 8; round++) {
            List<Long> starts = new ArrayList<>();
            List<Long> ends = new ArrayList<>();
            long at = random.nextInt(40);
            while (at < rows) {
                long end = Math.min(rows, at + 1 + random.nextInt(random.nextBoolean() ? 5 : 70));
                starts.add(at);
                ends.add(end);
                at = end + 1 + random.nextInt(random.nextBoolean() ? 3 : 150);
            }
            RowSelection selection =
                    RowSelection.of(
                            starts.stream().mapToLong(Long::longValue).toArray(),
                            ends.stream().mapToLong(Long::longValue).toArray());
            FlatChunkReader.enabled = false;
            List<String> expected = read(file, selection, 13 + round);
            FlatChunkReader.enabled = true;
            List<String> actual = read(file, selection, 13 + round);
            assertThat(actual).as("%s %s", name, selection).isEqualTo(expected);
            List<String> subset = new ArrayList<>();
            for (int r = 0; r < selection.rangeCount(); r++) {
                for (long i = selection.start(r); i < selection.end(r); i++) {
                    subset.add(all.get((int) i));
                }
            }
            assertThat(actual).isEqualTo(subset);
        }

        byte[] original = Files.readAllBytes(file);
        int failures = 0;
        for (int round = 0; round < 40; round++) {
            byte[] damaged = original.clone();
            int flips = 1 + random.nextInt(3);
            for (int f = 0; f < flips; f++) {
                // page data lies before the footer, in the first ~70% of the file
                int pos = 4 + random.nextInt(damaged.length * 7 / 10);
                damaged[pos] =
                        (byte)
                                (random.nextBoolean()
                                        ? damaged[pos] ^ (1 << random.nextInt(8))
                                        : random.nextInt());
            }
            Path copy = dir.resolve("damaged-" + round + "-" + name);
            Files.write(copy, damaged);
            FlatChunkReader.enabled = false;
            List<String> expected = withoutIdentityHashes(TestingFlatReads.readFlatColumns(copy));
            FlatChunkReader.enabled = true;
            List<String> actual = withoutIdentityHashes(TestingFlatReads.readFlatColumns(copy));
            assertThat(actual).as("%s round %d", name, round).isEqualTo(expected);
            failures += expected.stream().anyMatch(r -> r.startsWith("FAILED")) ? 1 : 0;
        }
        assertThat(failures).as("damage that the reader rejects").isPositive();
    }
}
