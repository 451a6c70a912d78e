package io.pqx.e2e.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import io.pqx.tools.json.JsonValues;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The size sweep: tables of every row count from 1 to 300, and a few large ones with several row
 * groups and small pages, written by DuckDB 2.0, Arrow C++ and pqx, each read by the others. This
 * is where padding, last-page and last-run bugs hide (a bit-packed run or a miniblock cut short, or
 * padded past the page's value count, at the end of a page or row group). The columns are the ones
 * those bugs live in: a nullable BIGINT, dictionary strings with nulls, a nullable list of nullable
 * BIGINTs (empty lists too), a nullable BOOLEAN and unique strings (which overflow Arrow's
 * dictionary in the large tables).
 *
 * <p>Every row's values are a function of its index, computed here in Java ({@link #json}) and in
 * SQL ({@link #QUERY}) by the same formulas, so the expected rendering of every file is known
 * without any reader; each writer's own reading of its file is checked against it too (for a sample
 * of the sizes, which suffices to show the SQL and Java formulas agree). Failures are collected
 * over all sizes, so one run names every failing (writer, settings, size).
 */
class SizeSweepInteropITCase {

    private static final int MAX_SMALL = 300;
    private static final int[] LARGE = {4099, 100_003};

    /** The sweep table of {@code :rows} rows in SQL; {@link #json} is the same in Java. */
    private static final String QUERY =
            """
            SELECT
              i::INTEGER AS id,
              CASE WHEN i % 3 = 1 THEN NULL ELSE i * 2654435761 % 1000003 - 500000 END AS n,
              CASE WHEN i % 5 = 2 THEN NULL ELSE 'k' || (i % 7) END AS s,
              CASE WHEN i % 6 = 5 THEN NULL
                   ELSE list_transform(range(i % 4), lambda x: CASE WHEN x = 1 THEN NULL ELSE i + x END)
                   END AS l,
              CASE WHEN i % 7 = 3 THEN NULL ELSE i % 2 = 0 END AS b,
              md5(i::VARCHAR) AS u
            FROM range(0, :rows) t(i)\
            """;

    private static final RowType ROW_TYPE =
            RowType.of(
                    new LogicalType[] {
                        new IntType(false),
                        new BigIntType(true),
                        VarCharType.STRING_TYPE,
                        new ArrayType(true, new BigIntType(true)),
                        new BooleanType(true),
                        VarCharType.STRING_TYPE.copy(false)
                    },
                    new String[] {"id", "n", "s", "l", "b", "u"});

    private static final String[] DUCKDB_CODECS = {
        "snappy", "zstd", "uncompressed", "gzip", "lz4_raw", "brotli"
    };
    private static final Compression[] PQX_CODECS = {
        Compression.ZSTD,
        Compression.SNAPPY,
        Compression.UNCOMPRESSED,
        Compression.GZIP,
        Compression.LZ4_RAW
    };

    @TempDir static Path dir;

    private static DuckDbJsonRenderer duckDb;

    @BeforeAll
    static void openDuckDb() throws Exception {
        Files.deleteIfExists(Path.of("target", "size-sweep-failures.txt"));
        duckDb = DuckDbJsonRenderer.open();
    }

    @AfterAll
    static void closeDuckDb() throws Exception {
        duckDb.close();
    }

    /** Every size, DuckDB 2.0 writing V1 and V2 (codecs in turn); pqx must read them exactly. */
    @Test
    void pqxReadsDuckDbFilesOfEverySize() throws Exception {
        List<String> failures = new ArrayList<>();
        int files = 0;
        for (int rows : sizes()) {
            List<String> expected = expected(rows);
            for (String version : List.of("V1", "V2")) {
                TestingDuckDbFiles.Layout layout =
                        new TestingDuckDbFiles.Layout(
                                DUCKDB_CODECS[rows % DUCKDB_CODECS.length],
                                rows > MAX_SMALL ? 2048 : 122_880,
                                version);
                Path file = dir.resolve("duckdb-" + rows + "-" + version + ".parquet");
                TestingDuckDbFiles.write(duckDb, file, query(rows), layout);
                files++;
                String what = "DuckDB 2.0 file of " + rows + " rows (" + layout + ")";
                if (selfCheck(rows)) {
                    check(failures, what + ", read by DuckDB", () -> duckDb.render(file), expected);
                }
                check(
                        failures,
                        what + ", read by pqx",
                        () -> PqxJsonRenderer.render(file),
                        expected);
            }
        }
        assertThat(files).isEqualTo(2 * sizes().length);
        assertThat(failures).as(report(failures)).isEmpty();
    }

    /** Every size, Arrow C++ writing row groups of 128 rows (10,000 when large); pqx reads them. */
    @Test
    void pqxReadsArrowFilesOfEverySize() throws Exception {
        List<String> failures = new ArrayList<>();
        for (int rows : sizes()) {
            List<String> expected = expected(rows);
            int rowGroupRows = rows > MAX_SMALL ? 10_000 : 128;
            Path file =
                    TestingArrowFiles.write(
                            duckDb, query(rows), rowGroupRows, dir.resolve("arrow-" + rows));
            String what =
                    "Arrow C++ file of " + rows + " rows (row groups of " + rowGroupRows + ")";
            if (selfCheck(rows)) {
                check(
                        failures,
                        what + ", read by Arrow",
                        () -> ArrowJsonRenderer.render(file),
                        expected);
            }
            check(failures, what + ", read by pqx", () -> PqxJsonRenderer.render(file), expected);
        }
        assertThat(failures).as(report(failures)).isEmpty();
    }

    /**
     * Every size, pqx writing pages v1 (odd sizes) or v2 (even sizes; large: both) of at most 64
     * rows in row groups of 256 (large: pages of at most 997 rows and 4 KiB, row groups of 20,000),
     * codecs in turn; DuckDB 2.0 and Arrow C++ must read them exactly.
     */
    @Test
    void peersReadPqxFilesOfEverySize() throws Exception {
        List<String> failures = new ArrayList<>();
        for (int rows : sizes()) {
            List<String> expected = expected(rows);
            boolean large = rows > MAX_SMALL;
            // Small sizes alternate the page version (odd sizes v1, even v2), large ones get both.
            List<PageVersion> versions =
                    large
                            ? List.of(PageVersion.V1, PageVersion.V2)
                            : List.of(rows % 2 == 1 ? PageVersion.V1 : PageVersion.V2);
            for (PageVersion pages : versions) {
                WriteOptions options =
                        WriteOptions.builder()
                                .codec(PQX_CODECS[rows % PQX_CODECS.length])
                                .pageVersion(pages)
                                .rowGroupRows(large ? 20_000 : 256)
                                .pageRowLimit(large ? 997 : 64)
                                .pageSizeBytes(large ? 4096 : 1 << 20)
                                .build();
                Path file = dir.resolve("pqx-" + rows + "-" + pages + ".parquet");
                write(file, rows, options);
                String what =
                        "pqx file of "
                                + rows
                                + " rows ("
                                + options.codec()
                                + ", pages "
                                + pages
                                + ", page row limit "
                                + options.pageRowLimit()
                                + ", row groups of "
                                + options.rowGroupRows()
                                + ")";
                if (selfCheck(rows)) {
                    check(
                            failures,
                            what + ", read by pqx",
                            () -> PqxJsonRenderer.render(file),
                            expected);
                }
                check(failures, what + ", read by DuckDB", () -> duckDb.render(file), expected);
                check(
                        failures,
                        what + ", read by Arrow",
                        () -> ArrowJsonRenderer.render(file),
                        expected);
            }
        }
        assertThat(failures).as(report(failures)).isEmpty();
    }

    /**
     * Whether the writer's own reading of a file of {@code rows} rows is checked too: often enough
     * to show that the SQL and the Java formulas of the table agree (they do or fail for all sizes
     * alike), not for every size, to keep the sweep short.
     */
    private static boolean selfCheck(int rows) {
        return rows % 25 == 1 || rows > MAX_SMALL;
    }

    private static int[] sizes() {
        return IntStream.concat(IntStream.rangeClosed(1, MAX_SMALL), IntStream.of(LARGE)).toArray();
    }

    private static String query(int rows) {
        return QUERY.replace(":rows", Integer.toString(rows));
    }

    private static List<String> expected(int rows) {
        List<String> lines = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            lines.add(json(i));
        }
        return lines;
    }

    /** Row {@code i} of the sweep table, rendered as JSON-RENDERING.md says. */
    private static String json(long i) {
        StringBuilder sb = new StringBuilder("{\"id\":").append(i);
        sb.append(",\"n\":").append(i % 3 == 1 ? "null" : Long.toString(n(i)));
        sb.append(",\"s\":").append(i % 5 == 2 ? "null" : "\"k" + (i % 7) + "\"");
        sb.append(",\"l\":");
        if (i % 6 == 5) {
            sb.append("null");
        } else {
            sb.append('[');
            for (int x = 0; x < i % 4; x++) {
                sb.append(x == 0 ? "" : ",").append(x == 1 ? "null" : Long.toString(i + x));
            }
            sb.append(']');
        }
        sb.append(",\"b\":").append(i % 7 == 3 ? "null" : Boolean.toString(i % 2 == 0));
        sb.append(",\"u\":").append(JsonValues.formatString(md5(i)));
        return sb.append('}').toString();
    }

    private static long n(long i) {
        return i * 2654435761L % 1000003 - 500000;
    }

    private static String md5(long i) {
        try {
            byte[] digest =
                    MessageDigest.getInstance("MD5")
                            .digest(Long.toString(i).getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes rows 0..rows-1 of the sweep table with pqx. */
    private static void write(Path file, int rows, WriteOptions options) throws Exception {
        try (ParquetWriter writer =
                ParquetWriter.builder(ROW_TYPE)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            GenericRowData row = new GenericRowData(6);
            for (long i = 0; i < rows; i++) {
                row.setField(0, (int) i);
                row.setField(1, i % 3 == 1 ? null : n(i));
                row.setField(2, i % 5 == 2 ? null : StringData.fromString("k" + (i % 7)));
                if (i % 6 == 5) {
                    row.setField(3, null);
                } else {
                    Object[] list = new Object[(int) (i % 4)];
                    for (int x = 0; x < list.length; x++) {
                        list[x] = x == 1 ? null : i + x;
                    }
                    row.setField(3, new GenericArrayData(list));
                }
                row.setField(4, i % 7 == 3 ? null : i % 2 == 0);
                row.setField(5, StringData.fromString(md5(i)));
                writer.write(row);
            }
        }
    }

    /** A reading that must give {@code expected}. */
    private interface Reading {
        List<String> lines() throws Exception;
    }

    /** Records a failure (a differing row or an exception) of one reading of one file. */
    private static void check(
            List<String> failures, String what, Reading reading, List<String> expected) {
        try {
            LineDiff.assertSameLines(what, reading.lines(), expected);
        } catch (AssertionError e) {
            failures.add(
                    String.join(
                            "\n    ",
                            e.getMessage()
                                    .lines()
                                    .limit(3)
                                    .map(l -> l.length() > 400 ? l.substring(0, 400) + "..." : l)
                                    .toList()));
        } catch (Exception e) {
            failures.add(what + ": " + e);
        }
    }

    /**
     * The first failures, for the assertion message; all of them also go to {@code
     * target/size-sweep-failures.txt} (one reading per line) for whoever fixes them.
     */
    private static String report(List<String> failures) {
        if (!failures.isEmpty()) {
            try {
                Path out = Path.of("target", "size-sweep-failures.txt");
                Files.createDirectories(out.getParent());
                Files.write(
                        out,
                        failures.stream().map(f -> f.replace("\n", " ")).toList(),
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return failures.size()
                + " failing readings:\n  "
                + String.join("\n  ", failures.subList(0, Math.min(60, failures.size())));
    }
}
