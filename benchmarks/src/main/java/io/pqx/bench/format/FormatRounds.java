package io.pqx.bench.format;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.Throughput;
import io.pqx.bench.Timed;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.Nullable;

/**
 * The rounds of the {@code format} suite and their figures. A round has every writer write the
 * table to its own file, then every scanner read every file: {@code format_read} is the scan of
 * pqx's file, {@code format_read_peerfile} of parquet-java's, {@code format_read_duckdbfile} of
 * DuckDB's, so each line compares the readers on the same bytes; then {@code format_read_column}
 * reads one column of the first writer's file. With a {@link DuckDbTableReader}, DuckDB writes
 * ({@link DuckDbTableWriter} among the writers) and runs its aggregate queries in the same rounds;
 * its figures go into the same measurements and come out as {@code <measurement>_vs_duckdb} (wall)
 * and {@code _vs_duckdb_cpu} (process CPU) lines.
 *
 * <p>With {@link CrcCostRounds}, each round ends with its measurement of what CRCs cost pqx, on the
 * same table and file, and its lines ({@link CrcCostReport}) go among the suite's results; so does
 * {@link EncryptionCostRounds}, what Parquet modular encryption costs pqx ({@link
 * EncryptionCostReport}).
 *
 * <p>Every timed run starts after a full collection ({@link Timed#afterGc}) and contenders
 * alternate who goes first from round to round, so neither pays for the other's garbage. Every
 * timed scan is checked against the generator's checksum. Used by {@link FormatSuite} on its
 * thread; not thread-safe.
 */
final class FormatRounds {

    static final String WRITE = "format_write";
    static final String READ = "format_read";
    static final String READ_PEER_FILE = "format_read_peerfile";
    static final String READ_DUCKDB_FILE = "format_read_duckdbfile";
    static final String READ_COLUMN = "format_read_column";

    /** Suffix of the measurements against DuckDB: {@code format_write_vs_duckdb} etc. */
    static final String VS_DUCKDB = "_vs_duckdb";

    /**
     * pqx's single-threaded write against DuckDB's, in CPU time: at least as fast per CPU-second.
     */
    static final double DUCKDB_WRITE_CPU_TARGET = 1.0;

    private final TableRuns runs;
    private final List<TableWriter> writers;
    private final List<TableScanner> scanners;
    @Nullable private final CrcCostRounds crcCost;
    @Nullable private final EncryptionCostRounds encryptionCost;
    @Nullable private final DuckDbTableReader duckdb;
    private final DuckDbAggregateQuery allColumns = DuckDbAggregateQuery.allColumns();
    private final DuckDbAggregateQuery oneColumn =
            DuckDbAggregateQuery.column(DuckDbTableReader.ONE_COLUMN);
    private final TableChecksum expectedColumn;
    @Nullable private final DuckDbAggregates expectedAll;
    @Nullable private final DuckDbAggregates expectedOne;
    private final BenchmarkReport report;
    private final RoundFigures figures;

    FormatRounds(
            TableRuns runs,
            List<TableWriter> writers,
            List<TableScanner> scanners,
            @Nullable CrcCostRounds crcCost,
            @Nullable EncryptionCostRounds encryptionCost,
            @Nullable DuckDbTableReader duckdb) {
        this.runs = runs;
        this.expectedColumn = TableChecksum.ofColumn(runs.table(), DuckDbTableReader.ONE_COLUMN);
        this.writers = writers;
        this.scanners = scanners;
        this.crcCost = crcCost;
        this.encryptionCost = encryptionCost;
        this.duckdb = duckdb;
        this.expectedAll = duckdb == null ? null : allColumns.expected(runs.table());
        this.expectedOne = duckdb == null ? null : oneColumn.expected(runs.table());
        this.report = runs.report();
        this.figures = new RoundFigures(runs.table().size());
    }

    /** Every writer whose file the report describes: the contenders, then pqx without CRCs. */
    List<TableWriter> allWriters() {
        List<TableWriter> all = new ArrayList<>(writers);
        if (crcCost != null) {
            all.add(crcCost.writer());
        }
        return all;
    }

    /** The read measurement over the file {@code writer} wrote. */
    static String readMeasurementOf(TableWriter writer) {
        return switch (writer.name()) {
            case FormatContenders.PQX -> READ;
            case FormatContenders.DUCKDB -> READ_DUCKDB_FILE;
            default -> READ_PEER_FILE;
        };
    }

