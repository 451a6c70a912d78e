package io.pqx.bench.format;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.BenchmarkSuite;
import io.pqx.bench.Timed;
import io.pqx.bench.WorkFiles;
import io.pqx.bench.format.FormatContenders.CrcContenders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.flink.table.data.RowData;

/**
 * Suite {@code format}: pqx's {@code ParquetWriter} and {@code ParquetReader} against
 * parquet-java's writer and column-level reader and against DuckDB ({@code SET threads=1}: {@code
 * COPY} from an in-memory table, aggregates over {@code read_parquet}), single-threaded, on one
 * in-memory {@link LineitemTable} (default 5,000,000 rows) with the same {@link FormatSettings}.
 *
 * <p>Prints {@code RESULT format_write}, {@code format_read} (the readers on pqx's file), {@code
 * format_read_peerfile} (on parquet-java's file), {@code format_read_duckdbfile} (on DuckDB's file)
 * and {@code format_read_column} (one column of pqx's file), each against parquet-java and, as
 * {@code <measurement>_vs_duckdb} (wall) and {@code <measurement>_vs_duckdb_cpu} (process CPU),
 * against DuckDB; and {@code format_crc_write} and {@code format_crc_read} (pqx with page CRCs on
 * against off, see {@link CrcCostRounds}) and {@code format_encrypt_write_<variant>} and {@code
 * format_encrypt_read_<variant>} (pqx with Parquet modular encryption against plain, see {@link
 * EncryptionCostRounds}), each the median of the measured rounds, plus file sizes, row groups,
 * per-column sizes, per-round figures and an untimed full-content verification. The generation of
 * the table is not timed. Runs on the caller's thread.
 */
public final class FormatSuite implements BenchmarkSuite {

    static final long DEFAULT_ROWS = 5_000_000;

    /** The whole suite, every measurement below; {@code --case C} runs one case. */
    static final String ALL = "all";

    /**
     * The encryption cost alone: {@link EncryptionCostRounds} (plain pqx against each encrypting
     * variant, writes and scans) without the suite's other contenders, for profiling it.
     */
    static final String ENCRYPTION = "encryption";

    /** The cases {@code --case C} accepts; without it the suite runs {@value #ALL}. */
    static final List<String> CASES = List.of(ALL, ENCRYPTION);

    /** System property that turns DuckDB off ({@code false}); on by default. */
    static final String DUCKDB_PROPERTY = "pqx.bench.format.duckdb";

    @Override
    public String name() {
        return "format";
    }

    @Override
    public String summary() {
        return "pqx's Parquet writer and full-scan reader vs parquet-java's and DuckDB's (1 thread),"
                + " lineitem-like table "
                + "(default "
                + DEFAULT_ROWS
                + " rows)";
    }

    @Override
    public void run(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        String only = args.onlyCase().orElse(ALL);
        if (!CASES.contains(only)) {
            report.failure(
                    "Cannot run suite format: unknown case '%s' (cases: %s)",
                    only, String.join(", ", CASES));
            return;
        }
        if (only.equals(ENCRYPTION) && args.peerOnly()) {
            report.failure(
                    "Cannot run suite format: case encryption measures pqx, not --peer-only");
            return;
        }
        FormatSettings settings = FormatSettings.standard();
        long rows = args.rowsOr(DEFAULT_ROWS);
        report.setting("rows", rows);
        report.setting("default_rows", DEFAULT_ROWS);
        report.info(
                "format rows=%d rounds=%d warmups=%d seed=%d%s",
                rows,
                args.rounds(),
                args.warmups(),
                args.seed(),
                args.peerOnly() ? " peer-only" : "");
        report.info("format settings %s (same for both writers)", settings.describe());
        List<RowData> table = LineitemGenerator.inMemoryTable("format", args.seed(), rows, report);
        Path dir = Files.createTempDirectory(args.workDir(), "pqx-bench-format-");
        if (only.equals(ENCRYPTION)) {
            try {
                runEncryptionCase(args, settings, new TableRuns(table, dir, report));
            } finally {
                cleanUp(args, dir, report);
            }
            return;
        }
        DuckDbSession duckdb = withDuckDb() ? loadedDuckDb(table, report) : null;
        try {
            TableRuns runs = new TableRuns(table, dir, report);
            List<TableWriter> writers = FormatContenders.writers(settings, args.peerOnly(), duckdb);
            List<TableScanner> scanners = FormatContenders.scanners(args.peerOnly());
            CrcContenders crcOff = FormatContenders.crcOff(settings, args.peerOnly());
            FormatRounds rounds =
                    new FormatRounds(
                            runs,
                            writers,
                            scanners,
                            crcOff == null ? null : crcCost(runs, writers, scanners, crcOff),
                            args.peerOnly()
                                    ? null
                                    : new EncryptionCostRounds(
                                            runs,
                                            writers.get(0),
                                            scanners.get(0),
                                            EncryptedContenders.all(settings)),
                            duckdb == null ? null : new DuckDbTableReader(duckdb));
            runRounds(args, rounds);
            rounds.verifyContent();
            printFiles(rounds.allWriters(), runs, report);
            rounds.printResults();
        } finally {
            if (duckdb != null) {
                duckdb.close();
            }
            cleanUp(args, dir, report);
        }
    }

