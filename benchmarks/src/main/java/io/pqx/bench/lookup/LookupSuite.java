package io.pqx.bench.lookup;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.BenchmarkSuite;
import io.pqx.bench.Comparison;
import io.pqx.bench.Timed;
import io.pqx.bench.WorkFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.lookup.AsyncLookupFunctionProvider;

/**
 * Suite {@code lookup}: lookups into a pqx dimension table ({@link DimensionTable}, default
 * 5,000,000 rows, key sorted, bloom filter on the key, 4 files), answered by pqx's lookup function
 * as Flink's planner obtains it (without cache; with Flink's partial cache; asynchronously when pqx
 * offers {@code lookup.async}), by a per-key full scan (pqx's reader with pruning off) and by a
 * full in-memory cache of the table. Every answer is checked. Prints lookups per second (median of
 * the rounds), latency percentiles and the heap each contender holds. See the benchmarks README.
 */
public final class LookupSuite implements BenchmarkSuite {
    static final long DEFAULT_ROWS = 5_000_000;

    /** The per-key full scan is far too slow for every probe: it answers this many of them. */
    static final int SCAN_PROBES = 100;

    /**
     * The wall time a contender's turn may take at most, in seconds ({@code
     * -Dpqx.bench.lookup.turnSeconds}, default 30): a turn ends when its probes are answered or
     * this has passed, so that a slow contender does not stretch the run beyond about 15 minutes.
     */
    public static final String TURN_SECONDS = "pqx.bench.lookup.turnSeconds";

    /** Sizes derived from the table's row count. */
    record Sizes(
            long rows,
            int files,
            int rowGroupRows,
            int pageRowLimit,
            int probes,
            int cacheRows,
            long turnNanos) {
        static Sizes of(long rows) {
            int rowGroup = (int) Math.min(250_000, Math.max(100, rows / 20));
            int probes = (int) Math.min(100_000, Math.max(100, rows / 2));
            long turnSeconds = Long.getLong(TURN_SECONDS, 30);
            return new Sizes(
                    rows,
                    (int) Math.min(4, rows),
                    rowGroup,
                    Math.min(20_000, Math.max(10, rowGroup / 10)),
                    probes,
                    Math.max(10, probes / 50),
                    turnSeconds * 1_000_000_000L);
        }
    }

    @Override
    public String name() {
        return "lookup";
    }

    @Override
    public String summary() {
        return "pqx lookups (no cache, partial cache, async if offered) vs a per-key full scan and"
                + " a full in-memory cache, key-sorted table with bloom filter (default "
                + DEFAULT_ROWS
                + " rows)";
    }

    @Override
    public void run(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        Sizes sizes = Sizes.of(args.rowsOr(DEFAULT_ROWS));
        report.setting("rows", sizes.rows());
        report.setting("default_rows", DEFAULT_ROWS);
        DimensionTable table =
                new DimensionTable(
                        sizes.rows(),
                        sizes.files(),
                        sizes.rowGroupRows(),
                        sizes.pageRowLimit(),
                        args.seed());
        report.info(
                "lookup rows=%d files=%d rowgroup=%d rows page rows<=%d bloom(k) fpp=0.01"
                        + " probes=%d turn<=%ds rounds=%d warmups=%d seed=%d",
                sizes.rows(),
                sizes.files(),
                sizes.rowGroupRows(),
                sizes.pageRowLimit(),
                sizes.probes(),
                sizes.turnNanos() / 1_000_000_000L,
                args.rounds(),
                args.warmups(),
                args.seed());
        Path dir = Files.createTempDirectory(args.workDir(), "pqx-bench-lookup-");
        try {
            Timed<List<Path>> written = Timed.run(() -> table.write(dir));
            long bytes = 0;
            for (Path f : written.value()) {
                bytes += Files.size(f);
            }
            report.info(
                    "wrote %d files, %d bytes in %.1f s (not timed)",
                    written.value().size(), bytes, written.seconds());
            measure(table, sizes, dir, written.value(), args, report);
        } finally {
            WorkFiles.deleteUnlessKept(dir, args, report);
        }
    }

