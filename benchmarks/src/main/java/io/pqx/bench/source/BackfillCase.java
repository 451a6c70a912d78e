package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.Throughput;
import io.pqx.bench.WorkFiles;
import io.pqx.bench.sink.MiniClusterJobs;
import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import io.pqx.source.PqxSource;
import io.pqx.tools.metrics.PqxCounters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.formats.parquet.ParquetColumnarRowInputFormat;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.Collector;
import org.apache.hadoop.conf.Configuration;

/**
 * Case {@code backfill} of suite {@code source}: a backfill through an event-time window. {@code
 * --rows} rows (default {@value #DEFAULT_ROWS}) of {@code (id BIGINT, ts BIGINT epoch millis)} in
 * {@value #FILES} files written by pqx (not timed): file {@code k} of the time order holds times in
 * hours [k, k + 2) (each file overlaps the next by an hour), rows in time order but for up to
 * {@value #JITTER_MINUTES} minutes of jitter, {@value #ROW_GROUPS_PER_FILE} row groups a file; the
 * files are named in a seeded random order, so a listing sees them out of time order. Each
 * contender's job (parallelism 1, on one MiniCluster) counts the rows of each 1-minute event-time
 * tumbling window, keyed by one key, with a {@link WindowCount} that holds a count per open window
 * and fires it by an event-time timer at the window's end:
 *
 * <ul>
 *   <li>{@code pqx}: pqx's source with {@code ts} as its watermark column (splits in event-time
 *       order, pqx's watermarks, {@code WatermarkStrategy.noWatermarks()});
 *   <li>{@code flink}: Flink's {@code FileSource} with flink-parquet's {@link
 *       ParquetColumnarRowInputFormat} and {@code forBoundedOutOfOrderness} by the whole span of
 *       the data's times (the bound that drops nothing whatever the order the files are read in).
 * </ul>
 *
 * Reported per contender: rows per second (wall, median of the rounds, and per CPU second of the
 * process), the peak number of open windows (windows holding at least one row whose end the
 * watermark had not passed, the most at any moment: the window state held), and the rows dropped as
 * late (a row whose window's end the watermark had passed; must be 0 for both). Every fired count
 * is summed and checked against the rows written.
 */
final class BackfillCase {
    static final String NAME = "backfill";
    static final long DEFAULT_ROWS = 5_000_000;
    static final int FILES = 50;
    static final int ROW_GROUPS_PER_FILE = 10;
    static final long JITTER_MINUTES = 5;
    static final long WINDOW_MILLIS = 60_000L;
    private static final long HOUR = 3_600_000L;

    static final RowType EVENTS =
            RowType.of(
                    new LogicalType[] {new BigIntType(false), new BigIntType(false)},
                    new String[] {"id", "ts"});

    private static final RowType TS_ONLY =
            RowType.of(new LogicalType[] {new BigIntType(false)}, new String[] {"ts"});

    private BackfillCase() {}

    /**
     * Runs the case when {@code --case} names it or names no case.
     *
     * @return whether {@code --case} named it alone: the suite runs nothing else then
     */
    static boolean runIfAsked(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        if (!args.runsCase(NAME)) {
            return false;
        }
        run(args, report);
        return args.runsOnly(NAME);
    }

    private enum Contender {
        PQX("pqx"),
        FLINK("flink");

        final String label;

        Contender(String label) {
            this.label = label;
        }
    }

    private static void run(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        long rows = args.rowsOr(DEFAULT_ROWS);
        report.setting("backfill_rows", rows);
        Path dir = Files.createTempDirectory(args.workDir(), "pqx-bench-backfill-");
        try {
            Path table = Files.createDirectory(dir.resolve("t"));
            long start = System.nanoTime();
            long[] span = writeFiles(table, rows, args.seed());
            long bound = span[1] - span[0] + 1;
            report.info(
                    "backfill: %d rows in %d files (%d row groups each) written in %.1f s (not"
                            + " timed); times over %.1f h, 1-minute windows; flink's"
                            + " out-of-orderness bound %d ms (the whole span)",
                    rows,
                    FILES,
                    ROW_GROUPS_PER_FILE,
                    (System.nanoTime() - start) / 1e9,
                    (span[1] - span[0]) / (double) HOUR,
                    bound);
            measure(table, rows, bound, args, report);
        } finally {
            WorkFiles.deleteUnlessKept(dir, args, report);
        }
    }

