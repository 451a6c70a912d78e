package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.BenchmarkSuite;
import io.pqx.bench.Comparison;
import io.pqx.bench.Throughput;
import io.pqx.bench.WorkFiles;
import io.pqx.bench.format.DuckDbSession;
import io.pqx.bench.format.FormatSettings;
import io.pqx.bench.format.LineitemGenerator;
import io.pqx.bench.format.LineitemTable;
import io.pqx.bench.format.PqxTableWriter;
import io.pqx.bench.sink.MiniClusterJobs;
import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceBuilder;
import io.pqx.source.PqxSourceOptions;
import io.pqx.tools.metrics.PqxCounters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.FilterFunction;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.formats.parquet.ParquetColumnarRowInputFormat;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;

/**
 * Suite {@code source}: pqx's {@link PqxSource} against Flink's own {@code FileSource} with
 * flink-parquet's {@link ParquetColumnarRowInputFormat}, as real jobs on one in-process MiniCluster
 * (parallelism 1, object reuse on, each chained into a sink that counts the rows and sums {@code
 * l_orderkey}, checked every round); and pqx's reader on one thread (the format's pruning and
 * filtered scan, as the source's split reader uses them) against parquet-java's reader with its
 * filters on and DuckDB 2.0 with {@code SET threads=1}, the same query over the same file, every
 * value returned folded into DuckDB's aggregates and checked. The data: the lineitem-like table of
 * suite {@code format} (default 5,000,000 rows, in {@code l_orderkey} order), written once by pqx
 * (ZSTD 3, 1M-row row groups, page index on), not timed. Each reader's run is also timed by its
 * thread's CPU (the readers, DuckDB's included, run on this thread). That is case {@value #LOCAL};
 * case {@link WritersCase} scans the same table written by other writers and {@link CodecsCase}
 * runs the unsorted query over uncompressed and LZ4_RAW copies of pqx's file, readers only ({@link
 * #cases}; {@code --case C} runs one). Cases {@link PlanningCase}, {@link VariantCase} (VARIANT
 * columns against JSON text) and {@link BackfillCase} (a backfill through an event-time window) run
 * first, on data of their own. See the benchmarks README for the queries and the lines printed.
 */
public final class SourceSuite implements BenchmarkSuite {
    static final long DEFAULT_ROWS = 5_000_000;

    private static final List<String> ALL_COLUMNS =
            LineitemTable.COLUMNS.stream().map(LineitemTable.Column::name).toList();
    private static final List<String> TWO_COLUMNS = List.of("l_orderkey", "l_extendedprice");

    /** The unsorted query's 8 returned columns; it filters on {@code l_partkey}, not returned. */
    private static final List<String> EIGHT_COLUMNS =
            List.of(
                    "l_orderkey",
                    "l_suppkey",
                    "l_quantity",
                    "l_extendedprice",
                    "l_discount",
                    "l_shipdate",
                    "l_shipmode",
                    "l_comment");

    /** Who runs a query: jobs on the MiniCluster, or readers on this thread. */
    private enum Contender {
        PQX("pqx", true),
        PQX_NOLATE("pqx_nolate", true),
        PQX_SERIAL("pqx_serial", true),
        FLINK("flink", true),
        PQX_READER("pqx_reader", false),
        FLINK_READER("flink_reader", false),
        PQX_READER_NOLATE("pqx_reader_nolate", false),
        PQX_READER_NOCRC("pqx_reader_nocrc", false),
        PARQUET_JAVA("parquetjava", false),
        DUCKDB("duckdb", false);

        final String label;
        final boolean job;

        Contender(String label, boolean job) {
            this.label = label;
            this.job = job;
        }
    }

    /**
     * The most reader-only warm-up rounds before a query's rounds of jobs and readers (see {@link
     * ReaderRounds#untilQuiet}).
     */
    private static final int READER_WARMUPS = 12;

    /** The full scan's name; case {@code writers} reads other writers' files with it. */
    static final String SCAN = "source_scan";

    /** The unsorted 1 % query's name; case {@code codecs} reads other codecs' copies with it. */
    static final String UNSORTED = "source_unsorted_1pct";

    /** The 1 % range query's name. */
    static final String RANGE = "source_range_1pct";

    /** The case of the queries over pqx's own file, jobs and readers. */
    static final String LOCAL = "local";

    /**
     * The cases, in the order they prepare and measure; {@code --case C} runs one of them. A new
     * case is one more entry here.
     */
    static List<SourceCase> cases() {
        return List.of(new LocalCase(), new WritersCase(), new CodecsCase(), new ObjectStoreCase());
    }

