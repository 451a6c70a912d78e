package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.BenchmarkSuite;
import io.pqx.bench.Comparison;
import io.pqx.bench.Throughput;
import io.pqx.bench.format.FormatSettings;
import io.pqx.bench.format.LineitemGenerator;
import io.pqx.bench.format.LineitemTable;
import io.pqx.bench.format.PqxTableWriter;
import io.pqx.bench.sink.MiniClusterJobs;
import io.pqx.format.predicate.Predicates;
import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceBuilder;
import io.pqx.source.PqxSourceOptions;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.FilterFunction;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.formats.parquet.ParquetColumnarRowInputFormat;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Suite {@code source}: pqx's {@link PqxSource} against Flink's own {@code FileSource} with
 * flink-parquet's {@link ParquetColumnarRowInputFormat}, as real jobs on one in-process
 * MiniCluster (parallelism 1, object reuse on), each chained into a sink that counts the rows and
 * sums {@code l_orderkey} (checked against the generated table every round). The data: the
 * lineitem-like table of suite {@code format} (default 5,000,000 rows, in {@code l_orderkey}
 * order), written once by pqx (ZSTD 3, 1M-row row groups), not timed.
 *
 * <p>Measurements (job time, submission to end; contenders alternate who goes first): {@code
 * source_scan} (all 16 columns) and {@code source_scan_2cols} ({@code l_orderkey} and {@code
 * l_extendedprice}), {@code source_range_1pct} (those two columns, {@code l_orderkey} in the
 * middle 1 % of its range: pqx with the predicate, Flink's source followed by a filter), plus {@code INFO cpu} lines in process CPU time; pqx also runs without
 * decode-ahead ({@code pqx_serial}, {@code INFO decode_ahead}). The queries with predicates
 * and runtime filters of issue 9 come with the source's predicate push-down; the reader against
 * DuckDB on the same kind of file is suite {@code format}'s {@code format_read_vs_duckdb}.
 */
public final class SourceSuite implements BenchmarkSuite {
    static final long DEFAULT_ROWS = 5_000_000;

    /**
     * One query: its name, the columns it reads (the first must be {@code l_orderkey}) and the
     * {@code l_orderkey} range {@code [from, to)} it keeps; the expected count and sum.
     */
    private record Query(String name, List<String> columns, long from, long to, long rows,
            long orderKeySum) {
        boolean filters() {
            return from != Long.MIN_VALUE || to != Long.MAX_VALUE;
        }
    }

    private static final List<String> ALL_COLUMNS =
            LineitemTable.COLUMNS.stream().map(LineitemTable.Column::name).toList();
    private static final List<String> TWO_COLUMNS = List.of("l_orderkey", "l_extendedprice");

    @Override
    public String name() {
        return "source";
    }

    @Override
    public String summary() {
        return "pqx's PqxSource vs Flink's FileSource + flink-parquet, jobs on a MiniCluster,"
                + " lineitem-like file (default " + DEFAULT_ROWS + " rows)";
    }

    @Override
    public void run(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        long rows = args.rowsOr(DEFAULT_ROWS);
        report.info("source rows=%d rounds=%d warmups=%d seed=%d", rows, args.rounds(),
                args.warmups(), args.seed());
        Path dir = Files.createTempDirectory(args.workDir(), "pqx-bench-source-");
        Path file = dir.resolve("lineitem.parquet");
        List<Query> queries = writeTable(args, rows, file, report);
        report.info("source file %s: %d bytes", file.getFileName(), Files.size(file));
        try (MiniClusterJobs jobs = MiniClusterJobs.start()) {
            for (Query query : queries) {
                measure(jobs, query, file, args, report);
            }
        } finally {
            if (args.keepFiles()) {
                report.info("files kept in %s", dir);
            } else {
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        }
    }

    /** Writes the table with pqx's writer; returns the queries with their expected results. */
    private static List<Query> writeTable(BenchmarkArgs args, long rows, Path file,
            BenchmarkReport report) throws Exception {
        List<RowData> table = LineitemGenerator.inMemoryTable("source", args.seed(), rows, report);
        new PqxTableWriter(FormatSettings.standard()).write(table, file);
        // The middle 1 % of the rows by key (the table is in l_orderkey order).
        long from = table.get((int) (rows * 495 / 1000)).getLong(0);
        long to = table.get((int) Math.min(rows - 1, rows * 505 / 1000)).getLong(0);
        long sum = 0;
        long rangeRows = 0;
        long rangeSum = 0;
        for (RowData row : table) {
            long key = row.getLong(0);
            sum += key;
            if (key >= from && key < to) {
                rangeRows++;
                rangeSum += key;
            }
        }
        report.info("source_range_1pct: l_orderkey in [%d, %d): %d rows", from, to, rangeRows);
        return List.of(
                new Query("source_scan", ALL_COLUMNS, Long.MIN_VALUE, Long.MAX_VALUE, rows, sum),
                new Query("source_scan_2cols", TWO_COLUMNS, Long.MIN_VALUE, Long.MAX_VALUE, rows,
                        sum),
                new Query("source_range_1pct", TWO_COLUMNS, from, to, rangeRows, rangeSum));
    }

    /** Who reads: pqx (defaults), pqx without decode-ahead, Flink. */
    private enum Contender {
        PQX("pqx"), PQX_SERIAL("pqx_serial"), FLINK("flink");

        final String label;

        Contender(String label) {
            this.label = label;
        }
    }

    private static void measure(MiniClusterJobs jobs, Query query, Path file, BenchmarkArgs args,
            BenchmarkReport report) throws Exception {
        long rows = query.rows();
        Contender[] contenders = Contender.values();
        Throughput[] wall = new Throughput[contenders.length];
        Throughput[] cpu = new Throughput[contenders.length];
        for (int c = 0; c < contenders.length; c++) {
            wall[c] = new Throughput();
            cpu[c] = new Throughput();
        }
        int total = args.warmups() + args.rounds();
        for (int round = 0; round < total; round++) {
            boolean measured = round >= args.warmups();
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < contenders.length; k++) {
                // Rotate who goes first, so that no contender always runs after the same one.
                int c = (k + round) % contenders.length;
                long[] figures = runJob(jobs, query, file, contenders[c], report);
                line.append(String.format(" %s=%.0f (%.2f s, cpu %.2f s)", contenders[c].label,
                        rows / (figures[0] / 1e9), figures[0] / 1e9, figures[1] / 1e9));
                if (measured) {
                    wall[c].add(rows, figures[0]);
                    cpu[c].add(rows, figures[1]);
                }
            }
            report.info("%s %s%s", measured
                    ? String.format("round %d/%d", round - args.warmups() + 1, args.rounds())
                    : String.format("warmup %d/%d", round + 1, args.warmups()), query.name(), line);
        }
        int pqx = Contender.PQX.ordinal();
        int serial = Contender.PQX_SERIAL.ordinal();
        int flink = Contender.FLINK.ordinal();
        report.info("rounds %s pqx=%s pqx_serial=%s flink=%s unit=rows/s", query.name(),
                wall[pqx].rounds(","), wall[serial].rounds(","), wall[flink].rounds(","));
        report.info("cpu %s pqx=%.0f pqx_serial=%.0f flink=%.0f ratio=%.3f unit=rows/cpu-s",
                query.name(), cpu[pqx].median(), cpu[serial].median(), cpu[flink].median(),
                cpu[pqx].median() / cpu[flink].median());
        report.info("decode_ahead %s pqx=%.0f pqx_serial=%.0f ratio=%.3f unit=rows/s",
                query.name(), wall[pqx].median(), wall[serial].median(),
                wall[pqx].median() / wall[serial].median());
        report.result(new Comparison(query.name(), "flink", wall[pqx].median(),
                wall[flink].median()));
    }

    /** Runs one job; returns {wall nanos, process CPU nanos}; a wrong result is a failure. */
    private static long[] runJob(MiniClusterJobs jobs, Query query, Path file, Contender who,
            BenchmarkReport report) throws Exception {
        long rows = query.rows();
        long orderKeySum = query.orderKeySum();
        String runId = UUID.randomUUID().toString();
        RowType type = projected(query.columns());
        long cpu0 = processCpuNanos();
        long t0 = System.nanoTime();
        jobs.run(query.name() + " " + who.label, env -> {
            if (who == Contender.FLINK) {
                flinkJob(env, file, type, query, runId);
            } else {
                pqxJob(env, file, query, who == Contender.PQX, runId);
            }
        });
        long wall = System.nanoTime() - t0;
        long cpu = processCpuNanos() - cpu0;
        long[] result = CountingSink.take(runId);
        if (result == null || result[0] != rows || result[1] != orderKeySum) {
            report.failure("%s %s: read %s rows, l_orderkey sum %s; expected %d and %d",
                    query.name(), who.label, result == null ? "no" : result[0],
                    result == null ? "none" : result[1], rows, orderKeySum);
        }
        return new long[] {wall, cpu};
    }

    private static void pqxJob(StreamExecutionEnvironment env, Path file, Query query,
            boolean decodeAhead, String runId) {
        PqxSourceBuilder builder = PqxSource.builder()
                .path(file.toUri().toString())
                .rowType(LineitemTable.ROW_TYPE)
                .project(query.columns().toArray(String[]::new))
                .set(PqxSourceOptions.READER_DECODE_AHEAD, decodeAhead);
        if (query.filters()) {
            builder.predicate(Predicates.and(
                    Predicates.greaterOrEqual("l_orderkey", query.from()),
                    Predicates.lessThan("l_orderkey", query.to())));
        }
        PqxSource source = builder.build();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                .sinkTo(new CountingSink(runId, 0));
    }

    private static void flinkJob(StreamExecutionEnvironment env, Path file, RowType type,
            Query query, String runId) {
        ParquetColumnarRowInputFormat<FileSourceSplit> format =
                new ParquetColumnarRowInputFormat<>(new org.apache.hadoop.conf.Configuration(),
                        type, InternalTypeInfo.of(type), 2048, true, true);
        FileSource<RowData> source = FileSource.forBulkFileFormat(format,
                new org.apache.flink.core.fs.Path(file.toUri())).build();
        long from = query.from();
        long to = query.to();
        // Flink's FileSource takes no predicate: the rows are filtered after it, as Flink's
        // planner would run a filter it could not push.
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "flink")
                .filter((FilterFunction<RowData>) row -> {
                    long key = row.getLong(0);
                    return key >= from && key < to;
                })
                .sinkTo(new CountingSink(runId, 0));
    }

    private static RowType projected(List<String> columns) {
        return RowType.of(false,
                columns.stream().map(c -> LineitemTable.COLUMNS.get(LineitemTable.indexOf(c)).type())
                        .toArray(LogicalType[]::new),
                columns.toArray(String[]::new));
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
