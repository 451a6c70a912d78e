package io.pqx.e2e.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetInspector;
import io.pqx.format.ParquetReader;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.metadata.BloomFilterView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Read direction of the interop: pqx reads files written by DuckDB and by parquet-java, in several
 * layouts (codecs, row-group sizes, pages v1/v2 with DuckDB's and parquet-java's v2 encodings,
 * dictionary on/off, page index, bloom filters), with the same values as the peers (which must
 * agree with each other where both can read the file). The one declared loss: TIME(MICROS) columns
 * read to milliseconds, Flink's TIME precision ({@link KnownLosses}). Each layout is first checked
 * to be what it claims (row groups, page versions, dictionary pages, bloom filter) from the footer.
 */
class PeersWritePqxReadsITCase {

    private static final int DUCKDB_ROWS = 5000;
    private static final int PARQUET_JAVA_ROWS = 3000;
    private static final int ARROW_ROWS = 5000;
    private static final int NULL_RATE_ROWS = 3000;

    @TempDir static Path dir;

    private static DuckDbJsonRenderer duckDb;

    @BeforeAll
    static void openDuckDb() throws Exception {
        duckDb = DuckDbJsonRenderer.open();
    }

    @AfterAll
    static void closeDuckDb() throws Exception {
        duckDb.close();
    }

    /**
     * Every codec DuckDB writes, each in V1 or V2 (ZSTD in both), and both versions without
     * dictionaries.
     */
    static Stream<TestingDuckDbFiles.Layout> duckDbLayouts() {
        return Stream.of(
                new TestingDuckDbFiles.Layout("zstd", 2048, "V1"),
                new TestingDuckDbFiles.Layout("zstd", 4096, "V2"),
                new TestingDuckDbFiles.Layout("snappy", 2048, "V2"),
                new TestingDuckDbFiles.Layout("gzip", 4096, "V1"),
                new TestingDuckDbFiles.Layout("lz4_raw", 100_000, "V2"),
                new TestingDuckDbFiles.Layout("lz4", 2048, "V1"),
                new TestingDuckDbFiles.Layout("brotli", 2048, "V2"),
                new TestingDuckDbFiles.Layout("uncompressed", 2048, "V1"),
                new TestingDuckDbFiles.Layout("snappy", 2048, "V1", false),
                new TestingDuckDbFiles.Layout("zstd", 2048, "V2", false));
    }

    /** The null rates (per thousand) of the {@link TestingDuckDbFiles#NULLS} table. */
    static Stream<Integer> nullPermilles() {
        return Stream.of(0, 100, 500, 1000);
    }

    static Stream<TestingArrowFiles.Layout> arrowLayouts() {
        return Stream.of(
                new TestingArrowFiles.Layout(1000, false),
                new TestingArrowFiles.Layout(4096, false),
                new TestingArrowFiles.Layout(777, true),
                new TestingArrowFiles.Layout(100_000, true));
    }

