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
import java.util.ArrayList;
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
        return args.runsOnly(NAME);
    }

    private static void run(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        // Alone, --rows sizes the events; in a run of the whole suite --rows sizes the lineitem
        // table, and the events (held in memory twice, built slowly) stay at their default.
        long rows = args.runsOnly(NAME) ? args.rowsOr(DEFAULT_ROWS) : DEFAULT_ROWS;
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

    /** Who answers the filter, over which file. */
    private enum Filter {
        PRUNED("variant_shredded_pruned", Layout.SHREDDED),
        SHREDDED("variant_shredded", Layout.SHREDDED),
        UNSHREDDED("variant_unshredded", Layout.UNSHREDDED),
        JSON_STRING("json_string", Layout.JSON_STRING);

        final String label;
        final Layout file;

        Filter(String label, Layout file) {
            this.label = label;
            this.file = file;
        }
    }

    /** One filter run's figures and what it skipped (-1: a full read, which skips nothing). */
    private record FilterRun(
            RunFigures figures, int rowGroupsSkipped, int pagesSkipped, int pages) {}

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
        List<Filter> filters = new ArrayList<>(List.of(Filter.values()));
        try {
            VariantPrunedReader.read(files.get(Layout.SHREDDED), from, to);
        } catch (Exception e) {
            // this build's predicates cannot name a field of a VARIANT column (yet)
            filters.remove(Filter.PRUNED);
            report.info(
                    "%s %s: not measured, this build has no predicates on VARIANT fields (%s: %s)",
                    query, Filter.PRUNED.label, e.getClass().getSimpleName(), e.getMessage());
        }
        Map<String, ContenderFigures> figures = new LinkedHashMap<>();
        Map<Filter, FilterRun> lastRun = new LinkedHashMap<>();
        filters.forEach(f -> figures.put(f.label, new ContenderFigures()));
        int total = args.warmups() + args.rounds();
        for (int round = 0; round < total; round++) {
            boolean measured = round >= args.warmups();
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < filters.size(); k++) {
                Filter f = filters.get((k + round) % filters.size());
                System.gc(); // not timed: no reader pays for the garbage of the one before
                FilterRun run = filter(f, files.get(f.file), from, to, expected, report);
                lastRun.put(f, run);
                line.append(
                        String.format(
                                " %s=%.2fs(cpu %.2fs, thread %.2fs)",
                                f.label,
                                run.figures().wallNanos() / 1e9,
                                run.figures().cpuNanos() / 1e9,
                                run.figures().threadCpuNanos() / 1e9));
                if (measured) {
                    figures.get(f.label).add(rows, run.figures());
                }
            }
            report.info("%s %s%s", roundName(round, args), query, line);
        }
        FigureLines.print(query, figures, report);
        ShreddedFieldStatistics stats =
                ShreddedFieldStatistics.of(files.get(Layout.SHREDDED), USER_ID_LEAF, from, to);
        for (Filter f : filters) {
            FilterRun run = lastRun.get(f);
            long fileBytes = Files.size(files.get(f.file));
            report.info(
                    "read %s %s bytes=%d (%.2f%% of the file) rows_decoded=%d (%.2f%% of the"
                            + " table) %s",
                    query,
                    f.label,
                    run.figures().bytesRead(),
                    100.0 * run.figures().bytesRead() / fileBytes,
                    run.figures().rowsDecoded(),
                    100.0 * run.figures().rowsDecoded() / rows,
                    run.rowGroupsSkipped() < 0
                            ? String.format(
                                    "row_groups_skipped=0/%d pages_skipped=0 (full read + row"
                                            + " filter)",
                                    stats.rowGroups())
                            : String.format(
                                    "row_groups_skipped=%d/%d pages_skipped=%d/%d (pruned by"
                                            + " pqx's predicate)",
                                    run.rowGroupsSkipped(),
                                    stats.rowGroups(),
                                    run.pagesSkipped(),
                                    run.pages()));
        }
        report.info(
                "prunable %s variant_shredded leaf=%s row_groups=%d/%d pages=%d/%d (what the"
                        + " file's statistics and column index of the typed leaf exclude: the"
                        + " bound for any pruning on the shredded field)",
                query,
                USER_ID_LEAF,
                stats.prunableRowGroups(),
                stats.rowGroups(),
                stats.prunablePages(),
                stats.pages());
        for (Filter f : filters) {
            if (f == Filter.JSON_STRING) {
                continue;
            }
            String name = query + f.label.substring("variant".length());
            ContenderFigures pqx = figures.get(f.label);
            ContenderFigures peer = figures.get(Filter.JSON_STRING.label);
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
        if (filters.contains(Filter.PRUNED)) {
            report.result(
                    new Comparison(
                            query + "_pruning_thread_cpu",
                            Filter.SHREDDED.label,
                            figures.get(Filter.PRUNED.label).threadCpu.median(),
                            figures.get(Filter.SHREDDED.label).threadCpu.median(),
                            "rows/thread-cpu-s"));
        }
    }

    private static FilterRun filter(
            Filter f,
            Path file,
            long from,
            long to,
            VariantEvents.FilterAnswer expected,
            BenchmarkReport report)
            throws IOException {
        long cpu0 = ReaderRun.processCpuNanos();
        long thread0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        VariantEvents.FilterAnswer answer;
        long bytes;
        long decoded;
        int groupsSkipped = -1;
        int pagesSkipped = -1;
        int pages = -1;
        if (f == Filter.PRUNED) {
            VariantPrunedReader.Outcome o = VariantPrunedReader.read(file, from, to);
            answer = o.answer();
            bytes = o.bytesRead();
            decoded = o.rowsDecoded();
            groupsSkipped = o.rowGroupsSkipped();
            pagesSkipped = o.pagesSkipped();
            pages = o.pagesLookedAt();
        } else {
            VariantFilterReader.Outcome o =
                    f == Filter.JSON_STRING
                            ? VariantFilterReader.json(file, from, to)
                            : VariantFilterReader.variant(file, from, to);
            answer = o.answer();
            bytes = o.bytesRead();
            decoded = o.rowsDecoded();
        }
        long wall = System.nanoTime() - t0;
        long thread = THREADS.getCurrentThreadCpuTime() - thread0;
        long cpu = ReaderRun.processCpuNanos() - cpu0;
        if (!answer.equals(expected)) {
            report.failure(
                    "variant_filter_1pct %s: got %s, expected %s", f.label, answer, expected);
        }
        return new FilterRun(
                new RunFigures(wall, cpu, thread, bytes, decoded),
                groupsSkipped,
                pagesSkipped,
                pages);
    }

    private static String roundName(int round, BenchmarkArgs args) {
        return round >= args.warmups()
                ? String.format("round %d/%d", round - args.warmups() + 1, args.rounds())
                : String.format("warmup %d/%d", round + 1, args.warmups());
    }
}
