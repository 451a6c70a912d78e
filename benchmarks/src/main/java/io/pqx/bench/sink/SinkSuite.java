package io.pqx.bench.sink;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.BenchmarkSuite;
import io.pqx.bench.Comparison;
import io.pqx.bench.JvmReport;
import io.pqx.bench.format.FileFacts;
import io.pqx.bench.format.FormatSettings;
import io.pqx.bench.format.LineitemGenerator;
import io.pqx.sink.PqxSinkOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.flink.table.data.RowData;

/**
 * Suite {@code sink}: pqx's sink against Flink's {@code FileSink} with flink-parquet's writer, both
 * as real Flink jobs (bounded in-memory source, parallelism 1, no checkpoints) on one in-process
 * MiniCluster, on the {@code format} suite's lineitem-like table (default 5,000,000 rows) with the
 * same {@link FormatSettings} (ZSTD 3, 1,000,000-row row groups); pqx's sink with parallel column
 * encoding against itself with one encoding thread; and both sinks in the layout Flink's FileSink
 * writes by default, one file of one row group ({@code pqx_large_groups} against {@code
 * flink_large_groups}), in rows/s and rows per CPU-second, with a {@code sink_activity} line per
 * job (the pqx sink's spills and forced closes, CPU by thread group).
 *
 * <p>Prints {@code RESULT sink_vs_flink_filesink} and {@code RESULT sink_parallel_vs_single} (job
 * wall-clock medians of the measured rounds), file sizes with a size ratio, row groups, heap
 * figures of the timed rounds, the live heap of an untimed heap pass (each sink's job and an
 * input-only job, sampled with forced collections; skipped with {@code
 * -Dpqx.bench.sink.heapPass=false}) with the sink's heap bound, and an untimed full-content check
 * of every sink's committed files with pqx's reader. Table generation and cluster start-up are not
 * timed. That is case {@value #THROUGHPUT}; then come the partitioned cases {@link StreamingCase}
 * (checkpoints every second, files and checkpoint durations) and {@link WideCase} (100 partitions
 * from one subtask, peak live heap). {@code --case C} runs one case alone. Runs on the caller's
 * thread.
 */
public final class SinkSuite implements BenchmarkSuite {

    static final long DEFAULT_ROWS = 5_000_000;
    static final String VS_FLINK = "sink_vs_flink_filesink";
    static final String PARALLEL_VS_SINGLE = "sink_parallel_vs_single";
    static final String VS_FLINK_CPU = "sink_vs_flink_filesink_cpu";
    static final String LARGE_GROUPS_VS_FLINK = "sink_large_groups_vs_flink_filesink";
    static final String LARGE_GROUPS_VS_FLINK_CPU = "sink_large_groups_vs_flink_filesink_cpu";

    /**
     * System property: {@code false} skips the untimed heap pass ({@link SinkRounds#measureHeap()})
     * and with it the {@code heap_measured} and {@code heap_bound} lines.
     */
    static final String HEAP_PASS = "pqx.bench.sink.heapPass";

    private static boolean heapPass() {
        return !"false".equalsIgnoreCase(System.getProperty(HEAP_PASS, "true"));
    }

    @Override
    public String name() {
        return "sink";
    }

    @Override
    public String summary() {
        return "pqx's sink vs Flink's FileSink + flink-parquet as MiniCluster jobs, and parallel vs"
                + " single-threaded encoding, lineitem-like table (default "
                + DEFAULT_ROWS
                + " rows); cases streaming (checkpoints every second, 8 partitions) and wide (100"
                + " partitions, one subtask); --case "
                + String.join("|", CASES);
    }

    /** The throughput case (the lineitem table into one file per sink, no checkpoints). */
    static final String THROUGHPUT = "throughput";

    /** The cases, in the order they run; {@code --case C} runs one of them ({@code C,D} two). */
    static final List<String> CASES = List.of(THROUGHPUT, StreamingCase.NAME, WideCase.NAME);

    @Override
    public void run(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        if (!CASES.containsAll(args.namedCases())) {
            report.failure(
                    "Cannot run suite sink: unknown case '%s' (cases: %s)",
                    args.onlyCase().orElse(""), String.join(", ", CASES));
            return;
        }
        if (args.runsCase(THROUGHPUT)) {
            runThroughput(args, report);
        }
        if (args.runsCase(StreamingCase.NAME)) {
            new StreamingCase(args, report).run();
        }
        if (args.runsCase(WideCase.NAME)) {
            new WideCase(args, report, heapPass()).run();
        }
    }

