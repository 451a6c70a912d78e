package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.JvmReport;
import io.pqx.bench.LiveHeapHistogram;
import io.pqx.bench.WorkFiles;
import io.pqx.bench.format.FormatSettings;
import io.pqx.bench.format.LineitemGenerator;
import io.pqx.bench.format.LineitemTable;
import io.pqx.bench.format.PqxTableWriter;
import io.pqx.bench.sink.MiniClusterJobs;
import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.table.data.RowData;

/**
 * Case {@code planning} of suite {@code source}: the enumerator at scale. Writes {@value
 * #DEFAULT_FILES} small Parquet files ({@value #ROWS_PER_FILE} lineitem rows each: {@value
 * #DISTINCT_FILES} written by pqx's writer, copied round-robin to the count; not timed; {@code
 * --rows N} gives N/10 files, at least 100 and at most the default, for a smoke test) into one
 * directory of the local file system, and measures pqx's {@code PqxSource} and, as the peer,
 * Flink's {@code FileSource} with flink-parquet (l_orderkey only):
 *
 * <ul>
 *   <li>the enumerator alone, in this JVM (after {@code --warmups} unreported passes), with {@value
 *       #READERS} readers that take every split at once ({@link InProcessEnumeratorContext},
 *       Flink's coordinator and worker threads without a job): time from its creation to the first
 *       split and to the last reader told there are no more; the live heap it holds once its
 *       listing is done and it is idle (for pqx: planning paused at the pending bound, or done);
 *       its serialized checkpoint then, after half of the splits were handed out, and at the end;
 *   <li>continuous mode, every file read: the cost of one more listing interval with nothing new
 *       (wall, CPU and bytes allocated on the worker and coordinator threads, median of {@value
 *       #INTERVALS}) and the checkpoint then;
 *   <li>a bounded job on a MiniCluster ({@value #READERS} slots) per round: time from submission to
 *       the first row at the sink and to the job's end (skipped with {@value #SKIP_JOBS}).
 * </ul>
 *
 * The heap and checkpoint figures are for the JobManager side only; the peer's FileSource lists and
 * splits every file when its enumerator is created, so its first split comes after that.
 */
final class PlanningCase {
    static final String NAME = "planning";

    static final int DEFAULT_FILES = 100_000;
    static final int ROWS_PER_FILE = 4;
    static final int DISTINCT_FILES = 100;
    static final int READERS = 2;
    static final int INTERVALS = 5;
    private static final long TIMEOUT_MILLIS = 30 * 60_000L;

    /**
     * A JVM property that skips the MiniCluster jobs (at 100,000 files they take tens of minutes,
     * most of it reading): {@code PQX_BENCH_JAVA_OPTS=-Dpqx.bench.planning.skip-jobs=true}.
     */
    static final String SKIP_JOBS = "pqx.bench.planning.skip-jobs";

    /** The simulated object store's share of the files (every request there is a round trip). */
    static final int STORE_FILES = 10_000;

    /** Jobs run at most this many files (the enumerator's figures are taken at any count). */
    static final int MAX_JOB_FILES = 10_000;

    private PlanningCase() {}

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

    private static void run(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        int files =
                args.rows().isPresent()
                        ? (int) Math.min(DEFAULT_FILES, Math.max(100, args.rows().getAsLong() / 10))
                        : DEFAULT_FILES;
        report.setting("planning_files", files);
        Path dir = Files.createTempDirectory(args.workDir(), "pqx-bench-planning-");
        try {
            Path table = Files.createDirectory(dir.resolve("t"));
            long start = System.nanoTime();
            writeFiles(table, files, args.seed());
            report.info(
                    "planning: wrote %d files of %d rows into %s in %.1f s (not timed)",
                    files, ROWS_PER_FILE, table, (System.nanoTime() - start) / 1e9);
            for (Contender c : Contender.values()) {
                bounded(c, table, files, args.warmups(), report);
            }
            for (Contender c : Contender.values()) {
                continuous(c, table, files, report);
            }
            store(dir, table, files, report);
            if (Boolean.getBoolean(SKIP_JOBS)) {
                report.info("planning: jobs skipped (-D%s=true)", SKIP_JOBS);
            } else if (files > MAX_JOB_FILES) {
                // A job reads every tiny file as a split of its own: at 100,000 files that takes
                // tens of minutes, most of it reading, not planning.
                report.info(
                        "planning: jobs skipped at %d files (they run at most %d: --rows %d)",
                        files, MAX_JOB_FILES, MAX_JOB_FILES * 10L);
            } else {
                jobs(table, files, args.rounds(), report);
            }
        } finally {
            WorkFiles.deleteUnlessKept(dir, args, report);
        }
    }

    private enum Contender {
        PQX("pqx"),
        FLINK("flink");

        final String label;

        Contender(String label) {
            this.label = label;
        }
    }

