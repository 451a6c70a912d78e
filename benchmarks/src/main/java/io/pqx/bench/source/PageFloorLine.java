package io.pqx.bench.source;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Throughput;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import javax.annotation.Nullable;

/**
 * Prints a query's page floor ({@link PageFloor}) next to the readers' thread-CPU times, and what
 * the floor allows at most: {@code vs_duckdb_at_most} (DuckDB's time over the floor: no reader's
 * ratio against DuckDB can pass it) and, for a late-materializing query, {@code
 * late_reader_ratio_at_most} (pqx without late materialization over the floor: what skipping the
 * decode of unselected rows can gain at most when every page holds a selected row). For a filtered
 * query it adds the {@link PageWalkFloor} ({@code walk}: the PLAIN strings' length prefixes walked
 * and the filter's range tested, which late materialization cannot skip either) and the same two
 * bounds over the floor with it ({@code with_walk}). Where the pages carry CRCs it adds their check
 * ({@code crc}), which pqx's reader makes by default and DuckDB does not, and the same two bounds
 * over everything before it with it ({@code with_crc}): the bounds of a reader that verifies page
 * checksums.
 */
final class PageFloorLine {
    private static final int RUNS = 5;

    private PageFloorLine() {}

    /**
     * Measures the floor of {@code columns} of {@code file} and prints {@code floor <query> ...};
     * {@code threadCpu} holds the readers' thread-CPU throughputs by label, in print order.
     */
    static void report(
            String query,
            Path file,
            Collection<String> columns,
            long tableRows,
            Map<String, Throughput> threadCpu,
            BenchmarkReport report)
            throws Exception {
        report(query, file, columns, tableRows, threadCpu, null, report);
    }

    /**
     * As above; for a {@code filtered} query (not null, with a filter) also its {@link
     * PageWalkFloor} and the bounds over the floor with it.
     */
    static void report(
            String query,
            Path file,
            Collection<String> columns,
            long tableRows,
            Map<String, Throughput> threadCpu,
            @Nullable SourceQuery filtered,
            BenchmarkReport report)
            throws Exception {
        PageFloor.Figures floor = PageFloor.measure(file, columns, RUNS);
        double floorSeconds = floor.totalNanos() / 1e9;
        StringBuilder line =
                new StringBuilder(
                        String.format(Locale.ROOT, "floor %s %s", query, floor.describe()));
        threadCpu.forEach(
                (label, figures) ->
                        line.append(
                                String.format(
                                        Locale.ROOT,
                                        " %s=%.3fs",
                                        label,
                                        tableRows / figures.median())));
        line.append(" (thread CPU)");
        Throughput duckdb = threadCpu.get("duckdb");
        Throughput nolate = threadCpu.get("pqx_reader_nolate");
        appendBounds(line, "", duckdb, nolate, tableRows, floorSeconds);
        double beforeCrc = floorSeconds;
        if (filtered != null && filtered.filters()) {
            double walk = PageWalkFloor.measure(file, filtered, RUNS) / 1e9;
            double withWalk = floorSeconds + walk;
            beforeCrc = withWalk;
            line.append(String.format(Locale.ROOT, " walk=%.3fs with_walk=%.3fs", walk, withWalk));
            appendBounds(line, "_with_walk", duckdb, nolate, tableRows, withWalk);
        }
        if (floor.crcNanos() > 0) {
            double crc = floor.crcNanos() / 1e9;
            double withCrc = beforeCrc + crc;
            line.append(String.format(Locale.ROOT, " crc=%.3fs with_crc=%.3fs", crc, withCrc));
            appendBounds(line, "_with_crc", duckdb, nolate, tableRows, withCrc);
        }
        report.floor("%s", line);
    }

    /**
     * Appends {@code vs_duckdb<qualifier>_at_most} (DuckDB's time over {@code seconds}) and {@code
     * late_reader_ratio<qualifier>_at_most} (pqx without late materialization over them), for the
     * readers measured.
     */
    private static void appendBounds(
            StringBuilder line,
            String qualifier,
            @Nullable Throughput duckdb,
            @Nullable Throughput nolate,
            long tableRows,
            double seconds) {
        if (seconds <= 0) {
            return;
        }
        if (duckdb != null) {
            line.append(
                    String.format(
                            Locale.ROOT,
                            " vs_duckdb%s_at_most=%.2f",
                            qualifier,
                            tableRows / duckdb.median() / seconds));
        }
        if (nolate != null) {
            line.append(
                    String.format(
                            Locale.ROOT,
                            " late_reader_ratio%s_at_most=%.2f",
                            qualifier,
                            tableRows / nolate.median() / seconds));
        }
    }
}