    private static void measure(
            DimensionTable table,
            Sizes sizes,
            Path dir,
            List<Path> files,
            BenchmarkArgs args,
            BenchmarkReport report)
            throws Exception {
        Probes probes = Probes.draw(table, sizes.probes(), args.seed());
        long[] keys = probes.keys();
        long[] repeated = probes.repeated();
        long[] scanKeys = probes.subset(SCAN_PROBES);
        report.info(
                "probes: %d keys, %d present; partial-cache stream: %d lookups (%.0f %% from"
                        + " a hot set of %d keys), cache max-rows=%d; scan: the first %d probes,"
                        + " %d present",
                keys.length,
                Probes.present(table, keys),
                repeated.length,
                100 * Probes.HOT_SHARE,
                probes.hotKeys(),
                sizes.cacheRows(),
                scanKeys.length,
                Probes.present(table, scanKeys));

        LookupContender nocache = new PqxLookupContender("pqx", dir, Map.of());
        LookupContender partial =
                new PqxLookupContender(
                        "pqx_partial",
                        dir,
                        Map.of(
                                "lookup.cache",
                                "PARTIAL",
                                "lookup.partial-cache.max-rows",
                                String.valueOf(sizes.cacheRows())));
        LookupContender scan = new FullScanContender(files);
        LookupContender full = new FullCacheContender(files);
        long turn = sizes.turnNanos();
        List<LookupRounds.Entry> entries =
                new ArrayList<>(
                        List.of(
                                new LookupRounds.Entry(nocache, keys, turn, true),
                                // the stream from its start each turn, into an empty cache
                                new LookupRounds.Entry(partial, repeated, turn, false),
                                new LookupRounds.Entry(scan, scanKeys, turn, true),
                                new LookupRounds.Entry(full, keys, turn, true)));
        LookupContender async = null;
        String whyNoAsync = asyncUnavailable(dir);
        if (whyNoAsync == null) {
            async = new PqxLookupContender("pqx_async", dir, Map.of("lookup.async", "true"));
            entries.add(1, new LookupRounds.Entry(async, keys, turn, true));
        } else {
            report.info("async: not measured, %s", whyNoAsync);
        }

        LookupRounds rounds = new LookupRounds(table, report);
        Map<String, LookupRounds.Figures> figures =
                rounds.run(entries, args.warmups(), args.rounds());
        for (LookupRounds.Entry e : entries) {
            String name = e.contender().name();
            LookupRounds.Figures f = figures.get(name);
            report.info(
                    "medians lookup %s=%.0f lookups/s rounds=%s lookups_measured=%d",
                    name, f.throughput.median(), f.throughput.rounds(" "), f.latencies.count());
            report.info("latency lookup %s %s", name, f.latencies.describe());
            report.info("facts lookup %s %s", name, f.facts);
        }
        double pqx = figures.get("pqx").throughput.median();
        double scanRate = figures.get("scan").throughput.median();
        report.result(new Comparison("lookup_nocache_vs_scan", "scan", pqx, scanRate, "lookups/s"));
        report.result(
                new Comparison(
                        "lookup_nocache_vs_fullcache",
                        "fullcache",
                        pqx,
                        figures.get("fullcache").throughput.median(),
                        "lookups/s"));
        report.result(
                new Comparison(
                        "lookup_partialcache_vs_nocache",
                        "nocache",
                        figures.get("pqx_partial").throughput.median(),
                        pqx,
                        "lookups/s"));
        if (async != null) {
            report.result(
                    new Comparison(
                            "lookup_async_vs_nocache",
                            "nocache",
                            figures.get("pqx_async").throughput.median(),
                            pqx,
                            "lookups/s"));
        }
        report.info(
                "target lookup_nocache_vs_scan ratio=%.1f target>=10: %s",
                pqx / scanRate, pqx >= 10 * scanRate ? "met" : "NOT met");
        report.info(
                "target lookup p99 reported: pqx p99=%.1fus",
                figures.get("pqx").latencies.quantile(0.99) / 1e3);

        // The heap pass: untimed, each contender on its own, after the rounds.
        LookupRounds.Held fullHeld = rounds.heldHeap(entries.get(entries.size() - 1));
        report.info(
                "heap_held lookup fullcache=%d bytes (%d MiB) after %d lookups, largest %s",
                fullHeld.bytes(), fullHeld.bytes() >> 20, fullHeld.lookups(), fullHeld.largest());
        LookupRounds.Held nocacheHeld = null;
        for (LookupRounds.Entry e : entries) {
            if (e.contender() == full || e.contender() == scan) {
                continue;
            }
            LookupRounds.Held held = rounds.heldHeap(e);
            report.info(
                    "heap_held lookup %s=%d bytes (%d KiB) after %d lookups, largest %s",
                    e.contender().name(),
                    held.bytes(),
                    held.bytes() >> 10,
                    held.lookups(),
                    held.largest());
            String name = e.contender().name();
            String measurement =
                    switch (name) {
                        case "pqx" -> "lookup_heap_nocache_vs_fullcache";
                        case "pqx_partial" -> "lookup_heap_partialcache_vs_fullcache";
                        default -> "lookup_heap_async_vs_fullcache";
                    };
            report.result(
                    new Comparison(
                            measurement, "fullcache", held.bytes(), fullHeld.bytes(), "bytes"));
            if (e.contender() == nocache) {
                nocacheHeld = held;
            }
        }
        LookupRounds.Held scanHeld =
                rounds.heldHeap(
                        entries.stream()
                                .filter(e -> e.contender() == scan)
                                .findFirst()
                                .orElseThrow());
        report.info(
                "heap_held lookup scan=%d bytes (%d KiB) after %d lookups, largest %s",
                scanHeld.bytes(), scanHeld.bytes() >> 10, scanHeld.lookups(), scanHeld.largest());
        double heapRatio = nocacheHeld.bytes() / (double) fullHeld.bytes();
        report.info(
                "target lookup_heap_nocache_vs_fullcache ratio=%s target<=0.1: %s",
                String.format(Locale.ROOT, "%.4f", heapRatio),
                heapRatio <= 0.1 ? "met" : "NOT met");
    }

    /**
     * Null when pqx's table source gives an {@link AsyncLookupFunctionProvider} for {@code
     * lookup.async = true}; else why not (the option is unknown to this build, or ignored).
     */
    private static String asyncUnavailable(Path dir) {
        try {
            LookupTableSource source =
                    (LookupTableSource)
                            PqxLookupContender.tableSource(dir, Map.of("lookup.async", "true"));
            LookupTableSource.LookupRuntimeProvider provider =
                    source.getLookupRuntimeProvider(new PqxLookupContender.KeyContext());
            return provider instanceof AsyncLookupFunctionProvider
                    ? null
                    : "lookup.async=true gives a " + provider.getClass().getSimpleName();
        } catch (ValidationException e) {
            return "pqx refuses lookup.async=true: " + firstLine(e);
        }
    }

    private static String firstLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        String message = String.valueOf(root.getMessage());
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