    private static void writeFiles(Path table, int files, long seed) throws Exception {
        List<RowData> rows = new LineitemGenerator(seed).generate(DISTINCT_FILES * ROWS_PER_FILE);
        PqxTableWriter writer = new PqxTableWriter(FormatSettings.standard());
        List<Path> written = new ArrayList<>();
        for (int i = 0; i < Math.min(DISTINCT_FILES, files); i++) {
            Path p = table.resolve(String.format("part-%06d.parquet", i));
            writer.write(rows.subList(i * ROWS_PER_FILE, (i + 1) * ROWS_PER_FILE), p);
            written.add(p);
        }
        for (int i = written.size(); i < files; i++) {
            Files.copy(
                    written.get(i % written.size()),
                    table.resolve(String.format("part-%06d.parquet", i)));
        }
    }

    private static Source<RowData, ?, ?> source(Contender c, Path table, boolean continuous) {
        return source(c, table.toUri().toString(), continuous);
    }

    private static Source<RowData, ?, ?> source(Contender c, String uri, boolean continuous) {
        if (c == Contender.PQX) {
            var builder =
                    PqxSource.builder()
                            .path(uri)
                            .rowType(LineitemTable.ROW_TYPE)
                            .project("l_orderkey");
            if (continuous) {
                builder.set(PqxSourceOptions.MONITOR_INTERVAL, Duration.ofMinutes(1));
            }
            return builder.build();
        }
        var builder =
                FileSource.forBulkFileFormat(
                        FlinkQueryReader.format(List.of("l_orderkey")),
                        new org.apache.flink.core.fs.Path(uri));
        if (continuous) {
            builder.monitorContinuously(Duration.ofMinutes(1));
        }
        return builder.build();
    }

    /**
     * Bounded enumerator: a timed pass ({@code warmups} more before it, not reported), then a pass
     * that stops to measure heap and state.
     */
    private static void bounded(
            Contender c, Path table, int files, int warmups, BenchmarkReport report)
            throws Exception {
        for (int i = 0; i < warmups; i++) {
            long[] warm = timedPass(source(c, table, false));
            report.info(
                    "planning_bounded %s warmup %d/%d: first_split=%.3fs last_split=%.3fs",
                    c.label, i + 1, warmups, warm[0] / 1e9, warm[1] / 1e9);
        }
        long[] timed = timedPass(source(c, table, false));
        LiveHeapHistogram before = LiveHeapHistogram.take();
        long[] state = statePass(source(c, table, false), files, before, c, report);
        report.resultText(
                "planning_bounded %s files=%d splits=%d first_split=%.3fs last_split=%.3fs"
                        + " jm_heap=%dMiB checkpoint_listed=%d checkpoint_half=%d"
                        + " checkpoint_end=%d",
                c.label,
                files,
                timed[2],
                timed[0] / 1e9,
                timed[1] / 1e9,
                JvmReport.mib(state[0]),
                state[1],
                state[2],
                state[3]);
    }

    /**
     * The bounded enumerator over at most {@value #STORE_FILES} of the files on the simulated
     * object store ({@link LatencyFileSystem}: 20 ms per request), one timed pass each, with the
     * store's request count: what planning costs where every listing and footer read is a round
     * trip.
     */
    private static void store(Path dir, Path table, int files, BenchmarkReport report)
            throws Exception {
        int storeFiles = Math.min(files, STORE_FILES);
        Path storeTable = Files.createDirectory(dir.resolve("store"));
        for (int i = 0; i < storeFiles; i++) {
            String name = String.format("part-%06d.parquet", i);
            Files.createLink(storeTable.resolve(name), table.resolve(name));
        }
        String uri = LatencyFileSystem.uri(storeTable.toAbsolutePath().toString());
        for (Contender c : Contender.values()) {
            LatencyFileSystem.reset();
            long[] timed = timedPass(source(c, uri, false));
            report.resultText(
                    "planning_store %s files=%d splits=%d first_split=%.3fs last_split=%.3fs"
                            + " requests=%d most_in_flight=%d",
                    c.label,
                    storeFiles,
                    timed[2],
                    timed[0] / 1e9,
                    timed[1] / 1e9,
                    LatencyFileSystem.requests(),
                    LatencyFileSystem.mostInFlight());
        }
    }

    /** {first split ns, all told ns, splits} from the enumerator's creation. */
    private static <S extends SourceSplit, C> long[] timedPass(Source<RowData, S, C> source)
            throws Exception {
        try (InProcessEnumeratorContext<S> ctx = new InProcessEnumeratorContext<>(READERS)) {
            long t0 = System.nanoTime();
            SplitEnumerator<S, C> e = source.createEnumerator(ctx);
            ctx.start(e);
            ctx.awaitEnd(TIMEOUT_MILLIS);
            return new long[] {
                ctx.firstAssignedNanos() - t0, ctx.allToldNanos() - t0, ctx.assigned()
            };
        }
    }