    /** Writes the files; returns the least and the greatest time written. */
    private static long[] writeFiles(Path table, long rows, long seed) throws Exception {
        Random random = new Random(seed);
        List<Integer> names = new ArrayList<>();
        for (int k = 0; k < FILES; k++) {
            names.add(k);
        }
        Collections.shuffle(names, random);
        long least = Long.MAX_VALUE;
        long greatest = Long.MIN_VALUE;
        long id = 0;
        for (int k = 0; k < FILES; k++) {
            long fileRows = rows / FILES + (k < rows % FILES ? 1 : 0);
            long rowGroupRows =
                    Math.max(1, (fileRows + ROW_GROUPS_PER_FILE - 1) / ROW_GROUPS_PER_FILE);
            Path file = table.resolve(String.format("part-%02d.parquet", names.get(k)));
            try (ParquetWriter w =
                    ParquetWriter.builder(EVENTS)
                            .options(WriteOptions.builder().rowGroupRows(rowGroupRows).build())
                            .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
                GenericRowData row = new GenericRowData(2);
                for (long i = 0; i < fileRows; i++) {
                    long time =
                            k * HOUR
                                    + i * 2 * HOUR / Math.max(1, fileRows)
                                    + (long) (random.nextDouble() * JITTER_MINUTES * 60_000);
                    least = Math.min(least, time);
                    greatest = Math.max(greatest, time);
                    row.setField(0, id++);
                    row.setField(1, time);
                    w.write(row);
                }
            }
        }
        return new long[] {least, greatest};
    }

    private static void measure(
            Path table, long rows, long bound, BenchmarkArgs args, BenchmarkReport report)
            throws Exception {
        Map<Contender, Throughput> wall = new EnumMap<>(Contender.class);
        Map<Contender, Throughput> cpu = new EnumMap<>(Contender.class);
        Map<Contender, long[]> last = new EnumMap<>(Contender.class);
        for (Contender c : Contender.values()) {
            wall.put(c, new Throughput());
            cpu.put(c, new Throughput());
        }
        int total = args.warmups() + args.rounds();
        try (MiniClusterJobs jobs = MiniClusterJobs.start()) {
            for (int round = 0; round < total; round++) {
                boolean measured = round >= args.warmups();
                StringBuilder line = new StringBuilder();
                for (int k = 0; k < Contender.values().length; k++) {
                    Contender c = Contender.values()[(k + round) % Contender.values().length];
                    System.gc(); // not timed: no contender pays for the garbage of the one before
                    String runId = UUID.randomUUID().toString();
                    PqxCounters.reset();
                    long cpu0 = ReaderRun.processCpuNanos();
                    long t0 = System.nanoTime();
                    jobs.run(NAME + " " + c.label, env -> job(env, c, table, bound, runId));
                    long nanos = System.nanoTime() - t0;
                    long cpuNanos = ReaderRun.processCpuNanos() - cpu0;
                    long[] figures = WindowCount.take(runId);
                    check(c, figures, rows, report);
                    long lateSplits = c == Contender.PQX ? PqxCounters.total("pqxLateSplits") : -1;
                    last.put(c, figures == null ? new long[4] : figures);
                    line.append(
                            String.format(
                                    " %s=%.2fs(cpu %.2fs, open windows at most %d)",
                                    c.label,
                                    nanos / 1e9,
                                    cpuNanos / 1e9,
                                    figures == null ? -1 : figures[2]));
                    if (c == Contender.PQX) {
                        line.append(String.format(" pqx_late_splits=%d", lateSplits));
                    }
                    if (measured) {
                        wall.get(c).add(rows, nanos);
                        cpu.get(c).add(rows, cpuNanos);
                    }
                }
                report.info(
                        "%s %s%s",
                        measured
                                ? String.format(
                                        "round %d/%d", round - args.warmups() + 1, args.rounds())
                                : String.format("warmup %d/%d", round + 1, args.warmups()),
                        NAME,
                        line);
            }
        }
        report.result(
                new Comparison(
                        NAME,
                        "flink",
                        wall.get(Contender.PQX).median(),
                        wall.get(Contender.FLINK).median()));
        report.result(
                new Comparison(
                        NAME + "_cpu",
                        "flink",
                        cpu.get(Contender.PQX).median(),
                        cpu.get(Contender.FLINK).median(),
                        "rows/cpu-s"));
        report.resultText(
                "%s_open_windows pqx=%d flink=%d unit=windows",
                NAME, last.get(Contender.PQX)[2], last.get(Contender.FLINK)[2]);
        report.resultText(
                "%s_late_rows pqx=%d flink=%d unit=rows",
                NAME, last.get(Contender.PQX)[3], last.get(Contender.FLINK)[3]);
    }