    private void runThroughput(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        FormatSettings settings = FormatSettings.standard();
        long rows = args.rowsOr(DEFAULT_ROWS);
        report.setting("rows", rows);
        report.setting("default_rows", DEFAULT_ROWS);
        List<SinkContender> contenders = SinkContenders.of(settings, args.peerOnly());
        printSetup(args, rows, settings, contenders, report);
        List<RowData> table = LineitemGenerator.inMemoryTable("sink", args.seed(), rows, report);
        String tableId = TableRows.register(table);
        Path dir = Files.createTempDirectory(args.workDir(), "pqx-bench-sink-");
        try (MiniClusterJobs jobs = MiniClusterJobs.start()) {
            SinkRounds rounds = new SinkRounds(table, tableId, contenders, jobs, dir, report);
            for (int w = 0; w < args.warmups(); w++) {
                rounds.round(w, String.format("warmup %d/%d", w + 1, args.warmups()), false);
            }
            for (int r = 0; r < args.rounds(); r++) {
                rounds.round(
                        args.warmups() + r,
                        String.format("round %d/%d", r + 1, args.rounds()),
                        true);
            }
            rounds.sourceBaseline();
            if (heapPass()) {
                rounds.measureHeap();
            } else {
                report.info("heap pass skipped (-D%s=false): no heap_measured line", HEAP_PASS);
            }
            rounds.verifyContent();
            printFiles(rounds.outputs(), report);
            rounds.printRounds();
            rounds.printActivity();
            printHeapBound(rounds, report);
            printResults(rounds, report);
            printLayoutResults(rounds, report);
        } finally {
            TableRows.unregister(tableId);
            if (args.keepFiles()) {
                report.info("files kept in %s", dir);
            } else {
                SinkRounds.deleteTree(dir);
            }
        }
    }

    private static void printSetup(
            BenchmarkArgs args,
            long rows,
            FormatSettings settings,
            List<SinkContender> contenders,
            BenchmarkReport report) {
        report.info(
                "sink rows=%d rounds=%d warmups=%d seed=%d parallelism=1 checkpoints=off"
                        + " object-reuse=on%s",
                rows,
                args.rounds(),
                args.warmups(),
                args.seed(),
                args.peerOnly() ? " peer-only" : "");
        report.info("sink settings %s (same for every sink)", settings.describe());
        for (SinkContender contender : contenders) {
            report.info("contender %s: %s", contender.name(), contender.describe());
        }
        if (args.peerOnly()) {
            report.info("pqx side not run (--peer-only): no RESULT line is printed");
        }
    }

    private static void printFiles(Map<String, SinkOutput> outputs, BenchmarkReport report)
            throws IOException {
        outputs.forEach(
                (who, o) ->
                        report.info(
                                "files %s=%d created_by=\"%s\"",
                                who,
                                o.files().size(),
                                o.facts().isEmpty() ? "" : o.facts().get(0).createdBy()));
        boolean singleFiles = outputs.values().stream().allMatch(o -> o.files().size() == 1);
        if (singleFiles && !outputs.isEmpty()) {
            for (String column :
                    outputs.values().iterator().next().facts().get(0).columns().keySet()) {
                report.info(
                        "column %s%s",
                        column, sideBySide(outputs, o -> oneFile(o).columns().get(column)));
            }
        }
        report.info("size%s", sideBySide(outputs, o -> Long.toString(o.bytes())));
        SinkOutput flink = outputs.get(FlinkFileSinkContender.NAME);
        SinkOutput pqx = outputs.get(SinkContenders.PQX);
        if (flink != null && pqx != null) {
            report.info("size_ratio pqx/flink=%.4f", (double) pqx.bytes() / flink.bytes());
        }
        printSameBytes(
                outputs.get(SinkContenders.PQX), outputs.get(SinkContenders.PQX_SINGLE), report);
        report.info("rowgroups%s", sideBySide(outputs, o -> Integer.toString(o.rowGroups())));
        report.info("rows%s", sideBySide(outputs, o -> Long.toString(o.rows())));
    }