    /** {heap bytes held when idle after listing, state bytes then, at half, at the end}. */
    private static <S extends SourceSplit, C> long[] statePass(
            Source<RowData, S, C> source,
            int files,
            LiveHeapHistogram before,
            Contender c,
            BenchmarkReport report)
            throws Exception {
        try (InProcessEnumeratorContext<S> ctx = new InProcessEnumeratorContext<>(READERS)) {
            ctx.handOutUpTo = READERS; // each reader one split, then it holds on to it
            SplitEnumerator<S, C> e = source.createEnumerator(ctx);
            ctx.start(e);
            ctx.awaitIdle();
            LiveHeapHistogram held = LiveHeapHistogram.take();
            long heap = held.totalBytes() - before.totalBytes();
            report.info(
                    "planning_bounded %s heap held when idle after listing: %d MiB; largest: %s",
                    c.label, JvmReport.mib(heap), held.largestGrowthOver(before, 6));
            long listed = stateBytes(ctx, e, source);
            ctx.handOutUpTo = files / 2;
            ctx.resume();
            ctx.awaitIdle();
            long half = stateBytes(ctx, e, source);
            report.info(
                    "planning_bounded %s checkpoint after %d of %d splits handed out: %d bytes",
                    c.label, ctx.assigned(), files, half);
            ctx.handOutUpTo = Long.MAX_VALUE;
            ctx.resume();
            ctx.awaitEnd(TIMEOUT_MILLIS);
            return new long[] {heap, listed, half, stateBytes(ctx, e, source)};
        }
    }

    private static <S extends SourceSplit, C> long stateBytes(
            InProcessEnumeratorContext<S> ctx,
            SplitEnumerator<S, C> e,
            Source<RowData, S, C> source)
            throws Exception {
        return ctx.onCoordinator(
                () ->
                        source.getEnumeratorCheckpointSerializer()
                                .serialize(e.snapshotState(1))
                                .length);
    }

    /** Continuous enumerator: reads every file, then lists {@value #INTERVALS} times more. */
    private static void continuous(Contender c, Path table, int files, BenchmarkReport report)
            throws Exception {
        continuousPass(source(c, table, true), c, files, report);
    }

    private static <S extends SourceSplit, C> void continuousPass(
            Source<RowData, S, C> source, Contender c, int files, BenchmarkReport report)
            throws Exception {
        try (InProcessEnumeratorContext<S> ctx = new InProcessEnumeratorContext<>(READERS)) {
            SplitEnumerator<S, C> e = source.createEnumerator(ctx);
            ctx.start(e);
            long t0 = System.nanoTime();
            ctx.runPeriodicOnce(); // the first listing
            long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
            while (ctx.assigned() < files && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
            ctx.awaitIdle();
            long firstListing = System.nanoTime() - t0;
            long splits = ctx.assigned();
            long[][] intervals = new long[INTERVALS][];
            for (int i = 0; i < INTERVALS; i++) {
                intervals[i] = ctx.runPeriodicOnce();
                ctx.awaitIdle();
            }
            if (ctx.assigned() != splits) {
                report.failure(
                        "planning_continuous %s: %d splits handed out by listings with nothing"
                                + " new",
                        c.label, ctx.assigned() - splits);
            }
            report.resultText(
                    "planning_continuous %s files=%d splits=%d first_listing_to_all_handed_out=%.3fs"
                            + " interval_wall=%.1fms interval_cpu=%.1fms interval_alloc=%dMiB"
                            + " checkpoint=%d",
                    c.label,
                    files,
                    splits,
                    firstListing / 1e9,
                    median(intervals, 0) / 1e6,
                    median(intervals, 1) / 1e6,
                    JvmReport.mib(median(intervals, 2)),
                    stateBytes(ctx, e, source));
        }
    }

    private static long median(long[][] runs, int field) {
        long[] values = Arrays.stream(runs).mapToLong(r -> r[field]).sorted().toArray();
        return values[values.length / 2];
    }

    /** Bounded jobs on a MiniCluster: submission to the first row at the sink, and to the end. */
    private static void jobs(Path table, int files, int rounds, BenchmarkReport report)
            throws Exception {
        try (MiniClusterJobs jobs = MiniClusterJobs.start(READERS)) {
            for (int round = 0; round < rounds; round++) {
                StringBuilder line = new StringBuilder();
                for (int k = 0; k < Contender.values().length; k++) {
                    Contender c = Contender.values()[(k + round) % Contender.values().length];
                    String runId = UUID.randomUUID().toString();
                    Source<RowData, ?, ?> source = source(c, table, false);
                    long t0 = System.nanoTime();
                    jobs.run(
                            "planning-" + c.label,
                            env -> {
                                env.setParallelism(READERS);
                                env.fromSource(source, WatermarkStrategy.noWatermarks(), c.label)
                                        .sinkTo(new FirstRecordSink(runId));
                            });
                    long end = System.nanoTime() - t0;
                    long[] sink = FirstRecordSink.take(runId);
                    if (sink[1] != (long) files * ROWS_PER_FILE) {
                        report.failure(
                                "planning job %s read %d rows, expected %d",
                                c.label, sink[1], (long) files * ROWS_PER_FILE);
                    }
                    line.append(
                            String.format(
                                    " %s_first_row=%.3fs %s_end=%.3fs",
                                    c.label, (sink[0] - t0) / 1e9, c.label, end / 1e9));
                }
                report.resultText(
                        "planning_job round=%d/%d files=%d%s", round + 1, rounds, files, line);
            }
        }
    }
}