    /** Runs round {@code index} (0-based); its figures count only when {@code measured}. */
    void round(int index, String label, boolean measured) throws Exception {
        boolean reversed = index % 2 == 1;
        List<String> line = new ArrayList<>();
        for (TableWriter writer : TableRuns.ordered(writers, reversed)) {
            line.add(figures.add(WRITE, writer.name(), runs.write(writer), measured));
        }
        runs.print(label, WRITE, line);
        for (TableWriter writer : writers) {
            line.clear();
            String measurement = readMeasurementOf(writer);
            if (duckdb != null && reversed) {
                line.add(duckdbRead(measurement, writer, allColumns, expectedAll, measured));
            }
            for (TableScanner scanner : TableRuns.ordered(scanners, reversed)) {
                line.add(scan(measurement, scanner, writer, measured));
            }
            if (duckdb != null && !reversed) {
                line.add(duckdbRead(measurement, writer, allColumns, expectedAll, measured));
            }
            runs.print(label, measurement, line);
        }
        columnReads(label, reversed, measured);
        if (crcCost != null) {
            crcCost.round(label, reversed, measured);
        }
        if (encryptionCost != null) {
            encryptionCost.round(label, reversed, measured);
        }
    }

    /**
     * {@link #READ_COLUMN}: every reader reads column {@value DuckDbTableReader#ONE_COLUMN} alone
     * from the first writer's file (pqx's, unless {@code --peer-only}).
     */
    private void columnReads(String label, boolean reversed, boolean measured) throws Exception {
        TableWriter first = writers.get(0);
        List<String> line = new ArrayList<>();
        if (duckdb != null && reversed) {
            line.add(duckdbRead(READ_COLUMN, first, oneColumn, expectedOne, measured));
        }
        for (TableScanner scanner : TableRuns.ordered(scanners, reversed)) {
            Timed<TableChecksum> scan =
                    Timed.afterGc(
                            () ->
                                    scanner.scanColumn(
                                            runs.fileOf(first), DuckDbTableReader.ONE_COLUMN));
            runs.check(scanner, first, scan.value(), expectedColumn);
            line.add(figures.add(READ_COLUMN, scanner.name(), scan, measured));
        }
        if (duckdb != null && !reversed) {
            line.add(duckdbRead(READ_COLUMN, first, oneColumn, expectedOne, measured));
        }
        runs.print(label, READ_COLUMN, line);
    }

    /** DuckDB runs {@code query} over {@code writer}'s file, timed, and its result is checked. */
    private String duckdbRead(
            String measurement,
            TableWriter writer,
            DuckDbAggregateQuery query,
            DuckDbAggregates wanted,
            boolean measured)
            throws Exception {
        Timed<DuckDbAggregates> read = Timed.afterGc(() -> duckdb.read(runs.fileOf(writer), query));
        if (!read.value().matches(wanted)) {
            report.failure(
                    "%s read %s's file wrongly: got %s, want %s",
                    duckdb.name(), writer.name(), read.value(), wanted);
        }
        return figures.add(measurement, duckdb.name(), read, measured);
    }

    private String scan(
            String measurement, TableScanner scanner, TableWriter writer, boolean measured)
            throws Exception {
        Timed<TableChecksum> scan =
                Timed.afterGc(() -> scanner.scan(runs.fileOf(writer), ScanDepth.LENGTHS));
        runs.check(scanner, writer, scan.value(), runs.expected());
        return figures.add(measurement, scanner.name(), scan, measured);
    }

    /** Scans every file with every scanner reading every byte, untimed; reports any mismatch. */
    void verifyContent() throws Exception {
        TableChecksum content = TableChecksum.of(runs.table(), ScanDepth.CONTENT);
        for (TableWriter writer : writers) {
            for (TableScanner scanner : scanners) {
                TableChecksum got = scanner.scan(runs.fileOf(writer), ScanDepth.CONTENT);
                if (runs.check(scanner, writer, got, content)) {
                    runs.verified(scanner, writer);
                }
            }
        }
        if (duckdb != null) {
            for (TableWriter writer : writers) {
                DuckDbAggregates got = duckdb.read(runs.fileOf(writer), allColumns);
                if (got.matches(expectedAll)) {
                    report.info(
                            "verified duckdb's aggregates over %s's file: %d rows, every column's"
                                    + " sum equal to the generated table's",
                            writer.name(), got.rows());
                } else {
                    report.failure(
                            "duckdb read %s's file wrongly: got %s, want %s",
                            writer.name(), got, expectedAll);
                }
            }
        }
        if (crcCost != null) {
            crcCost.verifyContent(content);
        }
        if (encryptionCost != null) {
            encryptionCost.verifyContent(content);
        }
    }