    /**
     * The heap target for pqx's sink, as an INFO line (not a check): the {@code sink} figure of the
     * untimed heap pass (peak live heap of pqx's job minus that of the input-only job, see {@link
     * SinkRounds#measureHeap()}) against 1.5 x in-flight row groups x their mean encoded size. The
     * input buffers of the bound are the input-only job's figure, already subtracted.
     */
    private static void printHeapBound(SinkRounds rounds, BenchmarkReport report) {
        SinkOutput output = rounds.outputs().get(SinkContenders.PQX);
        Optional<SinkRounds.MeasuredHeap> heap = rounds.measuredHeap(SinkContenders.PQX);
        if (output == null || heap.isEmpty() || output.rowGroups() == 0) {
            return;
        }
        int inFlight = PqxSinkOptions.ENCODING_MAX_IN_FLIGHT.defaultValue();
        long groupBytes = output.bytes() / output.rowGroups();
        long bound = (long) (1.5 * inFlight * groupBytes);
        long sink = heap.get().sink();
        report.info(
                "heap_bound pqx sink=%d MiB (measured: live-peak %d MiB of pqx's job minus"
                        + " input-only %d MiB of the same source into DiscardingSink, untimed pass"
                        + " with a live class histogram every %d ms) target<=%d MiB (1.5 x %d in"
                        + " flight x %d MiB mean encoded row group) ratio=%.2f %s",
                Math.round(sink / (1024.0 * 1024.0)),
                JvmReport.mib(heap.get().livePeak()),
                JvmReport.mib(heap.get().inputOnly()),
                SinkRounds.HEAP_SAMPLE_MILLIS,
                JvmReport.mib(bound),
                inFlight,
                JvmReport.mib(groupBytes),
                (double) sink / bound,
                sink <= bound ? "met" : "NOT met");
    }

    /** A file's bytes must not depend on the number of encoding threads. */
    private static void printSameBytes(SinkOutput pqx, SinkOutput pqx1, BenchmarkReport report)
            throws IOException {
        if (pqx == null || pqx1 == null) {
            return;
        }
        boolean same = pqx.files().size() == pqx1.files().size();
        for (int i = 0; same && i < pqx.files().size(); i++) {
            same = Files.mismatch(pqx.files().get(i), pqx1.files().get(i)) == -1;
        }
        report.info(
                "identical files pqx vs pqx1 (encoding threads default vs 1): %s",
                same ? "yes" : "NO");
    }

    private static FileFacts oneFile(SinkOutput output) {
        return output.facts().get(0);
    }

    private static void printResults(SinkRounds rounds, BenchmarkReport report) {
        Optional<Double> flink = rounds.median(FlinkFileSinkContender.NAME);
        Optional<Double> pqx = rounds.median(SinkContenders.PQX);
        Optional<Double> pqx1 = rounds.median(SinkContenders.PQX_SINGLE);
        if (pqx.isEmpty()) {
            flink.ifPresent(f -> report.info("flink-only %s flink=%.0f unit=rows/s", VS_FLINK, f));
            return;
        }
        if (flink.isPresent()) {
            report.result(
                    new Comparison(VS_FLINK, FlinkFileSinkContender.NAME, pqx.get(), flink.get()));
        }
        if (pqx1.isPresent()) {
            report.result(
                    new Comparison(
                            PARALLEL_VS_SINGLE, SinkContenders.PQX_SINGLE, pqx.get(), pqx1.get()));
        }
    }

    /**
     * The CPU comparison of pqx's defaults, and both comparisons of the FileSink layout (one row
     * group per file) against Flink's FileSink writing the same layout.
     */
    private static void printLayoutResults(SinkRounds rounds, BenchmarkReport report) {
        compare(
                rounds,
                report,
                VS_FLINK_CPU,
                SinkContenders.PQX,
                FlinkFileSinkContender.NAME,
                true);
        compare(
                rounds,
                report,
                LARGE_GROUPS_VS_FLINK,
                SinkContenders.PQX_LARGE_GROUPS,
                SinkContenders.FLINK_LARGE_GROUPS,
                false);
        compare(
                rounds,
                report,
                LARGE_GROUPS_VS_FLINK_CPU,
                SinkContenders.PQX_LARGE_GROUPS,
                SinkContenders.FLINK_LARGE_GROUPS,
                true);
    }

    private static void compare(
            SinkRounds rounds,
            BenchmarkReport report,
            String name,
            String pqx,
            String peer,
            boolean cpu) {
        Optional<Double> ours = cpu ? rounds.cpuMedian(pqx) : rounds.median(pqx);
        Optional<Double> theirs = cpu ? rounds.cpuMedian(peer) : rounds.median(peer);
        if (ours.isPresent() && theirs.isPresent()) {
            report.result(
                    new Comparison(
                            name, peer, ours.get(), theirs.get(), cpu ? "rows/cpu-s" : "rows/s"));
        }
    }

    private static String sideBySide(
            Map<String, SinkOutput> outputs, Function<SinkOutput, String> fact) {
        StringBuilder line = new StringBuilder();
        outputs.forEach((who, o) -> line.append(' ').append(who).append('=').append(fact.apply(o)));
        return line.toString();
    }
}
