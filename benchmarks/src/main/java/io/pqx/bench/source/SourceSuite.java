package io.pqx.bench.source;

import com.sun.management.OperatingSystemMXBean;
import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.BenchmarkSuite;
import io.pqx.bench.Comparison;
import io.pqx.bench.Throughput;
import io.pqx.bench.WorkFiles;
import io.pqx.bench.format.DuckDbAggregates;
import io.pqx.bench.format.DuckDbSession;
import io.pqx.bench.format.FormatSettings;
import io.pqx.bench.format.LineitemGenerator;
import io.pqx.bench.format.LineitemTable;
import io.pqx.bench.format.PqxTableWriter;
import io.pqx.bench.sink.MiniClusterJobs;
import io.pqx.format.options.ReadOptions;
import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceBuilder;
import io.pqx.source.PqxSourceOptions;
import io.pqx.tools.metrics.PqxCounters;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.FilterFunction;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.formats.parquet.ParquetColumnarRowInputFormat;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
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
 * (ZSTD 3, 1M-row row groups, page index on), not timed. See the benchmarks README for the queries
 * and the lines printed.
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

    /** One run's figures. */
    private record Run(long wallNanos, long cpuNanos, long bytesRead, long rowsDecoded) {}

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
        if (PlanningCase.runIfAsked(args, report)) {
            return; // --case planning: that case alone
        }
        long rows = args.rowsOr(DEFAULT_ROWS);
        report.setting("rows", rows);
        report.setting("default_rows", DEFAULT_ROWS);
        report.info(
                "source rows=%d rounds=%d warmups=%d seed=%d",
                rows, args.rounds(), args.warmups(), args.seed());
        Path dir = Files.createTempDirectory(args.workDir(), "pqx-bench-source-");
        Path file = dir.resolve("lineitem.parquet");
        try {
            List<RowData> table =
                    LineitemGenerator.inMemoryTable("source", args.seed(), rows, report);
            List<SourceQuery> queries = writeTable(table, rows, file, report);
            RuntimeFilterCase runtimeFilter = RuntimeFilterCase.write(table, dir, report);
            // The queries carry their answers: the generated table (about 1.8 GB of objects) is
            // not kept through the measurements, where it would only load the JVM's collector.
            table = null;
            long fileBytes = Files.size(file);
            report.info("source file %s: %d bytes", file.getFileName(), fileBytes);
            try (MiniClusterJobs jobs = MiniClusterJobs.start();
                    DuckDbSession duckdb = DuckDbSession.open()) {
                report.info("duckdb %s threads=1", duckdb.version());
                for (SourceQuery query : queries) {
                    measure(jobs, duckdb, query, rows, fileBytes, file, args, report);
                }
                runtimeFilter.measure(jobs, args.warmups(), args.rounds(), report);
            }
        } finally {
            WorkFiles.deleteUnlessKept(dir, args, report);
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
                        SourceQuery.of("source_scan", ALL_COLUMNS, null, 0, 0, table, false),
                        SourceQuery.of(
                                "source_range_1pct",
                                TWO_COLUMNS,
                                "l_orderkey",
                                from,
                                to,
                                table,
                                false),
                        // parts are uniform in 1..200,000: 1 % of them, scattered over the file
                        SourceQuery.of(
                                "source_unsorted_1pct",
                                EIGHT_COLUMNS,
                                "l_partkey",
                                1,
                                2001,
                                table,
                                true));
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
        Map<Contender, Throughput> wall = new LinkedHashMap<>();
        Map<Contender, Throughput> cpu = new LinkedHashMap<>();
        Map<Contender, Run> lastRun = new LinkedHashMap<>();
        for (Contender c : contenders) {
            wall.put(c, new Throughput());
            cpu.put(c, new Throughput());
        }
        int total = args.warmups() + args.rounds();
        for (int round = 0; round < total; round++) {
            boolean measured = round >= args.warmups();
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < contenders.size(); k++) {
                // Rotate who goes first, so that no contender always runs after the same one.
                Contender c = contenders.get((k + round) % contenders.size());
                System.gc(); // not timed: no contender pays for the garbage of the one before
                Run run =
                        c.job
                                ? runJob(jobs, query, file, c, report)
                                : runReader(duckdb, query, file, c, report);
                lastRun.put(c, run);
                line.append(
                        String.format(
                                " %s=%.2fs(cpu %.2fs)",
                                c.label, run.wallNanos() / 1e9, run.cpuNanos() / 1e9));
                if (measured) {
                    wall.get(c).add(tableRows, run.wallNanos());
                    cpu.get(c).add(tableRows, run.cpuNanos());
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
        }
        StringBuilder medians = new StringBuilder();
        for (Contender c : contenders) {
            medians.append(String.format(" %s=%.0f", c.label, wall.get(c).median()));
        }
        report.info("medians %s%s unit=table-rows/s", query.name(), medians);
        StringBuilder cpus = new StringBuilder();
        for (Contender c : contenders) {
            cpus.append(String.format(" %s=%.0f", c.label, cpu.get(c).median()));
        }
        report.info("cpu %s%s unit=table-rows/cpu-s", query.name(), cpus);
        for (Contender c : contenders) {
            Run run = lastRun.get(c);
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
        }
        if (!query.filters() || query.lateMaterialization()) {
            reportDecompressionFloor(query, tableRows, file, wall, report);
        }
        if (query.filters() && !query.lateMaterialization()) {
            reportJobFloor(jobs, query, tableRows, wall, args, report);
        }
        if (!query.filters()) {
            // DuckDB does not check page CRCs; pqx does by default (source.verify-checksums)
            report.result(
                    new Comparison(
                            query.name() + "_nocrc_vs_duckdb",
                            "duckdb",
                            wall.get(Contender.PQX_READER_NOCRC).median(),
                            wall.get(Contender.DUCKDB).median()));
            report.info(
                    "decode_ahead %s pqx=%.0f pqx_serial=%.0f ratio=%.3f unit=rows/s",
                    query.name(),
                    wall.get(Contender.PQX).median(),
                    wall.get(Contender.PQX_SERIAL).median(),
                    wall.get(Contender.PQX).median() / wall.get(Contender.PQX_SERIAL).median());
        }
    }

    /**
     * For a query whose rows lie in every page: how long zstd-jni alone takes to decompress every
     * page of the columns it reads, against the readers' times; and what that floor allows late
     * materialization at most (pqx without it, over the floor).
     */
    private static void reportDecompressionFloor(
            SourceQuery query,
            long tableRows,
            Path file,
            Map<Contender, Throughput> wall,
            BenchmarkReport report)
            throws Exception {
        Set<String> columns = new LinkedHashSet<>(query.columns());
        if (query.filters()) {
            columns.add(query.filterColumn());
        }
        double floor = DecompressionFloor.nanos(file, columns, 5) / 1e9;
        StringBuilder line =
                new StringBuilder(
                        String.format(
                                "floor %s zstd_only=%.3fs (every page of %d columns, one thread, best of 5)",
                                query.name(), floor, columns.size()));
        for (Contender c :
                List.of(
                        Contender.PQX_READER,
                        Contender.PQX_READER_NOLATE,
                        Contender.PQX_READER_NOCRC,
                        Contender.DUCKDB)) {
            if (wall.containsKey(c)) {
                line.append(String.format(" %s=%.3fs", c.label, tableRows / wall.get(c).median()));
            }
        }
        if (query.lateMaterialization()) {
            double nolate = tableRows / wall.get(Contender.PQX_READER_NOLATE).median();
            line.append(String.format(" late_reader_ratio_at_most=%.2f", nolate / floor));
        }
        report.floor("%s", line);
    }

    /**
     * How long a job that does nothing takes on the same MiniCluster (one row through a discarding
     * sink), against the query's jobs: the share of their time no source can save.
     */
    private static void reportJobFloor(
            MiniClusterJobs jobs,
            SourceQuery query,
            long tableRows,
            Map<Contender, Throughput> wall,
            BenchmarkArgs args,
            BenchmarkReport report)
            throws Exception {
        List<Long> runs = new ArrayList<>();
        for (int round = 0; round < args.warmups() + args.rounds(); round++) {
            long t0 = System.nanoTime();
            jobs.run(
                    query.name() + " empty_job",
                    env -> env.fromSequence(1, 1).sinkTo(new DiscardingSink<>()));
            if (round >= args.warmups()) {
                runs.add(System.nanoTime() - t0);
            }
        }
        Collections.sort(runs);
        double empty = runs.get(runs.size() / 2) / 1e9;
        double pqx = tableRows / wall.get(Contender.PQX).median();
        double flink = tableRows / wall.get(Contender.FLINK).median();
        report.floor(
                "job_floor %s empty_job=%.3fs pqx=%.3fs flink=%.3fs ratio=%.2f"
                        + " ratio_above_floor=%.2f ratio_at_most=%.2f (flink / empty_job)",
                query.name(),
                empty,
                pqx,
                flink,
                flink / pqx,
                (flink - empty) / Math.max(1e-6, pqx - empty),
                flink / empty);
    }

    /** Queries shorter than this are repeated within a round ({@link #runReader}). */
    private static final long SHORT_QUERY_NANOS = 200_000_000L;

    /** How long a short query is repeated for, within a round. */
    private static final long REPEAT_NANOS = 500_000_000L;

    /**
     * Runs one reader on this thread; a wrong answer is a failure. A query that took less than 0.2
     * s is then run again for about 0.5 s and the mean of those runs is the round's figure: a
     * steady state, as in a running job, rather than one mostly cold call (every reader alike).
     */
    private static Run runReader(
            DuckDbSession duckdb,
            SourceQuery query,
            Path file,
            Contender who,
            BenchmarkReport report)
            throws Exception {
        Run first = runReaderOnce(duckdb, query, file, who, report);
        if (first.wallNanos() >= SHORT_QUERY_NANOS) {
            return first;
        }
        int repeats =
                (int) Math.min(500, Math.max(2, REPEAT_NANOS / Math.max(1, first.wallNanos())));
        long wall = 0;
        long cpu = 0;
        for (int i = 0; i < repeats; i++) {
            Run run = runReaderOnce(duckdb, query, file, who, report);
            wall += run.wallNanos();
            cpu += run.cpuNanos();
        }
        return new Run(wall / repeats, cpu / repeats, first.bytesRead(), first.rowsDecoded());
    }

    private static Run runReaderOnce(
            DuckDbSession duckdb,
            SourceQuery query,
            Path file,
            Contender who,
            BenchmarkReport report)
            throws Exception {
        long cpu0 = processCpuNanos();
        long t0 = System.nanoTime();
        ReadOutcome outcome =
                switch (who) {
                    case PQX_READER -> PqxQueryReader.read(file, query, true);
                    case PQX_READER_NOLATE -> PqxQueryReader.read(file, query, false);
                    case PQX_READER_NOCRC ->
                            PqxQueryReader.read(
                                    file,
                                    query,
                                    ReadOptions.builder().verifyChecksums(false).build());
                    case FLINK_READER -> FlinkQueryReader.read(file, query);
                    case PARQUET_JAVA -> ParquetJavaQueryReader.read(file, query);
                    case DUCKDB -> new ReadOutcome(duckdb.aggregate(query.duckDb(), file), -1, -1);
                    default -> throw new IllegalArgumentException(who.label);
                };
        long wall = System.nanoTime() - t0;
        long cpu = processCpuNanos() - cpu0;
        DuckDbAggregates expected = query.expected();
        if (!expected.matches(outcome.aggregates())) {
            report.failure(
                    "%s %s: got %s, expected %s",
                    query.name(), who.label, outcome.aggregates(), expected);
        }
        return new Run(wall, cpu, outcome.bytesRead(), outcome.rowsDecoded());
    }

    /** Runs one job; a wrong result is a failure. */
    private static Run runJob(
            MiniClusterJobs jobs,
            SourceQuery query,
            Path file,
            Contender who,
            BenchmarkReport report)
            throws Exception {
        String runId = UUID.randomUUID().toString();
        PqxCounters.reset();
        long cpu0 = processCpuNanos();
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
        long cpu = processCpuNanos() - cpu0;
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
        return new Run(
                wall,
                cpu,
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

    private static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