    /** A wrong count or a late row is a failure of the run. */
    private static void check(Contender c, long[] figures, long rows, BenchmarkReport report) {
        if (figures == null) {
            report.failure("%s %s: the window function never closed", NAME, c.label);
        } else if (figures[1] != rows || figures[3] != 0) {
            report.failure(
                    "%s %s: windows counted %d rows (%d dropped as late); expected %d, none late",
                    NAME, c.label, figures[1], figures[3], rows);
        }
    }

    private static void job(
            StreamExecutionEnvironment env, Contender who, Path table, long bound, String runId) {
        DataStream<RowData> rows;
        if (who == Contender.PQX) {
            PqxSource<RowData> source =
                    PqxSource.builder()
                            .path(table.toUri().toString())
                            .rowType(EVENTS)
                            .project("ts")
                            .watermarkColumn("ts", TimeUnit.MILLISECONDS)
                            .build();
            rows = env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx");
        } else {
            ParquetColumnarRowInputFormat<FileSourceSplit> format =
                    new ParquetColumnarRowInputFormat<>(
                            new Configuration(),
                            TS_ONLY,
                            InternalTypeInfo.of(TS_ONLY),
                            FlinkQueryReader.BATCH_SIZE,
                            true,
                            true);
            FileSource<RowData> source =
                    FileSource.forBulkFileFormat(
                                    format, new org.apache.flink.core.fs.Path(table.toUri()))
                            .build();
            rows =
                    env.fromSource(
                            source,
                            WatermarkStrategy.<RowData>forBoundedOutOfOrderness(
                                            Duration.ofMillis(bound))
                                    .withTimestampAssigner((row, previous) -> row.getLong(0)),
                            "flink");
        }
        // the time leaves the (reused) row at once; the window function keys on one key
        rows.map((MapFunction<RowData, Long>) row -> row.getLong(0))
                .returns(Types.LONG)
                .keyBy((KeySelector<Long, Integer>) time -> 0, Types.INT)
                .process(new WindowCount(runId))
                .returns(Types.LONG)
                .sinkTo(new DiscardingSink<>());
    }

    /**
     * A 1-minute event-time tumbling count as Flink's window operator keeps one: a count per open
     * window in keyed state, an event-time timer at each window's end that emits and clears it. It
     * also counts what the benchmark reports, for its one key: the most windows open at once, the
     * rows counted by fired windows, and the rows dropped as late (their window's end already
     * passed by the watermark, as Flink's window operator drops them). Published under the run's id
     * when the function closes (after end of input fired every timer); read with {@link #take}.
     */
    static final class WindowCount extends KeyedProcessFunction<Integer, Long, Long> {
        private static final Map<String, long[]> RESULTS = new ConcurrentHashMap<>();

        private final String runId;
        private transient MapState<Long, Long> counts;
        private transient long open;
        private transient long mostOpen;
        private transient long fired;
        private transient long counted;
        private transient long late;

        WindowCount(String runId) {
            this.runId = runId;
        }

        /** {windows fired, rows counted, most windows open at once, rows late}; removed. */
        static long[] take(String runId) {
            return RESULTS.remove(runId);
        }

        @Override
        public void open(OpenContext context) {
            counts =
                    getRuntimeContext()
                            .getMapState(
                                    new MapStateDescriptor<>("counts", Types.LONG, Types.LONG));
        }

        @Override
        public void processElement(Long time, Context ctx, Collector<Long> out) throws Exception {
            long start = Math.floorDiv(time, WINDOW_MILLIS) * WINDOW_MILLIS;
            long end = start + WINDOW_MILLIS - 1;
            if (end <= ctx.timerService().currentWatermark()) {
                late++;
                return;
            }
            Long count = counts.get(start);
            if (count == null) {
                count = 0L;
                open++;
                mostOpen = Math.max(mostOpen, open);
                ctx.timerService().registerEventTimeTimer(end);
            }
            counts.put(start, count + 1);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Long> out)
                throws Exception {
            long start = timestamp + 1 - WINDOW_MILLIS;
            Long count = counts.get(start);
            counts.remove(start);
            open--;
            fired++;
            counted += count;
            out.collect(count);
        }

        @Override
        public void close() {
            RESULTS.put(runId, new long[] {fired, counted, mostOpen, late});
        }
    }
}