    /**
     * Case {@value #ENCRYPTION}: the encryption cost's rounds alone, on pqx's plain writer and
     * reader, with their untimed verification and their lines (rounds, cost, allocation, sizes, the
     * cipher's floor, RESULT).
     */
    private static void runEncryptionCase(
            BenchmarkArgs args, FormatSettings settings, TableRuns runs) throws Exception {
        EncryptionCostRounds rounds =
                new EncryptionCostRounds(
                        runs,
                        new PqxTableWriter(settings),
                        new PqxTableScanner(),
                        EncryptedContenders.all(settings));
        for (int w = 0; w < args.warmups(); w++) {
            rounds.round(String.format("warmup %d/%d", w + 1, args.warmups()), w % 2 == 1, false);
        }
        for (int r = 0; r < args.rounds(); r++) {
            int index = args.warmups() + r;
            rounds.round(String.format("round %d/%d", r + 1, args.rounds()), index % 2 == 1, true);
        }
        rounds.verifyContent(TableChecksum.of(runs.table(), ScanDepth.CONTENT));
        EncryptionCostReport report = rounds.report();
        report.printRounds();
        report.printCost();
        report.printResults();
    }

    private static void cleanUp(BenchmarkArgs args, Path dir, BenchmarkReport report)
            throws IOException {
        if (args.keepFiles()) {
            report.info("files kept in %s", dir);
        } else {
            deleteTree(dir);
        }
    }

    /** Whether DuckDB takes part: {@code -Dpqx.bench.format.duckdb=false} leaves it out. */
    private static boolean withDuckDb() {
        return Boolean.parseBoolean(System.getProperty(DUCKDB_PROPERTY, "true"));
    }

    /** A single-threaded DuckDB holding {@code table} in memory; the load is not timed. */
    private static DuckDbSession loadedDuckDb(List<RowData> table, BenchmarkReport report)
            throws Exception {
        DuckDbSession session = DuckDbSession.open();
        try {
            Timed<Void> load =
                    Timed.run(
                            () -> {
                                session.load(table);
                                return null;
                            });
            report.info(
                    "duckdb %s threads=1: loaded %d rows into an in-memory table in %.1f s (not"
                            + " timed)",
                    session.version(), table.size(), load.seconds());
            return session;
        } catch (Exception e) {
            session.close();
            throw e;
        }
    }

    /** The CRC cost of pqx: the first writer and scanner whenever there are CRC-off contenders. */
    private static CrcCostRounds crcCost(
            TableRuns runs,
            List<TableWriter> writers,
            List<TableScanner> scanners,
            CrcContenders crcOff) {
        return new CrcCostRounds(runs, writers.get(0), scanners.get(0), crcOff);
    }

    private static void runRounds(BenchmarkArgs args, FormatRounds rounds) throws Exception {
        for (int w = 0; w < args.warmups(); w++) {
            rounds.round(w, String.format("warmup %d/%d", w + 1, args.warmups()), false);
        }
        for (int r = 0; r < args.rounds(); r++) {
            rounds.round(
                    args.warmups() + r, String.format("round %d/%d", r + 1, args.rounds()), true);
        }
    }

    private static void printFiles(
            List<TableWriter> writers, TableRuns runs, BenchmarkReport report) throws IOException {
        Map<String, FileFacts> facts = new LinkedHashMap<>();
        for (TableWriter writer : writers) {
            facts.put(writer.name(), FileFacts.of(runs.fileOf(writer)));
        }
        facts.forEach((who, f) -> report.info("created_by %s=\"%s\"", who, f.createdBy()));
        for (String column : facts.values().iterator().next().columns().keySet()) {
            report.info("column %s%s", column, sideBySide(facts, f -> f.columns().get(column)));
        }
        report.info("size%s", sideBySide(facts, f -> Long.toString(f.bytes())));
        report.info("rowgroups%s", sideBySide(facts, f -> Integer.toString(f.rowGroups())));
        report.info("rows%s", sideBySide(facts, f -> Long.toString(f.rows())));
        report.info(
                "page_crcs%s (pages with a CRC / pages)", sideBySide(facts, FileFacts::pageCrcs));
    }

    private static String sideBySide(
            Map<String, FileFacts> facts, Function<FileFacts, String> fact) {
        StringBuilder line = new StringBuilder();
        facts.forEach((who, f) -> line.append(' ').append(who).append('=').append(fact.apply(f)));
        return line.toString();
    }

    private static void deleteTree(Path dir) throws IOException {
        WorkFiles.deleteTree(dir);
    }
}