    @Override
    public String name() {
        return "source";
    }

    @Override
    public String summary() {
        return "pqx's PqxSource vs Flink's FileSource + flink-parquet (jobs on a MiniCluster), and"
                + " pqx's reader vs parquet-java and DuckDB, lineitem-like file (default "
                + DEFAULT_ROWS
                + " rows)";
    }

    @Override
    public void run(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        List<String> names = new ArrayList<>(cases().stream().map(SourceCase::name).toList());
        names.addAll(List.of(PlanningCase.NAME, VariantCase.NAME, BackfillCase.NAME));
        if (!names.containsAll(args.namedCases())) {
            throw new IllegalArgumentException(
                    String.format(
                            "Cannot run suite source: unknown case '%s' (cases: %s)",
                            args.onlyCase().orElse(""), String.join(", ", names)));
        }
        // --case planning, variant or backfill alone: that case, without the table
        if (PlanningCase.runIfAsked(args, report)
                || VariantCase.runIfAsked(args, report)
                || BackfillCase.runIfAsked(args, report)) {
            return;
        }
        List<SourceCase> cases = cases().stream().filter(c -> args.runsCase(c.name())).toList();
        if (cases.isEmpty()) {
            return; // the cases named ran above
        }
        long rows = args.rowsOr(DEFAULT_ROWS);
        report.setting("rows", rows);
        report.setting("default_rows", DEFAULT_ROWS);
        report.info(
                "source rows=%d rounds=%d warmups=%d seed=%d cases=%s",
                rows,
                args.rounds(),
                args.warmups(),
                args.seed(),
                String.join(",", cases.stream().map(SourceCase::name).toList()));
        Path dir = Files.createTempDirectory(args.workDir(), "pqx-bench-source-");
        Path file = dir.resolve("lineitem.parquet");
        try {
            List<RowData> table =
                    LineitemGenerator.inMemoryTable("source", args.seed(), rows, report);
            List<SourceQuery> queries = writeTable(table, rows, file, report);
            report.info("source file %s: %d bytes", file.getFileName(), Files.size(file));
            SourceData data = new SourceData(table, dir, file, queries, report);
            for (SourceCase c : cases) {
                c.prepare(data);
            }
            // The queries carry their answers: the generated table (about 1.8 GB of objects) is
            // not kept through the measurements, where it would only load the JVM's collector.
            data = null;
            table = null;
            try (DuckDbSession duckdb = DuckDbSession.open()) {
                report.info("duckdb %s threads=1", duckdb.version());
                for (SourceCase c : cases) {
                    c.measure(duckdb, args, report);
                }
            }
        } finally {
            WorkFiles.deleteUnlessKept(dir, args, report);
        }
    }

    /**
     * Case {@value #LOCAL}: the queries over pqx's own file, as jobs on one MiniCluster and as
     * readers on this thread, then the runtime-filter query over a file of its own.
     */
    private static final class LocalCase implements SourceCase {
        private Path file;
        private List<SourceQuery> queries;
        private RuntimeFilterCase runtimeFilter;
        private long tableRows;

        @Override
        public String name() {
            return LOCAL;
        }

        @Override
        public void prepare(SourceData data) throws Exception {
            file = data.pqxFile();
            queries = data.queries();
            tableRows = data.rows();
            runtimeFilter = RuntimeFilterCase.write(data.table(), data.dir(), data.report());
        }

        @Override
        public void measure(DuckDbSession duckdb, BenchmarkArgs args, BenchmarkReport report)
                throws Exception {
            long fileBytes = Files.size(file);
            try (MiniClusterJobs jobs = MiniClusterJobs.start()) {
                for (SourceQuery query : queries) {
                    SourceSuite.measure(
                            jobs, duckdb, query, tableRows, fileBytes, file, args, report);
                }
                runtimeFilter.measure(jobs, args.warmups(), args.rounds(), report);
            }
        }
    }

