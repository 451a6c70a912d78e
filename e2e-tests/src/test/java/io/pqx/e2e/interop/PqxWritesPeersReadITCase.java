package io.pqx.e2e.interop;

import static io.pqx.e2e.interop.TestingFlinkSamples.array;
import static io.pqx.e2e.interop.TestingFlinkSamples.nullable;
import static io.pqx.e2e.interop.TestingFlinkSamples.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.e2e.interop.FlinkSample.Value;
import io.pqx.format.ParquetWriter;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Write direction of the interop: pqx's {@link ParquetWriter} writes a table of every Flink type
 * (flat and nested three deep, nulls, empty arrays and maps) in every codec, with pages v1 and v2,
 * dictionary on and off and a bloom filter; DuckDB and parquet-java must read exactly the values
 * that went in (the expected JSON is computed from the input rows by {@link TestingFlinkSamples}),
 * and so must pqx's own reader. DuckDB's {@code parquet_metadata()}, {@code parquet_schema()} and
 * {@code parquet_bloom_probe()} and parquet-java's page reader check the layout the footer claims.
 */
class PqxWritesPeersReadITCase {

    private static final int ROWS = 2500;
    private static final int ROW_GROUP_ROWS = 700;

    @TempDir static Path dir;

    private static DuckDbJsonRenderer duckDb;

    /** One way to write the table. */
    record Layout(Compression codec, PageVersion pages, boolean dictionary, String bloomColumn) {
        @Override
        public String toString() {
            return codec
                    + ", pages "
                    + pages
                    + ", dictionary "
                    + (dictionary ? "on" : "off")
                    + ", bloom filter on "
                    + bloomColumn;
        }
    }

    @BeforeAll
    static void openDuckDb() throws Exception {
        duckDb = DuckDbJsonRenderer.open();
    }

    @AfterAll
    static void closeDuckDb() throws Exception {
        duckDb.close();
    }

    /** Every codec with pages v1 and v2, dictionary on and off in both versions. */
    static Stream<Layout> layouts() {
        return Stream.of(
                new Layout(Compression.ZSTD, PageVersion.V1, true, "category"),
                new Layout(Compression.ZSTD, PageVersion.V2, true, "big"),
                new Layout(Compression.ZSTD, PageVersion.V2, false, "num"),
                new Layout(Compression.SNAPPY, PageVersion.V2, false, "id"),
                new Layout(Compression.SNAPPY, PageVersion.V1, true, "big"),
                new Layout(Compression.GZIP, PageVersion.V1, false, "num"),
                new Layout(Compression.GZIP, PageVersion.V2, true, "category"),
                new Layout(Compression.LZ4_RAW, PageVersion.V2, true, "category"),
                new Layout(Compression.LZ4_RAW, PageVersion.V1, false, "id"),
                new Layout(Compression.UNCOMPRESSED, PageVersion.V1, true, "big"),
                new Layout(Compression.UNCOMPRESSED, PageVersion.V2, false, "category"));
    }

    /** Null rates of every nullable column, at every level, for {@link #table(double)}. */
    static Stream<Double> nullFractions() {
        return Stream.of(0.0, 0.1, 0.5, 1.0);
    }

    /** Every Flink type pqx writes, each nullable and not, nested three deep in places. */
    static FlinkSample table() {
        return table(Double.NaN);
    }

