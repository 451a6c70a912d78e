package io.pqx.format;

import io.pqx.format.fuzz.FuzzRun;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * The files the fuzzer damages: every file of the shared parquet-testing corpus (plain, and
 * encrypted with the keys its README documents: {@link TestingEncryptedFiles#keysOf}), and files
 * pqx writes itself from seeded random rows, flat and nested, over page versions, codecs,
 * dictionary on and off, page CRCs on and off, bloom filters and small pages. The same bytes on
 * every call.
 */
public final class TestingFuzzSeeds {
    private TestingFuzzSeeds() {}

    /** The corpus files under {@code root}, named by their path relative to it. */
    public static List<FuzzRun.Seed> corpus(Path root) {
        List<FuzzRun.Seed> seeds = new ArrayList<>();
        try (var files = Files.walk(root)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (name.endsWith(".parquet") || name.endsWith(".parquet.encrypted")) {
                    String relative = root.relativize(file).toString();
                    seeds.add(
                            FuzzRun.Seed.of(
                                    relative,
                                    Files.readAllBytes(file),
                                    TestingEncryptedFiles.keysOf(relative)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return seeds;
    }

    /** The encrypted files of the corpus under {@code root}, each with its keys. */
    public static List<FuzzRun.Seed> encrypted(Path root) {
        return corpus(root).stream().filter(s -> s.name().endsWith(".parquet.encrypted")).toList();
    }

    /** The encrypted files of the corpus the format tests find. */
    public static List<FuzzRun.Seed> encrypted() {
        return encrypted(TestingParquetFiles.root());
    }

    /** The corpus found the way the format tests find it ({@link TestingParquetFiles#root()}). */
    public static List<FuzzRun.Seed> corpus() {
        return corpus(TestingParquetFiles.root());
    }

    /** Files pqx writes: each a small variation of layout and options. */
    public static List<FuzzRun.Seed> pqxFiles() {
        Executor direct = Runnable::run;
        List<FuzzRun.Seed> seeds = new ArrayList<>();
        List<RowData> flat = new TestingRandomRows(7).rows(TestingRowTypes.FLAT, 300);
        List<RowData> nested = new TestingRandomRows(11).rows(TestingRowTypes.NESTED, 120);
        add(
                seeds,
                "pqx-flat-zstd-v1-dict",
                TestingRowTypes.FLAT,
                flat,
                WriteOptions.builder().codec(Compression.ZSTD).pageRowLimit(100).build(),
                direct);
        add(
                seeds,
                "pqx-flat-uncompressed-v2-crc",
                TestingRowTypes.FLAT,
                flat,
                WriteOptions.builder()
                        .codec(Compression.UNCOMPRESSED)
                        .pageVersion(PageVersion.V2)
                        .pageRowLimit(64)
                        .pageChecksums(true)
                        .build(),
                direct);
        add(
                seeds,
                "pqx-flat-uncompressed-v1-plain",
                TestingRowTypes.FLAT,
                flat,
                WriteOptions.builder()
                        .codec(Compression.UNCOMPRESSED)
                        .dictionaryEnabled(false)
                        .pageRowLimit(128)
                        .build(),
                direct);
        add(
                seeds,
                "pqx-flat-gzip-bloom-crc",
                TestingRowTypes.FLAT,
                flat,
                WriteOptions.builder()
                        .codec(Compression.GZIP)
                        .rowGroupRows(150)
                        .pageChecksums(true)
                        .bloomFilter("s", new BloomFilterSpec(300, 0.01))
                        .bloomFilter("l", new BloomFilterSpec(300, 0.01))
                        .build(),
                direct);
        add(
                seeds,
                "pqx-nested-snappy-v1-crc",
                TestingRowTypes.NESTED,
                nested,
                WriteOptions.builder()
                        .codec(Compression.SNAPPY)
                        .pageRowLimit(40)
                        .pageChecksums(true)
                        .build(),
                direct);
        add(
                seeds,
                "pqx-nested-uncompressed-v2-plain",
                TestingRowTypes.NESTED,
                nested,
                WriteOptions.builder()
                        .codec(Compression.UNCOMPRESSED)
                        .pageVersion(PageVersion.V2)
                        .dictionaryEnabled(false)
                        .pageRowLimit(50)
                        .build(),
                direct);
        add(
                seeds,
                "pqx-nested-uncompressed-v1-dict",
                TestingRowTypes.NESTED,
                nested,
                WriteOptions.builder().codec(Compression.UNCOMPRESSED).pageRowLimit(30).build(),
                direct);
        add(
                seeds,
                "pqx-flat-lz4raw-v2",
                TestingRowTypes.FLAT,
                flat,
                WriteOptions.builder()
                        .codec(Compression.LZ4_RAW)
                        .pageVersion(PageVersion.V2)
                        .build(),
                direct);
        return seeds;
    }

    private static void add(
            List<FuzzRun.Seed> seeds,
            String name,
            RowType type,
            List<RowData> rows,
            WriteOptions options,
            Executor executor) {
        try {
            seeds.add(
                    FuzzRun.Seed.of(
                            name + ".parquet",
                            TestingWriters.bytes(type, options, rows, executor)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
