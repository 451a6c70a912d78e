package io.pqx.bench.sink;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.HeapPeaks;
import io.pqx.bench.JvmReport;
import io.pqx.bench.LiveHeapHistogram;
import io.pqx.bench.ThreadCpu;
import io.pqx.bench.Throughput;
import io.pqx.bench.Timed;
import io.pqx.bench.WorkFiles;
import io.pqx.tools.metrics.PqxCounters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.data.RowData;

/**
 * The rounds of the {@code sink} suite: in each round every contender runs one complete Flink job
 * (in-memory source to its sink, on the shared {@link MiniClusterJobs}) into a fresh directory.
 *
 * <p>A job is timed from submission to its end (the sink's files committed), so scheduling and
 * commit count for both sides alike. Before each job a full collection runs (untimed), and the heap
 * in use then (mostly the in-memory table) is the baseline of the job's live-heap figure.
 * Contenders alternate who goes first from round to round. After each job the footers must hold the
 * table's row count; the last round's files are kept for {@link #verifyContent()} and {@link
 * #outputs()}. Used by {@link SinkSuite} on its thread; not thread-safe.
 */
final class SinkRounds {

    private final List<RowData> table;
    private final String tableId;
    private final List<SinkContender> contenders;
    private final MiniClusterJobs jobs;
    private final Path dir;
    private final BenchmarkReport report;
    private final Map<String, Throughput> wall = new LinkedHashMap<>();
    private final Map<String, Throughput> cpu = new LinkedHashMap<>();
    private final Map<String, HeapFigures> heap = new LinkedHashMap<>();
    private final Map<String, SinkOutput> outputs = new LinkedHashMap<>();
    private final Map<String, MeasuredHeap> measured = new LinkedHashMap<>();
    private final List<String> activity = new ArrayList<>();

    /** How often the untimed heap pass forces a collection and samples the live heap. */
    static final long HEAP_SAMPLE_MILLIS = 100;

    /** How many classes a {@code heap_held} line names. */
    private static final int HELD_CLASSES = 8;

    /**
     * The untimed heap pass's figures of one contender, in bytes: the peak live heap of its job and
     * of the input-only job (same source, {@code DiscardingSink}), each above the live heap just
     * before that job (mostly the input table).
     */
    record MeasuredHeap(long livePeak, long inputOnly) {
        /** What the sink adds to the input-only job's live heap (may be slightly negative). */
        long sink() {
            return livePeak - inputOnly;
        }
    }

    /** The largest heap figures of a contender's measured rounds, in bytes. */
    record HeapFigures(long peak, long liveAboveBaseline) {
        HeapFigures max(HeapFigures other) {
            return new HeapFigures(
                    Math.max(peak, other.peak),
                    Math.max(liveAboveBaseline, other.liveAboveBaseline));
        }
    }

    SinkRounds(
            List<RowData> table,
            String tableId,
            List<SinkContender> contenders,
            MiniClusterJobs jobs,
            Path dir,
            BenchmarkReport report) {
        this.table = table;
        this.tableId = tableId;
        this.contenders = contenders;
        this.jobs = jobs;
        this.dir = dir;
        this.report = report;
    }

    /** Runs round {@code index} (0-based); its figures count only when {@code measured}. */
    void round(int index, String label, boolean measured) throws Exception {
        List<String> line = new ArrayList<>();
        for (SinkContender contender : ordered(index % 2 == 1)) {
            Path out = dir.resolve(contender.name());
            deleteTree(out);
            Files.createDirectories(out);
            System.gc(); // so neither side pays for the other's garbage
            long baseline = HeapPeaks.usedNow();
            PqxCounters.reset();
            ThreadCpu threads = ThreadCpu.start(SinkRounds::threadGroup);
            Timed<JobExecutionResult> job = Timed.run(() -> runJob(contender, out, index));
            Map<String, Long> threadCpu = threads.stop();
            SinkOutput output = SinkOutput.of(out);
            outputs.put(contender.name(), output);
            checkRows(contender, output);
            line.add(figure(contender.name(), job, baseline, measured));
            activity.add(activity(label, contender.name(), job, threadCpu, output));
        }
        report.info("%s sink %s", label, String.join(" ", line));
    }

