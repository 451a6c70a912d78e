package io.pqx.bench.source;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Throughput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;

/**
 * A query's page floor measured once in every measured round, beside that round's readers, and its
 * bounds taken round by round: {@code INFO paired_floor}. The floor line ({@link PageFloorLine})
 * sets the floor's best of five runs, measured at one moment, against the readers' medians, taken
 * at others; on a shared machine whose speed comes and goes over seconds, that moves the bounds
 * more than the figures they bound. Here each round's floor is set against the same round's
 * readers.
 *
 * <p>The floor is the floor line's last one: every page read and decompressed ({@link PageFloor}),
 * for a filtered query with the strings' walk and the filter's test ({@link PageWalkFloor}), and
 * where the pages carry CRCs with their check. Not thread-safe.
 */
final class PairedFloor {
    private final Path file;
    private final SourceQuery query;
    private final long tableRows;
    private final Throughput floor = new Throughput();

    private PairedFloor(Path file, SourceQuery query, long tableRows) {
        this.file = file;
        this.query = query;
        this.tableRows = tableRows;
    }

    /** The paired floor of {@code query} over {@code file}; null when no page floor bounds it. */
    @Nullable
    static PairedFloor of(Path file, SourceQuery query, long tableRows) {
        return query.hasPageFloor() ? new PairedFloor(file, query, tableRows) : null;
    }

    /** Measures the floor once, for the round just run, after a full GC (not timed). */
    void measureRound() throws IOException {
        System.gc();
        PageFloor.Figures figures = PageFloor.measure(file, query.columnsRead(), 1);
        long walk = query.filters() ? PageWalkFloor.measure(file, query, 1) : 0;
        floor.add(tableRows, figures.totalNanos() + walk + figures.crcNanos());
    }

    /**
     * Prints {@code INFO paired_floor <query> floor=…s rounds=… vs_duckdb_at_most=…(q1 …, q3 …)
     * late_reader_ratio_at_most=…(…) pqx_reader_over_floor=…(…)}, for the readers among {@code
     * threadCpu} (thread-CPU throughputs by label, one round each per floor round).
     */
    void print(String query, Map<String, Throughput> threadCpu, BenchmarkReport report) {
        if (floor.rounds() == 0) {
            return;
        }
        StringBuilder line = new StringBuilder();
        for (List<String> bound :
                List.of(
                        List.of("duckdb", "vs_duckdb_at_most"),
                        List.of("pqx_reader_nolate", "late_reader_ratio_at_most"),
                        List.of(FigureLines.PQX_READER, "pqx_reader_over_floor"))) {
            Throughput reader = threadCpu.get(bound.get(0));
            if (reader != null && reader.rounds() == floor.rounds()) {
                // the floor's throughput over the reader's: the reader's time over the floor's
                line.append(FigureLines.paired(bound.get(1), floor.pairedOver(reader), 2));
            }
        }
        report.info(
                "paired_floor %s floor=%.3fs rounds=%d%s (thread CPU; each round's floor, with the"
                        + " walk and the CRC where the query has them, against the same round's"
                        + " readers: median, quartiles)",
                query, tableRows / floor.median(), floor.rounds(), line);
    }
}
