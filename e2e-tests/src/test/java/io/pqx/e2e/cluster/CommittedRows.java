package io.pqx.e2e.cluster;

import io.pqx.e2e.cluster.jobs.GeneratedRows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a sink committed under a directory, as DuckDB (a reader that is not pqx) reads it: the
 * visible Parquet files only (no path segment starting with {@code .} or {@code _}, which every
 * reader skips), their rows, distinct ids, ids outside {@code 0..expected-1}, rows whose payload is
 * not {@link GeneratedRows#payload} of their id, and, when partitioned by {@code part}, rows not in
 * the {@code part=<id mod PARTS>} directory. Files are listed by the test, not by a DuckDB glob, so
 * what counts as visible is decided here, by the rule pqx's source applies.
 *
 * @param files visible Parquet files
 * @param rows rows in them
 * @param distinctIds distinct ids among them
 * @param idsInRange distinct ids in {@code 0..expected-1}
 * @param badPayloads rows whose payload does not belong to their id
 * @param misplaced rows in another partition directory than their id's (0 when unpartitioned)
 */
record CommittedRows(
        int files, long rows, long distinctIds, long idsInRange, long badPayloads, long misplaced) {

    /** Reads the visible files under {@code dir}; ids are expected in {@code 0..expected-1}. */
    static CommittedRows read(Path dir, long expected, boolean partitioned) throws Exception {
        List<Path> files = visibleParquetFiles(dir);
        if (files.isEmpty()) {
            return new CommittedRows(0, 0, 0, 0, 0, 0);
        }
        String list =
                files.stream()
                        .map(f -> "'" + f.toAbsolutePath() + "'")
                        .collect(Collectors.joining(", ", "[", "]"));
        String from = " FROM read_parquet(" + list + ", filename = true)";
        String partitionOf = "regexp_extract(filename, '/part=([0-9]+)/[^/]*$', 1)";
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duck.createStatement()) {
            long rows;
            long distinct;
            long inRange;
            long misplaced;
            try (ResultSet r =
                    s.executeQuery(
                            "SELECT count(*), count(DISTINCT id),"
                                    + " count(DISTINCT id) FILTER (WHERE id >= 0 AND id < "
                                    + expected
                                    + "), "
                                    + (partitioned
                                            ? "count(*) FILTER (WHERE "
                                                    + partitionOf
                                                    + " IS DISTINCT FROM CAST(id % "
                                                    + GeneratedRows.PARTS
                                                    + " AS VARCHAR))"
                                            : "0")
                                    + from)) {
                r.next();
                rows = r.getLong(1);
                distinct = r.getLong(2);
                inRange = r.getLong(3);
                misplaced = r.getLong(4);
            }
            long badPayloads = 0;
            try (ResultSet r = s.executeQuery("SELECT id, payload" + from)) {
                while (r.next()) {
                    if (!GeneratedRows.payload(r.getLong(1)).equals(r.getString(2))) {
                        badPayloads++;
                    }
                }
            }
            return new CommittedRows(files.size(), rows, distinct, inRange, badPayloads, misplaced);
        }
    }

    /** Rows committed more than once. */
    long duplicates() {
        return rows - distinctIds;
    }

    /** Ids of {@code 0..expected-1} that no committed row has. */
    long losses(long expected) {
        return expected - idsInRange;
    }

    /** Ids outside {@code 0..expected-1} (a row that was never generated). */
    long strangers() {
        return distinctIds - idsInRange;
    }

    /** Visible {@code .parquet} files under {@code dir}, in name order. */
    static List<Path> visibleParquetFiles(Path dir) throws IOException {
        return walk(dir, false);
    }

    /**
     * Hidden files under {@code dir} (a name starting with {@code .} or {@code _}): in-progress
     * part files, row logs, markers.
     */
    static List<Path> hiddenFiles(Path dir) throws IOException {
        return walk(dir, true);
    }

    private static List<Path> walk(Path dir, boolean hidden) throws IOException {
        // A running job renames and deletes files while the walk passes them: walk again.
        for (int attempt = 1; ; attempt++) {
            try (Stream<Path> paths = Files.walk(dir)) {
                return paths.filter(Files::isRegularFile)
                        .filter(p -> hidden == isHidden(dir.relativize(p)))
                        .filter(p -> hidden || p.getFileName().toString().endsWith(".parquet"))
                        .sorted()
                        .toList();
            } catch (NoSuchFileException | UncheckedIOException e) {
                if (attempt == 5) {
                    throw e;
                }
            }
        }
    }

    private static boolean isHidden(Path relative) {
        for (Path segment : relative) {
            String name = segment.toString();
            if (name.startsWith(".") || name.startsWith("_")) {
                return true;
            }
        }
        return false;
    }
}