    /**
     * The group of a JVM thread, by its name: pqx's encoding threads ({@code encode}) and its
     * row-group writer ({@code file-writer}), the Flink task thread that runs source and sink
     * writer ({@code task}), the JIT compilers ({@code jit}), and the rest ({@code other}).
     */
    static String threadGroup(String name) {
        if (name == null) {
            return "other";
        }
        if (name.startsWith("pqx-sink-") && name.contains("-encode-")) {
            return "encode";
        }
        if (name.startsWith("pqx-sink-") && name.contains("-file-writer-")) {
            return "file-writer";
        }
        if (name.startsWith("Source: ")) {
            return "task";
        }
        if (name.contains("CompilerThread")) {
            return "jit";
        }
        return "other";
    }

    /**
     * One {@code sink_activity} line: what a job's sink did (pqx's counters: row-log spills, rows
     * and bytes spilled, dictionaries given up, forced closes and cuts; the files and row groups it
     * committed) and where the process CPU went, by thread group (the rest, {@code non-java}, is
     * the garbage collector's and the JVM's own threads').
     */
    private String activity(
            String label,
            String who,
            Timed<JobExecutionResult> job,
            Map<String, Long> threadCpu,
            SinkOutput output) {
        StringBuilder cpu = new StringBuilder();
        long javaNanos = 0;
        for (Map.Entry<String, Long> e : threadCpu.entrySet()) {
            if (e.getKey().startsWith("threads:")) {
                continue;
            }
            javaNanos += e.getValue();
            cpu.append(
                    String.format(
                            Locale.ROOT,
                            " %s=%.2f(%d)",
                            e.getKey(),
                            e.getValue() / 1e9,
                            threadCpu.getOrDefault("threads:" + e.getKey(), 0L)));
        }
        cpu.append(
                String.format(
                        Locale.ROOT,
                        " non-java=%.2f",
                        Math.max(0, job.cpuNanos() - javaNanos) / 1e9));
        return String.format(
                Locale.ROOT,
                "sink_activity %s %s files=%d rowgroups=%d spills=%d spilled_rows=%d"
                        + " spilled_bytes=%d dictionaries_given_up=%d forced_closes=%d"
                        + " forced_cuts=%d cpu_s=%.2f by thread group (s, threads):%s",
                who,
                label.replace(' ', '_'),
                output.files().size(),
                output.rowGroups(),
                PqxCounters.total("pqxRowLogSpills"),
                PqxCounters.total("pqxRowLogSpilledRows"),
                PqxCounters.total("pqxRowLogSpilledBytes"),
                PqxCounters.total("pqxDictionariesGivenUp"),
                PqxCounters.total("pqxForcedFileCloses"),
                PqxCounters.total("pqxForcedRowGroupCuts"),
                job.cpuSeconds(),
                cpu);
    }

    /** Prints the {@code sink_activity} line of every job of the rounds. */
    void printActivity() {
        activity.forEach(line -> report.info("%s", line));
    }

    /** The last round's output of each contender, in contender order. */
    Map<String, SinkOutput> outputs() {
        return Collections.unmodifiableMap(outputs);
    }

    /** Median wall-clock rows/s of {@code contender}, when it was measured. */
    Optional<Double> median(String contender) {
        return Optional.ofNullable(wall.get(contender)).map(Throughput::median);
    }

    /** Median rows per process CPU second of {@code contender}, when it was measured. */
    Optional<Double> cpuMedian(String contender) {
        return Optional.ofNullable(cpu.get(contender)).map(Throughput::median);
    }

    /** The largest heap figures of {@code contender}'s measured rounds, when it was measured. */
    Optional<HeapFigures> heap(String contender) {
        return Optional.ofNullable(heap.get(contender));
    }