    /**
     * {@link #table()} with every nullable column and nested field NULL at rate {@code fraction}
     * instead of its own rate (NaN: each its own).
     */
    static FlinkSample table(double fraction) {
        Map<String, FlinkSample> f = new LinkedHashMap<>();
        f.put("id", TestingFlinkSamples.sequence());
        f.put("category", TestingFlinkSamples.oneOf("alpha", "beta", "gamma", "delta"));
        f.put("flag", nul(TestingFlinkSamples.bool(), 5, fraction));
        f.put("tiny", TestingFlinkSamples.tinyint());
        f.put("small", nul(TestingFlinkSamples.smallint(), 5, fraction));
        f.put("num", TestingFlinkSamples.integer());
        f.put("big", nul(TestingFlinkSamples.bigint(), 4, fraction));
        f.put("real", nul(TestingFlinkSamples.floats(), 6, fraction));
        f.put("dbl", TestingFlinkSamples.doubles());
        f.put("dec9", nul(TestingFlinkSamples.decimal(9, 2), 5, fraction));
        f.put("dec18", TestingFlinkSamples.decimal(18, 6));
        f.put("dec38", nul(TestingFlinkSamples.decimal(38, 10), 5, fraction));
        f.put("dec_int", TestingFlinkSamples.decimal(4, 0));
        f.put("code", TestingFlinkSamples.chars(3));
        f.put("label", nul(TestingFlinkSamples.varchar(12), 5, fraction));
        f.put("text", nul(TestingFlinkSamples.string(), 7, fraction));
        f.put("fixed", TestingFlinkSamples.bytes(4, true));
        f.put("var", nul(TestingFlinkSamples.bytes(30, false), 5, fraction));
        f.put("blob", TestingFlinkSamples.bytes(Integer.MAX_VALUE, false));
        f.put("day", nul(TestingFlinkSamples.date(), 5, fraction));
        f.put("clock", TestingFlinkSamples.time(0));
        f.put("clock_ms", nul(TestingFlinkSamples.time(3), 5, fraction));
        f.put("ts0", TestingFlinkSamples.timestamp(0));
        f.put("ts3", nul(TestingFlinkSamples.timestamp(3), 5, fraction));
        f.put("ts6", TestingFlinkSamples.timestamp(6));
        f.put("ts9", nul(TestingFlinkSamples.timestamp(9), 5, fraction));
        f.put("ltz3", TestingFlinkSamples.timestampLtz(3));
        f.put("ltz6", nul(TestingFlinkSamples.timestampLtz(6), 5, fraction));
        f.put("ltz9", TestingFlinkSamples.timestampLtz(9));
        f.put("ints", nul(array(nul(TestingFlinkSamples.integer(), 4, fraction), 4), 5, fraction));
        f.put("words", array(TestingFlinkSamples.string(), 3));
        f.put(
                "attrs",
                nul(
                        TestingFlinkSamples.map(
                                TestingFlinkSamples.varchar(6),
                                nul(TestingFlinkSamples.bigint(), 3, fraction),
                                3),
                        5,
                        fraction));
        f.put("bag", TestingFlinkSamples.multiset(TestingFlinkSamples.varchar(2), 4));
        f.put("deep", nul(deep(fraction), 6, fraction));
        f.put("matrix", array(nul(array(TestingFlinkSamples.doubles(), 3), 4, fraction), 3));
        return row(f);
    }

    private static FlinkSample nul(FlinkSample sample, int oneIn, double fraction) {
        return Double.isNaN(fraction)
                ? nullable(sample, oneIn)
                : TestingFlinkSamples.nullableAt(sample, fraction);
    }

    /**
     * ROW<a INT, b ARRAY<ROW<c STRING, d MAP<INT, ARRAY<DATE>>>>, e ROW<f BOOLEAN>>: depth four.
     */
    private static FlinkSample deep(double fraction) {
        Map<String, FlinkSample> inner = new LinkedHashMap<>();
        inner.put("c", nul(TestingFlinkSamples.string(), 3, fraction));
        inner.put(
                "d",
                nul(
                        TestingFlinkSamples.map(
                                TestingFlinkSamples.integer(),
                                nul(
                                        array(nul(TestingFlinkSamples.date(), 3, fraction), 2),
                                        3,
                                        fraction),
                                2),
                        3,
                        fraction));
        Map<String, FlinkSample> leaf = new LinkedHashMap<>();
        leaf.put("f", nul(TestingFlinkSamples.bool(), 3, fraction));
        Map<String, FlinkSample> outer = new LinkedHashMap<>();
        outer.put("a", TestingFlinkSamples.integer());
        outer.put("b", nul(array(nul(row(inner), 4, fraction), 3), 4, fraction));
        outer.put("e", row(leaf));
        return row(outer);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    void peersReadExactlyWhatPqxWrote(Layout layout) throws Exception {
        FlinkSample table = table();
        RowType rowType = (RowType) table.type();
        List<Value> rows = draw(table, new Random(layout.toString().hashCode()));
        Path file =
                dir.resolve(
                        layout.codec()
                                + "-"
                                + layout.pages()
                                + "-"
                                + layout.dictionary()
                                + ".parquet");
        FileMetadataView written = write(file, rowType, rows, layout);
        assertPeersReadExactly(file, layout.toString(), rows);

        assertThat(new DuckDbSchemaReader(duckDb.connection()).read(file))
                .as("the schema DuckDB reads from the footer")
                .hasToString(written.schema().text());
        assertDuckDbMetadataAgrees(file, layout, written, rows);
        assertPagesAsLaidOut(file, layout);
        assertBloomFilterProbes(file, layout, rows);
    }

    /**
     * The whole table with every nullable column and nested field NULL at rate 0, 0.1, 0.5 and 1,
     * in pages v1 and v2: the peers read exactly the values that went in.
     */
    @ParameterizedTest(name = "null fraction {0}")
    @MethodSource("nullFractions")
    void peersReadExactlyWhatPqxWroteAtEveryNullRate(double fraction) throws Exception {
        FlinkSample table = table(fraction);
        RowType rowType = (RowType) table.type();
        for (Layout layout :
                List.of(
                        new Layout(Compression.ZSTD, PageVersion.V1, true, "big"),
                        new Layout(Compression.SNAPPY, PageVersion.V2, false, "big"))) {
            List<Value> rows = draw(table, new Random(Double.hashCode(fraction)));
            long nulls = rows.stream().filter(v -> v.json().contains("\"big\":null")).count();
            assertThat((double) nulls / ROWS)
                    .as("null rate of big")
                    .isCloseTo(fraction, Offset.offset(0.05));
            Path file = dir.resolve("nulls-" + fraction + "-" + layout.pages() + ".parquet");
            write(file, rowType, rows, layout);
            assertPeersReadExactly(file, layout + " at null fraction " + fraction, rows);
        }
    }

    private static List<Value> draw(FlinkSample table, Random random) {
        List<Value> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(table.draw(random));
        }
        return rows;
    }

