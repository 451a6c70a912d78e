package io.pqx.bench.sink;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Timed;
import io.pqx.bench.WorkFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;

/**
 * Case {@code streaming} of suite {@code sink}: {@value #DEFAULT_ROWS} {@link PartitionedRows} at a
 * fixed rate ({@value #DEFAULT_RATE} rows/s in all, so a contender's job spans about 50 one-second
 * checkpoints) from a rate-limited {@code DataGeneratorSource}, parallelism {@value #PARALLELISM},
 * {@value #PARTITIONS} partitions, exactly-once checkpoints every second, into pqx's sink and into
 * Flink's FileSink ({@link PartitionedContenders}), one job each on a 2-slot MiniCluster.
 *
 * <p>Per contender: files committed, mean file size, rows/s (rows over the job's wall time,
 * submission to end, commit included; at a fixed rate it shows whether the sink kept up), process
 * CPU seconds, and the end-to-end durations of the job's completed checkpoints (p50, p99, max; from
 * the archived execution graph). Every committed file is read back with pqx's reader: each id
 * exactly once, in its partition's directory ({@link CommittedIds}), else {@code FAIL}. Rows and
 * rate: {@code -D}{@value #ROWS} and {@code -D}{@value #RATE}. Runs on the caller's thread.
 */
final class StreamingCase {

    static final String NAME = "streaming";
    static final String ROWS = "pqx.bench.sink.streaming.rows";
    static final String RATE = "pqx.bench.sink.streaming.rate";

    /**
     * Default rows and rate: 50 s per contender when the sink keeps up. The full-size case is
     * 5,000,000 rows; on a shared 2-core machine Flink's FileSink, rolling 16 files a second, kept
     * up with no more than about 15,000 rows/s, so that count took minutes per contender: {@code
     * -D}{@value #ROWS}{@code =5000000 -D}{@value #RATE}{@code =100000} runs it where both sinks
     * keep up with that rate.
     */
    static final long DEFAULT_ROWS = 1_000_000;

    static final long DEFAULT_RATE = 20_000;

    /** A job reaching this share of the source's rate kept up with it. */
    private static final double KEPT_UP = 0.95;

    static final int PARALLELISM = 2;
    static final int PARTITIONS = 8;
    static final Duration CHECKPOINT_INTERVAL = Duration.ofSeconds(1);

    /** The files target: pqx writes at least this many times fewer files than FileSink. */
    static final double FILES_TARGET = 20;

    private final BenchmarkArgs args;
    private final BenchmarkReport report;
    private final long rows;
    private final double rate;

    /**
     * One contender's figures: checkpoints are all the job's, {@code flowing} those triggered while
     * rows still came (the others wait for end of input to close every open file).
     */
    private record Figures(
            CommittedIds ids,
            CheckpointQuantiles checkpoints,
            CheckpointQuantiles flowing,
            double rowsPerSecond) {}

    StreamingCase(BenchmarkArgs args, BenchmarkReport report) {
        this.args = args;
        this.report = report;
        this.rows = Long.getLong(ROWS, DEFAULT_ROWS);
        report.setting("streaming_rows", rows);
        this.rate = Double.parseDouble(System.getProperty(RATE, Long.toString(DEFAULT_RATE)));
    }

