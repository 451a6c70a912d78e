package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.WorkFiles;
import io.pqx.format.ParquetWriter;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Case {@value #NAME} of suite {@code source} ({@code --case variant} runs it alone, on its own
 * table; the whole suite runs it after case {@code planning}, before the lineitem table is
 * generated): JSON-like events ({@link VariantEvents}) written by pqx's writer as a VARIANT column
 * unshredded, as a VARIANT column with 5 of its 10 fields shredded, and, as the peer, as a STRING
 * column of the same JSON text; then a 1 % filter on the shredded {@code user_id} over each file,
 * every answer checked. Writes and reads run on the calling thread, in rounds where the contenders
 * take turns going first, a full GC (not timed) before each run. See the benchmarks README for the
 * lines printed.
 */
final class VariantCase {
    static final String NAME = "variant";

    /** The case's default table: its events are held in memory twice (variant and text). */
    static final long DEFAULT_ROWS = 1_000_000;

    /** Row groups small enough that a 1,000,000-row file has 10 of them to prune. */
    private static final int ROW_GROUP_ROWS = 100_000;

    private static final String USER_ID_LEAF =
            VariantEvents.COLUMN + ".typed_value.user_id.typed_value";

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** One file of the case: who writes it, with which type and options. */
    private enum Layout {
        UNSHREDDED("variant_unshredded", VariantEvents.VARIANT_TYPE, false),
        SHREDDED("variant_shredded", VariantEvents.VARIANT_TYPE, true),
        JSON_STRING("json_string", VariantEvents.STRING_TYPE, false);

        final String label;
        final RowType type;
        final boolean shredded;

        Layout(String label, RowType type, boolean shredded) {
            this.label = label;
            this.type = type;
            this.shredded = shredded;
        }

        WriteOptions options() {
            WriteOptions.Builder b =
                    WriteOptions.builder()
                            .codec(Compression.ZSTD)
                            .compressionLevel(3)
                            .pageVersion(PageVersion.V1)
                            .dictionaryEnabled(true)
                            .pageSizeBytes(1 << 20)
                            .dictionaryPageSizeBytes(1 << 20)
                            .pageRowLimit(20_000)
                            .rowGroupRows(ROW_GROUP_ROWS)
                            .rowGroupBytes(WriteOptions.MAX_ROW_GROUP_BYTES);
            if (shredded) {
                b.variantShredding(VariantEvents.COLUMN, VariantEvents.SHREDDING);
            }
            return b.build();
        }

        List<RowData> rows(VariantEvents events) {
            return this == JSON_STRING ? events.stringRows() : events.variantRows();
        }
    }

    private VariantCase() {}

    /** Runs the case if {@code args} asks for it; true if it was the only case asked for. */
    static boolean runIfAsked(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        if (!args.runsCase(NAME)) {
            return false;
        }
        run(args, report);
        return args.onlyCase().isPresent();
    }

    private static void run(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        long rows = args.rowsOr(DEFAULT_ROWS);
        report.setting("variant_rows", rows);
        Path dir = Files.createTempDirectory(args.workDir(), "pqx-bench-variant-");
        try {
            long start = System.nanoTime();
            VariantEvents events = VariantEvents.generate(rows, args.seed());
            report.info(
                    "variant: %d events generated in %.1f s (not timed), JSON text %.1f bytes/row;"
                            + " shredded as %s; filter user_id in [%d, %d): %d rows (%.2f %%)",
                    rows,
                    (System.nanoTime() - start) / 1e9,
                    (double) events.jsonBytes() / rows,
                    VariantEvents.SHREDDING_SQL,
                    events.fromUser(),
                    events.toUser(),
                    events.answer().rows(),
                    100.0 * events.answer().rows() / rows);
            Map<Layout, Path> files = new LinkedHashMap<>();
            for (Layout layout : Layout.values()) {
                files.put(layout, dir.resolve(layout.label + ".parquet"));
            }
            measureWrites(events, files, args, report);
            reportFiles(files, rows, report);
            long from = events.fromUser();
            long to = events.toUser();
            VariantEvents.FilterAnswer expected = events.answer();
            events = null; // the reads run without the generated events on the heap
            measureFilter(files, rows, from, to, expected, args, report);
        } finally {
            WorkFiles.deleteUnlessKept(dir, args, report);
        }
    }