    private static FileMetadataView write(
            Path file, RowType rowType, List<Value> rows, Layout layout) throws Exception {
        WriteOptions options =
                WriteOptions.builder()
                        .codec(layout.codec())
                        .pageVersion(layout.pages())
                        .dictionaryEnabled(layout.dictionary())
                        .rowGroupRows(ROW_GROUP_ROWS)
                        .pageRowLimit(128)
                        .bloomFilter(
                                layout.bloomColumn(), new BloomFilterSpec(ROW_GROUP_ROWS, 0.01))
                        .build();
        try (ParquetWriter writer =
                ParquetWriter.builder(rowType)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (Value row : rows) {
                writer.write((RowData) row.internal());
            }
            return writer.finish();
        }
    }

    /**
     * DuckDB 2.0, Arrow C++, parquet-java and pqx itself read the file with exactly the values
     * computed from the input rows. (DuckDB 2.0 now decodes DELTA_BYTE_ARRAY FIXED_LEN_BYTE_ARRAY
     * columns and keeps TIMESTAMP(NANOS, UTC) to the nanosecond, which 1.4 did not.)
     */
    private static void assertPeersReadExactly(Path file, String what, List<Value> rows)
            throws Exception {
        List<String> expected = rows.stream().map(Value::json).toList();
        LineDiff.assertSameLines("DuckDB reading pqx's " + what, duckDb.render(file), expected);
        LineDiff.assertSameLines(
                "Arrow reading pqx's " + what, ArrowJsonRenderer.render(file), expected);
        LineDiff.assertSameLines(
                "parquet-java reading pqx's " + what,
                ParquetJavaJsonRenderer.render(file),
                expected);
        LineDiff.assertSameLines(
                "pqx reading pqx's " + what, PqxJsonRenderer.render(file), expected);
    }