    /** Writes the table with pqx's writer; returns the queries with their expected results. */
    private static List<SourceQuery> writeTable(
            List<RowData> table, long rows, Path file, BenchmarkReport report) throws Exception {
        new PqxTableWriter(FormatSettings.standard()).write(table, file);
        // The middle 1 % of the rows by key (the table is in l_orderkey order).
        long from = table.get((int) (rows * 495 / 1000)).getLong(0);
        long to = table.get((int) Math.min(rows - 1, rows * 505 / 1000)).getLong(0);
        List<SourceQuery> queries =
                List.of(
                        SourceQuery.of(SCAN, ALL_COLUMNS, null, 0, 0, table, false),
                        SourceQuery.of(RANGE, TWO_COLUMNS, "l_orderkey", from, to, table, false),
                        // parts are uniform in 1..200,000: 1 % of them, scattered over the file
                        SourceQuery.of(UNSORTED, EIGHT_COLUMNS, "l_partkey", 1, 2001, table, true));
        for (SourceQuery q : queries) {
            report.info(
                    "query %s: columns %s, %s: %d rows",
                    q.name(),
                    q.columns(),
                    q.filters()
                            ? q.filterColumn() + " in [" + q.from() + ", " + q.to() + ")"
                            : "all rows",
                    q.rows());
        }
        return queries;
    }

    private static List<Contender> contenders(SourceQuery query) {
        List<Contender> out =
                new ArrayList<>(
                        List.of(
                                Contender.PQX,
                                Contender.FLINK,
                                Contender.PQX_READER,
                                Contender.FLINK_READER,
                                Contender.PARQUET_JAVA,
                                Contender.DUCKDB));
        if (query.lateMaterialization()) {
            out.add(1, Contender.PQX_NOLATE);
            out.add(Contender.PQX_READER_NOLATE);
        }
        if (!query.filters()) {
            out.add(1, Contender.PQX_SERIAL);
            out.add(Contender.PQX_READER_NOCRC);
        }
        return out;
    }