    /**
     * Prints each measurement's rounds and CPU-time figures, then one RESULT line per measurement
     * both pqx and the peer took part in (wall-clock medians), then the lines against DuckDB; the
     * CRC cost's lines go after each part of the suite's.
     */
    void printResults() throws IOException, GeneralSecurityException {
        CrcCostReport crc = crcCost == null ? null : crcCost.report();
        EncryptionCostReport encryption = encryptionCost == null ? null : encryptionCost.report();
        figures.wall()
                .forEach(
                        (measurement, wall) -> {
                            figures.printRounds(report, measurement);
                            if (compared(wall)) {
                                report.info(
                                        "cpu %s",
                                        comparison(measurement, figures.cpu().get(measurement))
                                                .resultLine()
                                                .substring("RESULT ".length())
                                                .replace("unit=rows/s", "unit=rows/cpu-s"));
                            } else {
                                wall.forEach(
                                        (who, t) ->
                                                report.info(
                                                        "%s-only %s %s=%.0f unit=rows/s",
                                                        who, measurement, who, t.median()));
                            }
                        });
        if (crc != null) {
            crc.printRounds();
        }
        if (encryption != null) {
            encryption.printRounds();
        }
        printOwnFileReads();
        if (crc != null) {
            crc.printCost();
        }
        if (encryption != null) {
            encryption.printCost();
        }
        printDuckDbCpu();
        figures.wall()
                .forEach(
                        (measurement, wall) -> {
                            if (compared(wall)) {
                                report.result(comparison(measurement, wall));
                            }
                        });
        figures.wall()
                .forEach(
                        (measurement, wall) ->
                                vsDuckDb(measurement, wall, "rows/s").ifPresent(report::result));
        figures.cpu()
                .forEach(
                        (measurement, cpu) ->
                                vsDuckDb(measurement, cpu, "rows/cpu-s")
                                        .map(
                                                c ->
                                                        new Comparison(
                                                                c.name() + "_cpu",
                                                                c.peer(),
                                                                c.pqxRowsPerSecond(),
                                                                c.peerRowsPerSecond(),
                                                                c.unit()))
                                        .ifPresent(report::result));
        if (crc != null) {
            crc.printResults();
        }
        if (encryption != null) {
            encryption.printResults();
        }
    }

    /**
     * pqx against DuckDB in {@code measurement}, named {@code <measurement>_vs_duckdb}, when both
     * took part.
     */
    private static Optional<Comparison> vsDuckDb(
            String measurement, Map<String, Throughput> byContender, String unit) {
        if (!byContender.containsKey(FormatContenders.PQX)
                || !byContender.containsKey(FormatContenders.DUCKDB)) {
            return Optional.empty();
        }
        return Optional.of(
                new Comparison(
                        measurement + VS_DUCKDB,
                        FormatContenders.DUCKDB,
                        byContender.get(FormatContenders.PQX).median(),
                        byContender.get(FormatContenders.DUCKDB).median(),
                        unit));
    }

    /**
     * Against DuckDB, the thread-CPU ratios too (DuckDB with one thread runs on the caller's
     * thread, so its thread CPU time is nearly its process CPU time; pqx's thread figure leaves out
     * its GC and JIT threads), and the write target (pqx at least 1.0x DuckDB), judged by process
     * CPU time (what the {@code RESULT ..._cpu} lines report).
     */
    private void printDuckDbCpu() {
        figures.threadCpu()
                .forEach(
                        (measurement, thread) ->
                                vsDuckDb(measurement, thread, "rows/thread-cpu-s")
                                        .map(c -> c.resultLine().substring("RESULT ".length()))
                                        .ifPresent(line -> report.info("thread-cpu %s", line)));
        vsDuckDb(WRITE, figures.cpu().getOrDefault(WRITE, Map.of()), "rows/cpu-s")
                .ifPresent(
                        c ->
                                report.info(
                                        "target %s_cpu ratio=%.3f target>=%.1f: %s",
                                        c.name(),
                                        c.ratio(),
                                        DUCKDB_WRITE_CPU_TARGET,
                                        c.ratio() >= DUCKDB_WRITE_CPU_TARGET ? "met" : "NOT met"));
    }

    private void printOwnFileReads() {
        Map<String, Throughput> read = figures.wall().getOrDefault(READ, Map.of());
        Map<String, Throughput> peerFile = figures.wall().getOrDefault(READ_PEER_FILE, Map.of());
        if (read.containsKey(FormatContenders.PQX) && peerFile.containsKey(FormatContenders.PEER)) {
            double own = read.get(FormatContenders.PQX).median();
            double peerOwn = peerFile.get(FormatContenders.PEER).median();
            report.info(
                    "own-file read pqx(pqx file)=%.0f parquetjava(parquetjava file)=%.0f ratio=%.3f"
                            + " unit=rows/s",
                    own, peerOwn, own / peerOwn);
        }
    }

    private static boolean compared(Map<String, Throughput> byContender) {
        return byContender.containsKey(FormatContenders.PQX)
                && byContender.containsKey(FormatContenders.PEER);
    }

    private static Comparison comparison(String measurement, Map<String, Throughput> byContender) {
        return new Comparison(
                measurement,
                FormatContenders.PEER,
                byContender.get(FormatContenders.PQX).median(),
                byContender.get(FormatContenders.PEER).median());
    }
}