    /** Reads every value of the last round's files of every contender, untimed. */
    void verifyContent() throws Exception {
        for (Map.Entry<String, SinkOutput> e : outputs.entrySet()) {
            Optional<String> mismatch = e.getValue().verify(table);
            if (mismatch.isPresent()) {
                report.failure(
                        "%s's committed files differ from the input: %s",
                        e.getKey(), mismatch.get());
            } else {
                report.info(
                        "verified pqx reads %s's %d committed file(s): %d rows, every value equal"
                                + " to the input, in order",
                        e.getKey(), e.getValue().files().size(), table.size());
            }
        }
    }

    /** Prints every contender's rounds (wall and CPU) and heap figures. */
    void printRounds() {
        report.info("rounds sink%s unit=rows/s", roundsOf(wall));
        report.info("rounds sink%s unit=rows/cpu-s", roundsOf(cpu));
        cpu.forEach((who, t) -> report.info("cpu sink %s=%.0f unit=rows/cpu-s", who, t.median()));
        heap.forEach(
                (who, h) ->
                        report.info(
                                "heap %s peak=%d MiB live-peak-above-baseline=%d MiB (largest of"
                                        + " the measured rounds; baseline = heap after GC"
                                        + " before the job, mostly the input table)",
                                who,
                                JvmReport.mib(h.peak()),
                                JvmReport.mib(h.liveAboveBaseline())));
    }

    /**
     * Runs the same source into Flink's {@code DiscardingSink} once, untimed in any result, and
     * prints its rate: the share of every job's time that is not the sink's.
     */
    void sourceBaseline() throws Exception {
        System.gc();
        Timed<JobExecutionResult> job = Timed.run(() -> runSourceOnlyJob("sink-bench-source-only"));
        report.info(
                "source-only job (same source, DiscardingSink) %.0f rows/s (%.2f s, cpu %.2f s):"
                        + " the part of each job that is not the sink",
                table.size() / job.seconds(), job.seconds(), job.cpuSeconds());
    }

    /**
     * The untimed heap pass, after the timed rounds: one more job per contender, and one input-only
     * job (same source into {@code DiscardingSink}), each run while a sampler thread forces a full
     * collection and reads the heap in use every {@value #HEAP_SAMPLE_MILLIS} ms (see {@link
     * HeapPeaks#sampleLivePeak}). Each figure is the largest sample minus the heap in use after a
     * full collection just before the job, so it does not depend on the young generation's size or
     * on collections happening during the job; the input-only figure is the source's and the
     * framework's share (the bound's "input buffers"), and a contender's {@code sink} figure is its
     * own figure minus that. Prints one {@code heap_measured} line per contender. The jobs write
     * into their own directories, deleted afterwards; the timed rounds' files are kept.
     */
    void measureHeap() throws Exception {
        long inputOnly =
                livePeakAboveBaseline(
                        "input-only", () -> runSourceOnlyJob("sink-bench-heap-input"));
        for (SinkContender contender : contenders) {
            Path out = dir.resolve("heap-pass-" + contender.name());
            deleteTree(out);
            Files.createDirectories(out);
            long livePeak =
                    livePeakAboveBaseline(contender.name(), () -> runJob(contender, out, "heap"));
            checkRows(contender, SinkOutput.of(out));
            deleteTree(out);
            MeasuredHeap figures = new MeasuredHeap(livePeak, inputOnly);
            measured.put(contender.name(), figures);
            report.info(
                    "heap_measured %s live-peak=%d MiB input-only=%d MiB sink=%d MiB (untimed"
                            + " pass: live heap (class histogram after a full GC) every %d ms during the"
                            + " job, peak minus live heap before the job; input-only = same source into"
                            + " DiscardingSink; sink = live-peak - input-only)",
                    contender.name(),
                    JvmReport.mib(figures.livePeak()),
                    JvmReport.mib(figures.inputOnly()),
                    Math.round(figures.sink() / (1024.0 * 1024.0)),
                    HEAP_SAMPLE_MILLIS);
        }
    }