    private static void measure(
            MiniClusterJobs jobs,
            DuckDbSession duckdb,
            SourceQuery query,
            long tableRows,
            long fileBytes,
            Path file,
            BenchmarkArgs args,
            BenchmarkReport report)
            throws Exception {
        List<Contender> contenders = contenders(query);
        Map<Contender, ContenderFigures> figures = new LinkedHashMap<>();
        Map<Contender, RunFigures> lastRun = new LinkedHashMap<>();
        for (Contender c : contenders) {
            figures.put(c, new ContenderFigures());
        }
        if (args.warmups() > 0) {
            // the readers first, alone, until the JIT is quiet (jobs keep it busy with Flink's
            // code): their figures are to be a running reader's steady state
            List<SourceReader> readers = new ArrayList<>();
            for (Contender c : contenders) {
                if (!c.job) {
                    readers.add(reader(c, duckdb));
                }
            }
            ReaderRounds.untilQuiet(query, file, readers, READER_WARMUPS, report);
        }
        PairedFloor floor = PairedFloor.of(file, query, tableRows);
        int total = args.warmups() + args.rounds();
        for (int round = 0; round < total; round++) {
            boolean measured = round >= args.warmups();
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < contenders.size(); k++) {
                // Rotate who goes first, so that no contender always runs after the same one.
                Contender c = contenders.get((k + round) % contenders.size());
                System.gc(); // not timed: no contender pays for the garbage of the one before
                RunFigures run =
                        c.job
                                ? runJob(jobs, query, file, c, report)
                                : ReaderRun.run(reader(c, duckdb), query, file, report);
                lastRun.put(c, run);
                line.append(
                        String.format(
                                " %s=%.2fs(cpu %.2fs)",
                                c.label, run.wallNanos() / 1e9, run.cpuNanos() / 1e9));
                if (measured) {
                    figures.get(c).add(tableRows, run);
                }
            }
            report.info(
                    "%s %s%s",
                    measured
                            ? String.format(
                                    "round %d/%d", round - args.warmups() + 1, args.rounds())
                            : String.format("warmup %d/%d", round + 1, args.warmups()),
                    query.name(),
                    line);
            if (measured && floor != null) {
                floor.measureRound();
            }
        }
        Map<String, ContenderFigures> byLabel = new LinkedHashMap<>();
        Map<Contender, Throughput> wall = new LinkedHashMap<>();
        Map<Contender, Throughput> cpu = new LinkedHashMap<>();
        Map<Contender, Throughput> threadCpu = new LinkedHashMap<>();
        figures.forEach(
                (c, f) -> {
                    byLabel.put(c.label, f);
                    wall.put(c, f.wall);
                    cpu.put(c, f.cpu);
                    threadCpu.put(c, f.threadCpu);
                });
        FigureLines.print(query.name(), byLabel, report);
        if (floor != null) {
            floor.print(query.name(), ContenderFigures.threadCpu(byLabel), report);
        }
        for (Contender c : contenders) {
            RunFigures run = lastRun.get(c);
            if (run.bytesRead() >= 0) {
                report.info(
                        "read %s %s bytes=%d (%.2f%% of the file) rows_decoded=%d (%.2f%% of the"
                                + " table)",
                        query.name(),
                        c.label,
                        run.bytesRead(),
                        100.0 * run.bytesRead() / fileBytes,
                        run.rowsDecoded(),
                        100.0 * run.rowsDecoded() / tableRows);
            }
        }
        report.result(
                new Comparison(
                        query.name(),
                        "flink",
                        wall.get(Contender.PQX).median(),
                        wall.get(Contender.FLINK).median()));
        report.result(
                new Comparison(
                        query.name() + "_vs_duckdb",
                        "duckdb",
                        wall.get(Contender.PQX_READER).median(),
                        wall.get(Contender.DUCKDB).median()));
        report.result(
                new Comparison(
                        query.name() + "_vs_duckdb_cpu",
                        "duckdb",
                        cpu.get(Contender.PQX_READER).median(),
                        cpu.get(Contender.DUCKDB).median(),
                        "rows/cpu-s"));
        // Both readers run on this thread (DuckDB with one thread runs on its JDBC caller's): the
        // readers' own CPU, without the JVM's collector and compiler threads.
        report.result(
                new Comparison(
                        query.name() + "_vs_duckdb_thread_cpu",
                        "duckdb",
                        threadCpu.get(Contender.PQX_READER).median(),
                        threadCpu.get(Contender.DUCKDB).median(),
                        "rows/thread-cpu-s"));
        report.result(
                new Comparison(
                        query.name() + "_reader_vs_flink_reader",
                        "flink_reader",
                        wall.get(Contender.PQX_READER).median(),
                        wall.get(Contender.FLINK_READER).median()));
        report.result(
                new Comparison(
                        query.name() + "_vs_parquetjava",
                        "parquetjava",
                        wall.get(Contender.PQX_READER).median(),
                        wall.get(Contender.PARQUET_JAVA).median()));
        if (query.lateMaterialization()) {
            report.result(
                    new Comparison(
                            query.name() + "_late",
                            "pqx_nolate",
                            wall.get(Contender.PQX).median(),
                            wall.get(Contender.PQX_NOLATE).median()));
            report.result(
                    new Comparison(
                            query.name() + "_late_reader",
                            "pqx_reader_nolate",
                            wall.get(Contender.PQX_READER).median(),
                            wall.get(Contender.PQX_READER_NOLATE).median()));
            report.result(
                    new Comparison(
                            query.name() + "_late_reader_thread_cpu",
                            "pqx_reader_nolate",
                            threadCpu.get(Contender.PQX_READER).median(),
                            threadCpu.get(Contender.PQX_READER_NOLATE).median(),
                            "rows/thread-cpu-s"));
        }
        if (query.hasPageFloor()) {
            reportPageFloor(query, tableRows, file, threadCpu, report);
        }
        if (query.filters() && !query.lateMaterialization()) {
            JobFloor.report(
                    jobs,
                    query.name(),
                    tableRows / wall.get(Contender.PQX).median(),
                    tableRows / wall.get(Contender.FLINK).median(),
                    args,
                    report);
        }
        if (!query.filters()) {
            // DuckDB does not check page CRCs; pqx does by default (source.verify-checksums)
            report.result(
                    new Comparison(
                            query.name() + "_nocrc_vs_duckdb",
                            "duckdb",
                            wall.get(Contender.PQX_READER_NOCRC).median(),
                            wall.get(Contender.DUCKDB).median()));
            report.result(
                    new Comparison(
                            query.name() + "_crc_vs_duckdb_thread_cpu",
                            "duckdb",
                            threadCpu.get(Contender.PQX_READER).median(),
                            threadCpu.get(Contender.DUCKDB).median(),
                            "rows/thread-cpu-s"));
            report.result(
                    new Comparison(
                            query.name() + "_nocrc_vs_duckdb_thread_cpu",
                            "duckdb",
                            threadCpu.get(Contender.PQX_READER_NOCRC).median(),
                            threadCpu.get(Contender.DUCKDB).median(),
                            "rows/thread-cpu-s"));
            report.info(
                    "decode_ahead %s pqx=%.0f pqx_serial=%.0f ratio=%.3f unit=rows/s",
                    query.name(),
                    wall.get(Contender.PQX).median(),
                    wall.get(Contender.PQX_SERIAL).median(),
                    wall.get(Contender.PQX).median() / wall.get(Contender.PQX_SERIAL).median());
        }
    }

    /**
     * For a query whose rows lie in every page: the page floor of the columns it reads ({@link
     * PageFloorLine}), against the readers' thread-CPU times.
     */
    private static void reportPageFloor(
            SourceQuery query,
            long tableRows,
            Path file,
            Map<Contender, Throughput> threadCpu,
            BenchmarkReport report)
            throws Exception {
        Map<String, Throughput> readers = new LinkedHashMap<>();
        for (Contender c :
                List.of(
                        Contender.PQX_READER,
                        Contender.PQX_READER_NOLATE,
                        Contender.PQX_READER_NOCRC,
                        Contender.DUCKDB)) {
            if (threadCpu.containsKey(c)) {
                readers.put(c.label, threadCpu.get(c));
            }
        }
        PageFloorLine.report(
                query.name(), file, query.columnsRead(), tableRows, readers, query, report);
    }

    /** The reader a reader contender runs on this thread. */
    private static SourceReader reader(Contender who, DuckDbSession duckdb) {
        return switch (who) {
            case PQX_READER -> SourceReader.pqx();
            case PQX_READER_NOLATE -> SourceReader.pqxNoLate();
            case PQX_READER_NOCRC -> SourceReader.pqxNoCrc();
            case FLINK_READER -> new SourceReader(who.label, FlinkQueryReader::read);
            case PARQUET_JAVA -> new SourceReader(who.label, ParquetJavaQueryReader::read);
            case DUCKDB -> SourceReader.duckdb(duckdb);
            default -> throw new IllegalArgumentException(who.label);
        };
    }

    /** Runs one job; a wrong result is a failure. */
    private static RunFigures runJob(
            MiniClusterJobs jobs,
            SourceQuery query,
            Path file,
            Contender who,
            BenchmarkReport report)
            throws Exception {
        String runId = UUID.randomUUID().toString();
        PqxCounters.reset();
        long cpu0 = ReaderRun.processCpuNanos();
        long t0 = System.nanoTime();
        jobs.run(
                query.name() + " " + who.label,
                env -> {
                    if (who == Contender.FLINK) {
                        flinkJob(env, file, query, runId);
                    } else {
                        pqxJob(env, file, query, who, runId);
                    }
                });
        long wall = System.nanoTime() - t0;
        long cpu = ReaderRun.processCpuNanos() - cpu0;
        long[] result = CountingSink.take(runId);
        if (result == null || result[0] != query.rows() || result[1] != query.orderKeySum()) {
            report.failure(
                    "%s %s: read %s rows, l_orderkey sum %s; expected %d and %d",
                    query.name(),
                    who.label,
                    result == null ? "no" : result[0],
                    result == null ? "none" : result[1],
                    query.rows(),
                    query.orderKeySum());
        }
        boolean pqx = who != Contender.FLINK;
        return new RunFigures(
                wall,
                cpu,
                -1,
                pqx ? PqxCounters.total("pqxBytesRead") : -1,
                pqx ? PqxCounters.total("pqxRowsDecoded") : -1);
    }

    private static void pqxJob(
            StreamExecutionEnvironment env,
            Path file,
            SourceQuery query,
            Contender who,
            String runId) {
        PqxSourceBuilder builder =
                PqxSource.builder()
                        .path(file.toUri().toString())
                        .rowType(LineitemTable.ROW_TYPE)
                        .project(query.columns().toArray(String[]::new))
                        .set(PqxSourceOptions.READER_DECODE_AHEAD, who != Contender.PQX_SERIAL)
                        .set(
                                PqxSourceOptions.READER_LATE_MATERIALIZATION,
                                who != Contender.PQX_NOLATE);
        if (query.filters()) {
            builder.predicate(query.predicate());
        }
        env.fromSource(builder.build(), WatermarkStrategy.noWatermarks(), "pqx")
                .sinkTo(new CountingSink(runId, 0));
    }

    private static void flinkJob(
            StreamExecutionEnvironment env, Path file, SourceQuery query, String runId) {
        List<String> read = FlinkQueryReader.readColumns(query);
        FileSource<RowData> source =
                FileSource.forBulkFileFormat(
                                FlinkQueryReader.format(read),
                                new org.apache.flink.core.fs.Path(file.toUri()))
                        .build();
        DataStream<RowData> rows =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "flink");
        if (query.filters()) {
            int at = read.indexOf(query.filterColumn());
            long from = query.from();
            long to = query.to();
            // Flink's FileSource takes no predicate: the rows are filtered after it, as Flink's
            // planner would run a filter it could not push.
            rows =
                    rows.filter(
                            (FilterFunction<RowData>)
                                    row -> {
                                        long v = row.getLong(at);
                                        return v >= from && v < to;
                                    });
        }
        rows.sinkTo(new CountingSink(runId, 0));
    }
}