    static Stream<TestingParquetJavaSamples.Layout> parquetJavaLayouts() {
        return Stream.of(
                new TestingParquetJavaSamples.Layout(
                        CompressionCodecName.ZSTD,
                        WriterVersion.PARQUET_1_0,
                        true,
                        64 << 10,
                        8 << 10,
                        "i64"),
                new TestingParquetJavaSamples.Layout(
                        CompressionCodecName.SNAPPY,
                        WriterVersion.PARQUET_2_0,
                        true,
                        1 << 20,
                        1 << 20,
                        "u64"),
                new TestingParquetJavaSamples.Layout(
                        CompressionCodecName.GZIP,
                        WriterVersion.PARQUET_1_0,
                        false,
                        32 << 10,
                        4 << 10,
                        "u32"),
                new TestingParquetJavaSamples.Layout(
                        CompressionCodecName.LZ4_RAW,
                        WriterVersion.PARQUET_2_0,
                        false,
                        128 << 10,
                        16 << 10,
                        "id"),
                new TestingParquetJavaSamples.Layout(
                        CompressionCodecName.UNCOMPRESSED,
                        WriterVersion.PARQUET_1_0,
                        true,
                        256 << 10,
                        2 << 10,
                        "i64"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("duckDbLayouts")
    void pqxReadsWhatDuckDbWrites(TestingDuckDbFiles.Layout layout) throws Exception {
        Path file =
                dir.resolve(
                        "duckdb-"
                                + layout.codec()
                                + "-"
                                + layout.rowGroupSize()
                                + "-"
                                + layout.parquetVersion()
                                + "-"
                                + layout.dictionary()
                                + ".parquet");
        TestingDuckDbFiles.write(duckDb, file, DUCKDB_ROWS, layout);
        List<BlockMetaData> rowGroups = footer(file);
        // DuckDB cuts row groups at multiples of its 2048-row vectors.
        assertThat(rowGroups)
                .hasSize((DUCKDB_ROWS + layout.rowGroupSize() - 1) / layout.rowGroupSize());
        assertDuckDbLayout(rowGroups, layout);

        List<String> duck = duckDb.render(file);
        assertThat(duck).hasSize(DUCKDB_ROWS);
        if (layout.codec().equals("brotli")) {
            // parquet-java has BROTLI only with a codec jar that is not on this classpath.
            assertThatThrownBy(() -> ParquetJavaJsonRenderer.render(file))
                    .hasStackTraceContaining("BrotliCodec was not found");
        } else {
            LineDiff.assertSameLines(
                    "parquet-java vs DuckDB on " + layout,
                    ParquetJavaJsonRenderer.render(file),
                    duck);
        }
        if (layout.codec().equals("brotli")) {
            // The Arrow C++ library inside arrow-dataset 18.3.0 is built without BROTLI.
            assertThatThrownBy(() -> ArrowJsonRenderer.render(file))
                    .hasMessageContaining("Support for codec 'brotli' not built");
        } else if (layout.parquetVersion().equals("V2")) {
            // DuckDB 2.0's DELTA_BINARY_PACKED INT32 columns have miniblocks of 33-bit deltas
            // (i32 spans the whole int range), which Arrow C++ refuses.
            assertThatThrownBy(() -> ArrowJsonRenderer.render(file))
                    .hasMessageContaining("delta bit width larger than integer bit width");
        } else {
            LineDiff.assertSameLines(
                    "Arrow vs DuckDB on " + layout, ArrowJsonRenderer.render(file), duck);
        }
        if (layout.dictionary()) {
            assertPqxReadsDuckDbBloomFilters(file);
        }
        LineDiff.assertSameLines(
                "pqx vs DuckDB on " + layout,
                PqxJsonRenderer.render(file),
                duck.stream().map(line -> KnownLosses.timeToMillis(line, "t")).toList());
    }

    /**
     * pqx reads DuckDB's files of a flat and nested table (list of struct, map of list, empty lists
     * and maps) at null rates 0, 0.1, 0.5 and 1, nulls drawn at every level, in V1 and V2.
     */
    @ParameterizedTest(name = "{0} per thousand null")
    @MethodSource("nullPermilles")
    void pqxReadsWhatDuckDbWritesAtEveryNullRate(int permille) throws Exception {
        for (TestingDuckDbFiles.Layout layout :
                List.of(
                        new TestingDuckDbFiles.Layout("snappy", 2048, "V1"),
                        new TestingDuckDbFiles.Layout("zstd", 2048, "V2"))) {
            Path file =
                    dir.resolve(
                            "duckdb-nulls-"
                                    + permille
                                    + "-"
                                    + layout.parquetVersion()
                                    + ".parquet");
            TestingDuckDbFiles.write(
                    duckDb, file, TestingDuckDbFiles.nulls(NULL_RATE_ROWS, permille), layout);
            List<String> duck = duckDb.render(file);
            assertNullRate(duck, permille);
            LineDiff.assertSameLines(
                    "parquet-java vs DuckDB on " + layout + " at " + permille + "‰ nulls",
                    ParquetJavaJsonRenderer.render(file),
                    duck);
            LineDiff.assertSameLines(
                    "pqx vs DuckDB on " + layout + " at " + permille + "‰ nulls",
                    PqxJsonRenderer.render(file),
                    duck);
        }
    }

    /**
     * pqx reads what Arrow C++ writes (its defaults: no compression, dictionaries, data pages v1)
     * of DuckDB's sample table plus Arrow-only types, with the values Arrow itself reads back,
     * which DuckDB must read too.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("arrowLayouts")
    void pqxReadsWhatArrowWrites(TestingArrowFiles.Layout layout) throws Exception {
        Path file =
                TestingArrowFiles.write(
                        duckDb,
                        TestingArrowFiles.sample(ARROW_ROWS),
                        layout,
                        dir.resolve(
                                "arrow-" + layout.rowGroupRows() + "-" + layout.largeOffsets()));
        assertArrowLayout(file, (ARROW_ROWS + layout.rowGroupRows() - 1) / layout.rowGroupRows());

        List<String> arrow = ArrowJsonRenderer.render(file);
        assertThat(arrow).hasSize(ARROW_ROWS);
        LineDiff.assertSameLines("DuckDB vs Arrow on " + layout, duckDb.render(file), arrow);
        LineDiff.assertSameLines(
                "pqx vs Arrow on " + layout,
                PqxJsonRenderer.render(file),
                arrow.stream().map(line -> KnownLosses.timeToMillis(line, "t")).toList());
    }

    /** pqx reads Arrow C++'s files of the nested null-rate table at every rate. */
    @ParameterizedTest(name = "{0} per thousand null")
    @MethodSource("nullPermilles")
    void pqxReadsWhatArrowWritesAtEveryNullRate(int permille) throws Exception {
        Path file =
                TestingArrowFiles.write(
                        duckDb,
                        TestingDuckDbFiles.nulls(NULL_RATE_ROWS, permille),
                        new TestingArrowFiles.Layout(1000, false),
                        dir.resolve("arrow-nulls-" + permille));
        List<String> arrow = ArrowJsonRenderer.render(file);
        assertNullRate(arrow, permille);
        LineDiff.assertSameLines(
                "DuckDB vs Arrow at " + permille + "‰ nulls", duckDb.render(file), arrow);
        LineDiff.assertSameLines(
                "pqx vs Arrow at " + permille + "‰ nulls", PqxJsonRenderer.render(file), arrow);
    }

    /** The rendering has the rows asked for, and nulls as often as the rate says. */
    private static void assertNullRate(List<String> lines, int permille) {
        assertThat(lines).hasSize(NULL_RATE_ROWS);
        long nullStrings = lines.stream().filter(line -> line.contains("\"str\":null")).count();
        if (permille == 0) {
            assertThat(lines).noneMatch(line -> line.contains("null"));
        } else if (permille == 1000) {
            assertThat(nullStrings).isEqualTo(NULL_RATE_ROWS);
        } else {
            assertThat((double) nullStrings / NULL_RATE_ROWS)
                    .isCloseTo(permille / 1000.0, Offset.offset(0.05));
        }
    }

    /** Codec, dictionary pages and page version of every chunk are what the layout asks for. */
    private static void assertDuckDbLayout(
            List<BlockMetaData> rowGroups, TestingDuckDbFiles.Layout layout) {
        // DuckDB's "lz4" is LZ4_RAW (block format without framing) in the file.
        String codec = layout.codec().equals("lz4") ? "lz4_raw" : layout.codec();
        for (BlockMetaData rowGroup : rowGroups) {
            for (ColumnChunkMetaData column : rowGroup.getColumns()) {
                assertThat(column.getCodec().name()).isEqualToIgnoringCase(codec);
                String path = column.getPath().toDotString();
                if (path.equals("dict_str")) {
                    assertThat(column.hasDictionaryPage())
                            .as("dictionary page of dict_str")
                            .isEqualTo(layout.dictionary());
                }
                if (layout.parquetVersion().equals("V2")) {
                    if (path.equals("i64") && !layout.dictionary()) {
                        assertThat(column.getEncodings()).contains(Encoding.DELTA_BINARY_PACKED);
                    } else if (path.equals("f64") && !layout.dictionary()) {
                        assertThat(column.getEncodings()).contains(Encoding.BYTE_STREAM_SPLIT);
                    } else if (path.equals("str") && !layout.dictionary()) {
                        assertThat(column.getEncodings())
                                .contains(Encoding.DELTA_LENGTH_BYTE_ARRAY);
                    }
                }
            }
        }
    }

    /**
     * Arrow C++'s defaults, as its Java dataset writer leaves them: one row group per batch, no
     * compression, a dictionary page for the dictionary-friendly column, data pages v1, Arrow's
     * {@code created_by}.
     */
    private static void assertArrowLayout(Path file, int rowGroupCount) throws IOException {
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            assertThat(reader.getFooter().getFileMetaData().getCreatedBy())
                    .startsWith("parquet-cpp-arrow");
            List<BlockMetaData> rowGroups = reader.getFooter().getBlocks();
            assertThat(rowGroups).hasSize(rowGroupCount);
            for (BlockMetaData rowGroup : rowGroups) {
                for (ColumnChunkMetaData column : rowGroup.getColumns()) {
                    assertThat(column.getCodec()).isEqualTo(CompressionCodecName.UNCOMPRESSED);
                    assertThat(column.getEncodingStats().usesV2Pages()).isFalse();
                    if (column.getPath().toDotString().equals("dict_str")) {
                        assertThat(column.hasDictionaryPage()).isTrue();
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("parquetJavaLayouts")
    void pqxReadsWhatParquetJavaWrites(TestingParquetJavaSamples.Layout layout) throws Exception {
        Path file =
                dir.resolve("parquet-java-" + layout.codec() + "-" + layout.version() + ".parquet");
        TestingParquetJavaSamples.write(file, PARQUET_JAVA_ROWS, 42, layout);
        assertLayout(file, layout);

        List<String> java = ParquetJavaJsonRenderer.render(file);
        assertThat(java).hasSize(PARQUET_JAVA_ROWS);
        // parquet-java's v2 writer falls back to DELTA_BYTE_ARRAY for FIXED_LEN_BYTE_ARRAY
        // columns, which DuckDB 2.0 decodes (1.4 did not).
        LineDiff.assertSameLines("DuckDB vs parquet-java on " + layout, duckDb.render(file), java);
        LineDiff.assertSameLines(
                "Arrow vs parquet-java on " + layout, ArrowJsonRenderer.render(file), java);
        assertPqxReadsIndexesAndBloomFilters(file, layout.bloomColumn(), java);
        LineDiff.assertSameLines(
                "pqx vs parquet-java on " + layout,
                PqxJsonRenderer.render(file),
                java.stream().map(line -> KnownLosses.timeToMillis(line, "time_us")).toList());
    }

    /**
     * pqx reads the bloom filters DuckDB writes for dictionary-encoded columns: in every row group
     * the one of {@code dict_str} holds its five values ('cat_0'..'cat_4') and rules out others.
     */
    private static void assertPqxReadsDuckDbBloomFilters(Path file) throws Exception {
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.defaults())) {
            int leaf = leafIndex(reader, "dict_str");
            boolean excludedSomewhere = false;
            for (int rg = 0; rg < reader.metadata().rowGroups().size(); rg++) {
                BloomFilterView bloom =
                        ParquetInspector.of(reader).readBloomFilter(rg, leaf).orElseThrow();
                for (int k = 0; k < 5; k++) {
                    assertThat(bloom.mightContain("cat_" + k))
                            .as("bloom filter of row group %d contains cat_%d", rg, k)
                            .isTrue();
                }
                excludedSomewhere |= !bloom.mightContain("dog");
            }
            assertThat(excludedSomewhere).as("some bloom filter excludes 'dog'").isTrue();
        }
    }

    private static int leafIndex(ParquetReader reader, String path) {
        for (ColumnChunkView chunk : reader.metadata().rowGroups().get(0).columns()) {
            if (chunk.path().equals(path)) {
                return chunk.leafIndex();
            }
        }
        throw new AssertionError("no leaf column " + path);
    }

    /**
     * pqx finds parquet-java's page index for every chunk of the bloom-filtered column, and its
     * bloom filter, which contains the first value of each row group (taken from the rendered rows)
     * and excludes a value absent from the file in at least one row group.
     */
    private static void assertPqxReadsIndexesAndBloomFilters(
            Path file, String column, List<String> lines) throws Exception {
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.defaults())) {
            List<RowGroupView> rowGroups = reader.metadata().rowGroups();
            int leaf = leafIndex(reader, column);
            boolean unsigned = column.startsWith("u"); // u32, u64 render as unsigned digits
            boolean excludedSomewhere = false;
            int firstRow = 0;
            for (int rg = 0; rg < rowGroups.size(); rg++) {
                assertThat(ParquetInspector.of(reader).readColumnIndex(rg, leaf))
                        .as("column index, row group %d", rg)
                        .isPresent();
                assertThat(ParquetInspector.of(reader).readOffsetIndex(rg, leaf))
                        .as("offset index, row group %d", rg)
                        .isPresent();
                BloomFilterView bloom =
                        ParquetInspector.of(reader).readBloomFilter(rg, leaf).orElseThrow();
                String token = jsonField(lines.get(firstRow), column);
                if (!token.equals("null")) {
                    assertThat(
                                    mightContain(
                                            bloom,
                                            column,
                                            unsigned
                                                    ? Long.parseUnsignedLong(token)
                                                    : Long.parseLong(token)))
                            .as("bloom filter of row group %d contains %s", rg, token)
                            .isTrue();
                }
                excludedSomewhere |= !mightContain(bloom, column, -12345L);
                firstRow += (int) rowGroups.get(rg).numRows();
            }
            assertThat(excludedSomewhere).as("some bloom filter excludes -12345").isTrue();
        }
    }

    /** Probes as parquet-java's writer hashed: INT32 columns hash ints, INT64 longs. */
    private static boolean mightContain(BloomFilterView bloom, String column, long value) {
        return column.equals("i64") || column.equals("u64")
                ? bloom.mightContain(value)
                : bloom.mightContain(column.equals("u32") ? (int) value : Math.toIntExact(value));
    }

    private static String jsonField(String line, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":(-?\\d+|null)").matcher(line);
        assertThat(m.find()).as("%s in %s", name, line).isTrue();
        return m.group(1);
    }

    /** The file has the row groups, pages, dictionaries and bloom filter its layout asks for. */
    private static void assertLayout(Path file, TestingParquetJavaSamples.Layout layout)
            throws IOException {
        List<BlockMetaData> rowGroups = footer(file);
        if (layout.rowGroupBytes() <= 256 << 10) {
            assertThat(rowGroups).as("row groups").hasSizeGreaterThan(1);
        }
        for (BlockMetaData rowGroup : rowGroups) {
            for (ColumnChunkMetaData column : rowGroup.getColumns()) {
                assertThat(column.getCodec()).isEqualTo(layout.codec());
                if (!column.getPath()
                        .toDotString()
                        .equals("legacy_ts")) { // INT96 has no order, so no column index
                    assertThat(column.getColumnIndexReference())
                            .as("column index of %s", column.getPath())
                            .isNotNull();
                }
                assertThat(column.getEncodingStats().usesV2Pages())
                        .isEqualTo(layout.version() == WriterVersion.PARQUET_2_0);
                if (column.getPath().toDotString().equals("category")) {
                    assertThat(column.hasDictionaryPage()).isEqualTo(layout.dictionary());
                }
                if (column.getPath().toDotString().equals(layout.bloomColumn())) {
                    assertThat(column.getBloomFilterOffset())
                            .as("bloom filter offset")
                            .isPositive();
                }
            }
        }
    }

    private static List<BlockMetaData> footer(Path file) throws IOException {
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            return reader.getFooter().getBlocks();
        }
    }
}