    void run() throws Exception {
        List<SinkContender> contenders =
                PartitionedContenders.of(OptionalInt.empty(), args.peerOnly());
        report.info(
                "sink_streaming rows=%d rate=%.0f rows/s (-D%s, -D%s; about %.0f s per"
                        + " contender) parallelism=%d partitions=%d checkpoints every %d ms"
                        + " exactly-once, %.0f raw bytes a row",
                rows,
                rate,
                ROWS,
                RATE,
                rows / rate,
                PARALLELISM,
                PARTITIONS,
                CHECKPOINT_INTERVAL.toMillis(),
                PartitionedRows.meanRawBytes());
        for (SinkContender contender : contenders) {
            report.info("sink_streaming contender %s: %s", contender.name(), contender.describe());
        }
        Map<String, Figures> figures = new LinkedHashMap<>();
        Path dir = Files.createTempDirectory(args.workDir(), "pqx-bench-sink-streaming-");
        try (MiniClusterJobs jobs = MiniClusterJobs.start(PARALLELISM)) {
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
        Files.createDirectories(out);
        LastRecordStamp.reset();
        Timed<MiniClusterJobs.CheckpointedJob> job =
                Timed.afterGc(
                        () ->
                                jobs.runCheckpointed(
                                        "sink-streaming-" + contender.name(),
                                        PARALLELISM,
                                        CHECKPOINT_INTERVAL,
                                        env ->
                                                contender.attach(
                                                        env.fromSource(
                                                                        PartitionedRows.source(
                                                                                rows,
                                                                                PARTITIONS,
                                                                                rate),
                                                                        WatermarkStrategy
                                                                                .noWatermarks(),
                                                                        "rows")
                                                                .map(new LastRecordStamp())
                                                                .returns(
                                                                        InternalTypeInfo.of(
                                                                                PartitionedRows
                                                                                        .TYPE)),
                                                        out)));
        CommittedIds ids = CommittedIds.read(out, rows, PARTITIONS);
        ids.problem(rows)
                .ifPresentOrElse(
                        p ->
                                report.failure(
                                        "sink_streaming %s committed wrong rows: %s",
                                        contender.name(), p),
                        () ->
                                report.info(
                                        "sink_streaming verified pqx reads %s's %d committed"
                                                + " files: ids 0..%d each exactly once, in"
                                                + " their partition's directory",
                                        contender.name(), ids.files(), rows - 1));
        CheckpointQuantiles checkpoints = CheckpointQuantiles.of(job.value().checkpointMillis());
        long inputEnd = LastRecordStamp.lastRecordMillis();
        List<Long> flowingMillis = new ArrayList<>();
        for (int i = 0; i < job.value().checkpointMillis().size(); i++) {
            if (job.value().triggeredAt().get(i) < inputEnd) {
                flowingMillis.add(job.value().checkpointMillis().get(i));
            }
        }
        CheckpointQuantiles flowing = CheckpointQuantiles.of(flowingMillis);
        double rowsPerSecond = rows / job.seconds();
        report.info(
                "sink_streaming %s files=%d bytes=%d mean_file_bytes=%.0f rows/s=%.0f (kept up"
                        + " with the source's %.0f: %s) wall=%.1f s cpu=%.1f s checkpoint_ms %s"
                        + " (while rows came: %s) hidden_files=%d",
                contender.name(),
                ids.files(),
                ids.bytes(),
                ids.meanFileBytes(),
                rowsPerSecond,
                rate,
                rowsPerSecond >= KEPT_UP * rate ? "yes" : "NO",
                job.seconds(),
                job.cpuSeconds(),
                checkpoints.describe(),
                flowing.describe(),
                ids.hiddenFiles());
        return new Figures(ids, checkpoints, flowing, rowsPerSecond);
    }

    private void printResults(Map<String, Figures> figures) {
        Figures pqx = figures.get(PartitionedContenders.PQX);
        Figures flink = figures.get(PartitionedContenders.FILESINK);
        if (pqx == null || flink == null) {
            report.info("sink_streaming: pqx not run (--peer-only), no RESULT line");
            return;
        }
        double ratio = (double) flink.ids().files() / Math.max(1, pqx.ids().files());
        report.resultText(
                "sink_streaming files pqx=%d filesink=%d ratio=%.1fx",
                pqx.ids().files(), flink.ids().files(), ratio);
        report.resultText(
                "sink_streaming mean_file_bytes pqx=%.0f filesink=%.0f",
                pqx.ids().meanFileBytes(), flink.ids().meanFileBytes());
        report.resultText(
                "sink_streaming rows_per_s pqx=%.0f filesink=%.0f ratio=%.3f",
                pqx.rowsPerSecond(),
                flink.rowsPerSecond(),
                pqx.rowsPerSecond() / flink.rowsPerSecond());
        report.resultText(
                "sink_streaming checkpoint_ms p50/p99 pqx=%s filesink=%s",
                pqx.checkpoints().p50p99(), flink.checkpoints().p50p99());
        report.resultText(
                "sink_streaming checkpoint_ms_while_rows_came p50/p99 pqx=%s filesink=%s",
                pqx.flowing().p50p99(), flink.flowing().p50p99());
        boolean fewerFiles = ratio >= FILES_TARGET;
        report.info(
                "target sink_streaming files ratio=%.1fx target>=%.0fx: %s; checkpoint_ms p50/p99"
                        + " pqx=%s filesink=%s target no slower (p50 and p99 <= filesink's): %s;"
                        + " while rows came pqx=%s filesink=%s: %s",
                ratio,
                FILES_TARGET,
                fewerFiles ? "met" : "NOT met",
                pqx.checkpoints().p50p99(),
                flink.checkpoints().p50p99(),
                noSlower(pqx.checkpoints(), flink.checkpoints()) ? "met" : "NOT met",
                pqx.flowing().p50p99(),
                flink.flowing().p50p99(),
                noSlower(pqx.flowing(), flink.flowing()) ? "met" : "NOT met");
    }

    private static boolean noSlower(CheckpointQuantiles pqx, CheckpointQuantiles flink) {
        return pqx.quantile(0.5) <= flink.quantile(0.5)
                && pqx.quantile(0.99) <= flink.quantile(0.99);
    }
}