    /** The untimed heap pass's figures of {@code contender}, when it was measured. */
    Optional<MeasuredHeap> measuredHeap(String contender) {
        return Optional.ofNullable(measured.get(contender));
    }

    /**
     * The job's peak live heap above the live heap just before it, in bytes; prints the classes
     * that grew most at that peak (what the job held).
     */
    private long livePeakAboveBaseline(String name, Timed.Work<?> job) throws Exception {
        LiveHeapHistogram baseline = LiveHeapHistogram.take();
        LiveHeapHistogram peak = HeapPeaks.sampleLivePeak(job, HEAP_SAMPLE_MILLIS);
        report.info(
                "heap_held %s at its live peak: %s",
                name, String.join(", ", peak.largestGrowthOver(baseline, HELD_CLASSES)));
        return Math.max(0, peak.totalBytes() - baseline.totalBytes());
    }

    private JobExecutionResult runSourceOnlyJob(String name) throws Exception {
        return jobs.run(
                name,
                env ->
                        env.fromSource(
                                        TableRows.source(tableId),
                                        WatermarkStrategy.noWatermarks(),
                                        "lineitem")
                                .sinkTo(new DiscardingSink<>()));
    }

    private JobExecutionResult runJob(SinkContender contender, Path out, int round)
            throws Exception {
        return runJob(contender, out, Integer.toString(round));
    }

    private JobExecutionResult runJob(SinkContender contender, Path out, String round)
            throws Exception {
        return jobs.run(
                "sink-bench-" + contender.name() + "-" + round,
                env -> {
                    DataStream<RowData> rows =
                            env.fromSource(
                                    TableRows.source(tableId),
                                    WatermarkStrategy.noWatermarks(),
                                    "lineitem");
                    contender.attach(rows, out);
                });
    }

    private void checkRows(SinkContender contender, SinkOutput output) {
        if (output.rows() != table.size()) {
            report.failure(
                    "%s committed %d rows in %d file(s), want %d",
                    contender.name(), output.rows(), output.files().size(), table.size());
        }
        if (output.hiddenFiles() > 0) {
            report.info(
                    "%s left %d hidden file(s) after the job",
                    contender.name(), output.hiddenFiles());
        }
    }

    private String figure(
            String who, Timed<JobExecutionResult> job, long baseline, boolean measured) {
        long liveAbove = Math.max(0, job.peakLiveBytes() - baseline);
        if (measured) {
            wall.computeIfAbsent(who, w -> new Throughput()).add(table.size(), job.nanos());
            cpu.computeIfAbsent(who, w -> new Throughput()).add(table.size(), job.cpuNanos());
            heap.merge(who, new HeapFigures(job.peakHeapBytes(), liveAbove), HeapFigures::max);
        }
        return String.format(
                Locale.ROOT,
                "%s=%.0f (%.2f s, job net %.2f s, cpu %.2f s, heap peak %d MiB, live above"
                        + " baseline %d MiB)",
                who,
                table.size() / job.seconds(),
                job.seconds(),
                job.value().getNetRuntime() / 1e3,
                job.cpuSeconds(),
                JvmReport.mib(job.peakHeapBytes()),
                JvmReport.mib(liveAbove));
    }

    private static String roundsOf(Map<String, Throughput> byContender) {
        StringBuilder rounds = new StringBuilder();
        byContender.forEach(
                (who, t) -> rounds.append(' ').append(who).append('=').append(t.rounds(",")));
        return rounds.toString();
    }

    private List<SinkContender> ordered(boolean reversed) {
        List<SinkContender> copy = new ArrayList<>(contenders);
        if (reversed) {
            Collections.reverse(copy);
        }
        return copy;
    }

    static void deleteTree(Path root) throws IOException {
        WorkFiles.deleteTree(root);
    }
}
