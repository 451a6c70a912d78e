package io.pqx.bench.sink;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.HeapPeaks;
import io.pqx.bench.JvmReport;
import io.pqx.bench.LiveHeapHistogram;
import io.pqx.bench.Timed;
import io.pqx.bench.WorkFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;

/**
 * Case {@code wide} of suite {@code sink}: one subtask writes {@value #DEFAULT_ROWS} {@link
 * PartitionedRows} (16 columns) interleaved row by row over {@value #PARTITIONS} partitions, as
 * fast as it can, with exactly-once checkpoints every 5 s, into pqx's sink (default options, {@code
 * sink.max-open-files} {@value #MAX_OPEN_FILES}) and into Flink's FileSink ({@link
 * PartitionedContenders}). Rows: {@code -D}{@value #ROWS}.
 *
 * <p>Per contender one job: rows/s over submission to end, process CPU, files, bytes and, unless
 * {@code -Dpqx.bench.sink.heapPass=false}, the peak live heap, from a sampler taking a {@link
 * LiveHeapHistogram} every {@value #HEAP_SAMPLE_MILLIS} ms during the job ({@link
 * HeapPeaks#sampleLivePeak}): the largest sample minus the live heap before the job, with the
 * classes that held it. The sampler's full collections slow both contenders' jobs; with the heap
 * pass off the job is timed alone. The files are read back with pqx's reader ({@link
 * CommittedIds}): every id exactly once in its partition's directory, else {@code FAIL}. Runs on
 * the caller's thread.
 */
final class WideCase {

    static final String NAME = "wide";
    static final String ROWS = "pqx.bench.sink.wide.rows";

    /**
     * About 2.3 MB raw per partition. Flink's FileSink rolls 100 files at every checkpoint and
     * spent about 26 ms of CPU per file here: 2,000,000 rows took it 1,204 s on the loaded shared
     * machine (load 12), so the default is halved; {@code -D}{@value #ROWS}{@code =5000000} gives
     * the full-size case's tens of MB per partition where that time is available.
     */
    static final long DEFAULT_ROWS = 1_000_000;

    static final int PARTITIONS = 100;
    static final int MAX_OPEN_FILES = 100;
    static final Duration CHECKPOINT_INTERVAL = Duration.ofSeconds(5);

    /**
     * The heap sampler's interval: coarser than the throughput case's 100 ms, since the sampler
     * runs during the timed job (a separate untimed job per contender would double the case's time,
     * and Flink's FileSink takes minutes here) and every sample is a full collection.
     */
    static final long HEAP_SAMPLE_MILLIS = 1000;

    private static final int HELD_CLASSES = 8;

    private final BenchmarkArgs args;
    private final BenchmarkReport report;
    private final boolean heapPass;
    private final long rows;

    /** One contender's figures; {@code liveHeapPeak} is empty without the heap pass. */
    private record Figures(CommittedIds ids, double rowsPerSecond, OptionalLong liveHeapPeak) {}

    WideCase(BenchmarkArgs args, BenchmarkReport report, boolean heapPass) {
        this.args = args;
        this.report = report;
        this.heapPass = heapPass;
        this.rows = Long.getLong(ROWS, DEFAULT_ROWS);
        report.setting("wide_rows", rows);
    }

    void run() throws Exception {
        List<SinkContender> contenders =
                PartitionedContenders.of(OptionalInt.of(MAX_OPEN_FILES), args.peerOnly());
        double rawBytes = PartitionedRows.meanRawBytes();
        report.info(
                "sink_wide rows=%d (-D%s) partitions=%d interleaved row by row, parallelism=1,"
                        + " checkpoints every %d ms exactly-once, %.0f raw bytes a row, %.1f MB raw"
                        + " per partition",
                rows,
                ROWS,
                PARTITIONS,
                CHECKPOINT_INTERVAL.toMillis(),
                rawBytes,
                rows * rawBytes / PARTITIONS / 1e6);
        for (SinkContender contender : contenders) {
            report.info("sink_wide contender %s: %s", contender.name(), contender.describe());
        }
        Map<String, Figures> figures = new LinkedHashMap<>();
        Path dir = Files.createTempDirectory(args.workDir(), "pqx-bench-sink-wide-");
        try (MiniClusterJobs jobs = MiniClusterJobs.start(1)) {
            for (SinkContender contender : contenders) {
                figures.put(contender.name(), runOne(jobs, contender, dir));
            }
        } finally {
            WorkFiles.deleteUnlessKept(dir, args, report);
        }
        printResults(figures);
    }