    /** Row groups, codecs, dictionary pages and statistics as DuckDB reads them from the footer. */
    private static void assertDuckDbMetadataAgrees(
            Path file, Layout layout, FileMetadataView written, List<Value> rows) throws Exception {
        String query =
                "SELECT row_group_id, row_group_num_rows, path_in_schema, compression,"
                        + " stats_min_value, stats_max_value, stats_null_count, dictionary_page_offset"
                        + " FROM parquet_metadata(?) ORDER BY row_group_id, column_id";
        int rowGroups = 0;
        try (PreparedStatement statement = duckDb.connection().prepareStatement(query)) {
            statement.setString(1, file.toString());
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    int rowGroup = rs.getInt("row_group_id");
                    rowGroups = Math.max(rowGroups, rowGroup + 1);
                    long first = (long) rowGroup * ROW_GROUP_ROWS;
                    long count = Math.min(ROW_GROUP_ROWS, ROWS - first);
                    String path = rs.getString("path_in_schema");
                    assertThat(rs.getLong("row_group_num_rows"))
                            .as("rows of row group %d", rowGroup)
                            .isEqualTo(count);
                    assertThat(rs.getString("compression"))
                            .as("codec of %s", path)
                            .isEqualTo(layout.codec().name());
                    if (path.equals("id")) {
                        assertThat(rs.getString("stats_min_value")).isEqualTo(Long.toString(first));
                        assertThat(rs.getString("stats_max_value"))
                                .isEqualTo(Long.toString(first + count - 1));
                        assertThat(rs.getLong("stats_null_count")).isZero();
                    } else if (path.equals("big")) {
                        assertThat(rs.getLong("stats_null_count"))
                                .as("nulls of big in row group %d", rowGroup)
                                .isEqualTo(nulls(rows, (int) first, (int) count, "\"big\":null"));
                    } else if (path.equals("category")) {
                        assertThat(rs.getObject("dictionary_page_offset") != null)
                                .as("dictionary page of category")
                                .isEqualTo(layout.dictionary());
                        List<String> values =
                                rows.subList((int) first, (int) (first + count)).stream()
                                        .map(v -> field(v.json(), "category"))
                                        .sorted()
                                        .toList();
                        assertThat("\"" + rs.getString("stats_min_value") + "\"")
                                .isEqualTo(values.get(0));
                        assertThat("\"" + rs.getString("stats_max_value") + "\"")
                                .isEqualTo(values.get(values.size() - 1));
                    }
                }
            }
        }
        assertThat(rowGroups)
                .isEqualTo(written.rowGroups().size())
                .isEqualTo((ROWS + ROW_GROUP_ROWS - 1) / ROW_GROUP_ROWS);
    }

    private static long nulls(List<Value> rows, int from, int count, String marker) {
        return rows.subList(from, from + count).stream()
                .filter(v -> v.json().contains(marker))
                .count();
    }

    /** parquet-java's page reader sees v1 or v2 data pages, and dictionary pages iff asked for. */
    private static void assertPagesAsLaidOut(Path file, Layout layout) throws Exception {
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            PageReadStore rowGroup = reader.readNextRowGroup();
            PageReader category =
                    rowGroup.getPageReader(schema.getColumnDescription(new String[] {"category"}));
            assertThat(category.readDictionaryPage() != null)
                    .as("dictionary page")
                    .isEqualTo(layout.dictionary());
            DataPage page = category.readPage();
            assertThat(page)
                    .isInstanceOf(
                            layout.pages() == PageVersion.V2 ? DataPageV2.class : DataPageV1.class);
            PageReader id =
                    rowGroup.getPageReader(schema.getColumnDescription(new String[] {"id"}));
            int pages = 0;
            while (id.readPage() != null) {
                pages++;
            }
            assertThat(pages)
                    .as("pages of id (at most 128 rows each)")
                    .isGreaterThanOrEqualTo(ROW_GROUP_ROWS / 128);
        }
    }

    /** DuckDB's bloom filter probe finds a written value and excludes an absent one. */
    private static void assertBloomFilterProbes(Path file, Layout layout, List<Value> rows)
            throws Exception {
        String column = layout.bloomColumn();
        String present =
                rows.stream()
                        .map(v -> field(v.json(), column))
                        .filter(s -> !s.equals("null"))
                        .findFirst()
                        .orElseThrow();
        String absent = column.equals("category") ? "'no such value'" : "-12345";
        String probe =
                "SELECT bool_or(bloom_filter_excludes) AS any_excluded,"
                        + " bool_and(bloom_filter_excludes) AS all_excluded FROM parquet_bloom_probe(?,"
                        + " '"
                        + column
                        + "', %s)";
        try (PreparedStatement statement =
                duckDb.connection().prepareStatement(probe.formatted(sqlLiteral(present)))) {
            statement.setString(1, file.toString());
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                assertThat(rs.getBoolean("all_excluded"))
                        .as("%s = %s excluded everywhere", column, present)
                        .isFalse();
            }
        }
        try (PreparedStatement statement =
                duckDb.connection().prepareStatement(probe.formatted(absent))) {
            statement.setString(1, file.toString());
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                assertThat(rs.getBoolean("any_excluded"))
                        .as("%s = %s excluded by some row group's filter", column, absent)
                        .isTrue();
            }
        }
    }

    /** The JSON token of a top-level scalar field in an expected line. */
    private static String field(String json, String name) {
        int start = json.indexOf("\"" + name + "\":") + name.length() + 3;
        int end =
                json.charAt(start) == '"'
                        ? json.indexOf('"', start + 1) + 1
                        : json.indexOf(',', start);
        return json.substring(start, end);
    }

    private static String sqlLiteral(String jsonToken) {
        return jsonToken.startsWith("\"")
                ? "'" + jsonToken.substring(1, jsonToken.length() - 1).replace("'", "''") + "'"
                : jsonToken;
    }
}