    private static void measureWrites(
            VariantEvents events,
            Map<Layout, Path> files,
            BenchmarkArgs args,
            BenchmarkReport report)
            throws Exception {
        List<Layout> layouts = List.of(Layout.values());
        Map<String, ContenderFigures> figures = new LinkedHashMap<>();
        layouts.forEach(l -> figures.put(l.label, new ContenderFigures()));
        int total = args.warmups() + args.rounds();
        for (int round = 0; round < total; round++) {
            boolean measured = round >= args.warmups();
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < layouts.size(); k++) {
                Layout layout = layouts.get((k + round) % layouts.size());
                Files.deleteIfExists(files.get(layout));
                System.gc(); // not timed: no writer pays for the garbage of the one before
                RunFigures run = write(layout, events, files.get(layout));
                line.append(
                        String.format(
                                " %s=%.2fs(cpu %.2fs, thread %.2fs)",
                                layout.label,
                                run.wallNanos() / 1e9,
                                run.cpuNanos() / 1e9,
                                run.threadCpuNanos() / 1e9));
                if (measured) {
                    figures.get(layout.label).add(events.rows(), run);
                }
            }
            report.info("%s variant_write%s", roundName(round, args), line);
        }
        FigureLines.print("variant_write", figures, report);
        for (Layout variant : List.of(Layout.UNSHREDDED, Layout.SHREDDED)) {
            String name = "variant_write_" + (variant.shredded ? "shredded" : "unshredded");
            ContenderFigures pqx = figures.get(variant.label);
            ContenderFigures peer = figures.get(Layout.JSON_STRING.label);
            report.result(
                    new Comparison(
                            name, "json_string", pqx.wall.median(), peer.wall.median(), "rows/s"));
            report.result(
                    new Comparison(
                            name + "_thread_cpu",
                            "json_string",
                            pqx.threadCpu.median(),
                            peer.threadCpu.median(),
                            "rows/thread-cpu-s"));
        }
    }

    private static RunFigures write(Layout layout, VariantEvents events, Path file)
            throws IOException {
        List<RowData> rows = layout.rows(events);
        long cpu0 = ReaderRun.processCpuNanos();
        long thread0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        try (ParquetWriter writer =
                ParquetWriter.builder(layout.type)
                        .options(layout.options())
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
        long wall = System.nanoTime() - t0;
        long thread = THREADS.getCurrentThreadCpuTime() - thread0;
        long cpu = ReaderRun.processCpuNanos() - cpu0;
        return new RunFigures(wall, cpu, thread, -1, -1);
    }

    private static void reportFiles(Map<Layout, Path> files, long rows, BenchmarkReport report)
            throws IOException {
        Map<Layout, Long> sizes = new LinkedHashMap<>();
        for (Map.Entry<Layout, Path> e : files.entrySet()) {
            long bytes = Files.size(e.getValue());
            sizes.put(e.getKey(), bytes);
            report.info(
                    "file variant %s %s %s",
                    e.getKey().label,
                    e.getValue().getFileName(),
                    FileLayout.of(e.getValue().toFile()).describe());
        }
        long json = sizes.get(Layout.JSON_STRING);
        report.resultText(
                "variant_file_bytes variant_unshredded=%d variant_shredded=%d json_string=%d"
                        + " unshredded/json_string=%.3f shredded/json_string=%.3f bytes/row:"
                        + " %.1f %.1f %.1f",
                sizes.get(Layout.UNSHREDDED),
                sizes.get(Layout.SHREDDED),
                json,
                (double) sizes.get(Layout.UNSHREDDED) / json,
                (double) sizes.get(Layout.SHREDDED) / json,
                (double) sizes.get(Layout.UNSHREDDED) / rows,
                (double) sizes.get(Layout.SHREDDED) / rows,
                (double) json / rows);
    }

    private static void measureFilter(
            Map<Layout, Path> files,
            long rows,
            long from,
            long to,
            VariantEvents.FilterAnswer expected,
            BenchmarkArgs args,
            BenchmarkReport report)
            throws Exception {
        String query = "variant_filter_1pct";
        List<Layout> layouts = List.of(Layout.SHREDDED, Layout.UNSHREDDED, Layout.JSON_STRING);
        Map<String, ContenderFigures> figures = new LinkedHashMap<>();
        Map<Layout, RunFigures> lastRun = new LinkedHashMap<>();
        layouts.forEach(l -> figures.put(l.label, new ContenderFigures()));
        int total = args.warmups() + args.rounds();
        for (int round = 0; round < total; round++) {
            boolean measured = round >= args.warmups();
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < layouts.size(); k++) {
                Layout layout = layouts.get((k + round) % layouts.size());
                System.gc(); // not timed: no reader pays for the garbage of the one before
                RunFigures run = filter(layout, files.get(layout), from, to, expected, report);
                lastRun.put(layout, run);
                line.append(
                        String.format(
                                " %s=%.2fs(cpu %.2fs, thread %.2fs)",
                                layout.label,
                                run.wallNanos() / 1e9,
                                run.cpuNanos() / 1e9,
                                run.threadCpuNanos() / 1e9));
                if (measured) {
                    figures.get(layout.label).add(rows, run);
                }
            }
            report.info("%s %s%s", roundName(round, args), query, line);
        }
        FigureLines.print(query, figures, report);
        ShreddedFieldStatistics stats =
                ShreddedFieldStatistics.of(files.get(Layout.SHREDDED), USER_ID_LEAF, from, to);
        for (Layout layout : layouts) {
            RunFigures run = lastRun.get(layout);
            long fileBytes = Files.size(files.get(layout));
            report.info(
                    "read %s %s bytes=%d (%.2f%% of the file) rows_decoded=%d (%.2f%% of the"
                            + " table) row_groups_skipped=0/%d pages_skipped=0 (full read + row"
                            + " filter)",
                    query,
                    layout.label,
                    run.bytesRead(),
                    100.0 * run.bytesRead() / fileBytes,
                    run.rowsDecoded(),
                    100.0 * run.rowsDecoded() / rows,
                    stats.rowGroups());
        }
        report.info(
                "prunable %s variant_shredded leaf=%s row_groups=%d/%d pages=%d/%d (by the file's"
                        + " statistics and column index; not skipped: pqx has no pruning on"
                        + " shredded fields yet, every contender reads every page and filters"
                        + " rows)",
                query,
                USER_ID_LEAF,
                stats.prunableRowGroups(),
                stats.rowGroups(),
                stats.prunablePages(),
                stats.pages());
        for (Layout variant : List.of(Layout.SHREDDED, Layout.UNSHREDDED)) {
            String name = query + "_" + (variant.shredded ? "shredded" : "unshredded");
            ContenderFigures pqx = figures.get(variant.label);
            ContenderFigures peer = figures.get(Layout.JSON_STRING.label);
            report.result(
                    new Comparison(
                            name, "json_string", pqx.wall.median(), peer.wall.median(), "rows/s"));
            report.result(
                    new Comparison(
                            name + "_thread_cpu",
                            "json_string",
                            pqx.threadCpu.median(),
                            peer.threadCpu.median(),
                            "rows/thread-cpu-s"));
        }
    }

    private static RunFigures filter(
            Layout layout,
            Path file,
            long from,
            long to,
            VariantEvents.FilterAnswer expected,
            BenchmarkReport report)
            throws IOException {
        long cpu0 = ReaderRun.processCpuNanos();
        long thread0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        VariantFilterReader.Outcome outcome =
                layout == Layout.JSON_STRING
                        ? VariantFilterReader.json(file, from, to)
                        : VariantFilterReader.variant(file, from, to);
        long wall = System.nanoTime() - t0;
        long thread = THREADS.getCurrentThreadCpuTime() - thread0;
        long cpu = ReaderRun.processCpuNanos() - cpu0;
        if (!outcome.answer().equals(expected)) {
            report.failure(
                    "variant_filter_1pct %s: got %s, expected %s",
                    layout.label, outcome.answer(), expected);
        }
        return new RunFigures(wall, cpu, thread, outcome.bytesRead(), outcome.rowsDecoded());
    }

    private static String roundName(int round, BenchmarkArgs args) {
        return round >= args.warmups()
                ? String.format("round %d/%d", round - args.warmups() + 1, args.rounds())
                : String.format("warmup %d/%d", round + 1, args.warmups());
    }
}