    private Figures runOne(MiniClusterJobs jobs, SinkContender contender, Path dir)
            throws Exception {
        Path out = dir.resolve(contender.name());
        AtomicReference<Timed<MiniClusterJobs.CheckpointedJob>> job = new AtomicReference<>();
        OptionalLong live = OptionalLong.empty();
        if (heapPass) {
            LiveHeapHistogram before = LiveHeapHistogram.take();
            LiveHeapHistogram peak =
                    HeapPeaks.sampleLivePeak(
                            () -> job.getAndSet(Timed.run(() -> runJob(jobs, contender, out))),
                            HEAP_SAMPLE_MILLIS);
            live = OptionalLong.of(Math.max(0, peak.totalBytes() - before.totalBytes()));
            report.info(
                    "sink_wide heap_measured %s live-peak=%d MiB (live class histogram after a"
                            + " full GC every %d ms during the job, peak minus the live heap"
                            + " before it)",
                    contender.name(), JvmReport.mib(live.getAsLong()), HEAP_SAMPLE_MILLIS);
            report.info(
                    "sink_wide heap_held %s at its live peak: %s",
                    contender.name(),
                    String.join(", ", peak.largestGrowthOver(before, HELD_CLASSES)));
        } else {
            job.set(Timed.afterGc(() -> runJob(jobs, contender, out)));
        }
        CommittedIds ids = verified(contender, out);
        double rowsPerSecond = rows / job.get().seconds();
        report.info(
                "sink_wide %s files=%d bytes=%d mean_file_bytes=%.0f rows/s=%.0f wall=%.1f s"
                        + " cpu=%.1f s checkpoints=%d%s",
                contender.name(),
                ids.files(),
                ids.bytes(),
                ids.meanFileBytes(),
                rowsPerSecond,
                job.get().seconds(),
                job.get().cpuSeconds(),
                job.get().value().checkpointMillis().size(),
                heapPass
                        ? " (with the heap sampler's full GC every " + HEAP_SAMPLE_MILLIS + " ms)"
                        : "");
        if (!args.keepFiles()) {
            WorkFiles.deleteTree(out);
        }
        return new Figures(ids, rowsPerSecond, live);
    }

    private MiniClusterJobs.CheckpointedJob runJob(
            MiniClusterJobs jobs, SinkContender contender, Path out) throws Exception {
        Files.createDirectories(out);
        return jobs.runCheckpointed(
                "sink-wide-" + contender.name(),
                1,
                CHECKPOINT_INTERVAL,
                env ->
                        contender.attach(
                                env.fromSource(
                                        PartitionedRows.source(rows, PARTITIONS),
                                        WatermarkStrategy.noWatermarks(),
                                        "rows"),
                                out));
    }

    private CommittedIds verified(SinkContender contender, Path out) throws Exception {
        CommittedIds ids = CommittedIds.read(out, rows, PARTITIONS);
        ids.problem(rows)
                .ifPresentOrElse(
                        p ->
                                report.failure(
                                        "sink_wide %s committed wrong rows: %s",
                                        contender.name(), p),
                        () ->
                                report.info(
                                        "sink_wide verified pqx reads %s's %d committed"
                                                + " files: ids 0..%d each exactly once, in their"
                                                + " partition's directory",
                                        contender.name(), ids.files(), rows - 1));
        return ids;
    }

    private void printResults(Map<String, Figures> figures) {
        Figures pqx = figures.get(PartitionedContenders.PQX);
        Figures flink = figures.get(PartitionedContenders.FILESINK);
        if (pqx == null || flink == null) {
            report.info("sink_wide: pqx not run (--peer-only), no RESULT line");
            return;
        }
        report.result(
                new Comparison(
                        "sink_wide",
                        PartitionedContenders.FILESINK,
                        pqx.rowsPerSecond(),
                        flink.rowsPerSecond()));
        report.resultText(
                "sink_wide files pqx=%d filesink=%d mean_file_bytes pqx=%.0f filesink=%.0f",
                pqx.ids().files(),
                flink.ids().files(),
                pqx.ids().meanFileBytes(),
                flink.ids().meanFileBytes());
        if (pqx.liveHeapPeak().isPresent() && flink.liveHeapPeak().isPresent()) {
            report.resultText(
                    "sink_wide peak_live_heap_mib pqx=%d filesink=%d ratio=%.2f",
                    JvmReport.mib(pqx.liveHeapPeak().getAsLong()),
                    JvmReport.mib(flink.liveHeapPeak().getAsLong()),
                    (double) pqx.liveHeapPeak().getAsLong()
                            / Math.max(1, flink.liveHeapPeak().getAsLong()));
        }
    }
}
