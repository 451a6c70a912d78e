package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;

/**
 * Measures readers, and only readers, on one query over one file in suite {@code source}: warm-up
 * and measured rounds in which every reader runs once on this thread, taking turns going first, a
 * full GC (not timed) before each run; every answer checked ({@link ReaderRun}). At least {@value
 * #MIN_WARMUPS} warm-up rounds unless {@code --warmups 0} asks for none (a smoke run): a file of
 * another shape (pages of a million values, other encodings) is compiled anew by the JIT over its
 * first scans (pqx's first four scans of DuckDB's 1,000,000-row file took 1.0, 0.16, 0.12 and 0.105
 * s of thread CPU), and the figures are to be a running job's steady state, as DuckDB's (native
 * code) are from the first run. Past those, warm-up goes on while the JIT is still busy: until a
 * round during which the JVM compiled for less than {@value #QUIET_COMPILE_SHARE_PERCENT} % of the
 * round's wall time, at most {@value #MAX_WARMUPS} rounds in all. Code that runs once per row group
 * reaches the JIT's last tier only after thousands of row groups, and its compilations run on the
 * second core: over Arrow C++'s file of 155 row groups, after 3 warm-up scans the JVM still
 * compiled during every scan, and pqx's reader showed 1.49 to 1.86 cores busy; after 15, one.
 * Prints the warm-up's end, the round lines and the medians ({@link FigureLines}).
 */
final class ReaderRounds {
    /** The fewest warm-up rounds of a readers-only measurement. */
    static final int MIN_WARMUPS = 3;

    /** The most warm-up rounds the JIT's compiling can add. */
    static final int MAX_WARMUPS = 25;

    /** A round that compiles for less than this share of its wall time ends the warm-up. */
    static final int QUIET_COMPILE_SHARE_PERCENT = 2;

    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

    private ReaderRounds() {}

    /**
     * The readers' figures, keyed by label in the order given; measures {@code floor} (when not
     * null) once in every measured round after the readers, and prints its paired bounds ({@link
     * PairedFloor}) after the readers' lines.
     */
    static Map<String, ContenderFigures> measure(
            SourceQuery query,
            Path file,
            List<SourceReader> readers,
            long tableRows,
            BenchmarkArgs args,
            @Nullable PairedFloor floor,
            BenchmarkReport report)
            throws Exception {
        Map<String, ContenderFigures> figures = new LinkedHashMap<>();
        readers.forEach(r -> figures.put(r.label(), new ContenderFigures()));
        int warmups = args.warmups() == 0 ? 0 : Math.max(MIN_WARMUPS, args.warmups());
        boolean untilQuiet =
                warmups > 0 && JIT != null && JIT.isCompilationTimeMonitoringSupported();
        int total = warmups + args.rounds();
        for (int round = 0; round < total; round++) {
            boolean measured = round >= warmups;
            long compiled0 = untilQuiet ? JIT.getTotalCompilationTime() : 0;
            long wall0 = System.nanoTime();
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < readers.size(); k++) {
                // Rotate who goes first, so that no reader always runs after the same one.
                SourceReader reader = readers.get((k + round) % readers.size());
                System.gc(); // not timed: no reader pays for the garbage of the one before
                RunFigures run = ReaderRun.run(reader, query, file, report);
                line.append(
                        String.format(
                                " %s=%.2fs(cpu %.2fs, thread %.2fs)",
                                reader.label(),
                                run.wallNanos() / 1e9,
                                run.cpuNanos() / 1e9,
                                run.threadCpuNanos() / 1e9));
                if (measured) {
                    figures.get(reader.label()).add(tableRows, run);
                }
            }
            if (measured && floor != null) {
                floor.measureRound();
            }
            report.info(
                    "%s %s%s",
                    measured
                            ? String.format("round %d/%d", round - warmups + 1, args.rounds())
                            : String.format("warmup %d", round + 1),
                    query.name(),
                    line);
            if (untilQuiet && round == warmups - 1) {
                long compileMillis = JIT.getTotalCompilationTime() - compiled0;
                long wallMillis = (System.nanoTime() - wall0) / 1_000_000;
                boolean quiet = quiet(compileMillis, wallMillis);
                if (!quiet && warmups < MAX_WARMUPS) {
                    warmups++; // the JIT still compiles: one more warm-up round
                    total++;
                } else {
                    report.info(
                            "warmups %s rounds=%d last_compile=%dms of %dms wall (%s)",
                            query.name(),
                            warmups,
                            compileMillis,
                            wallMillis,
                            quiet ? "quiet" : "still compiling at the most warm-up rounds");
                }
            }
        }
        FigureLines.print(query.name(), figures, report);
        if (floor != null) {
            floor.print(query.name(), ContenderFigures.threadCpu(figures), report);
        }
        return figures;
    }

    /**
     * Runs {@code readers} (each once a round, answers checked, nothing measured) until a round
     * leaves the JIT quiet, at most {@code maxRounds} rounds; prints {@code INFO warmups <query>
     * readers rounds=…}. For a case whose rounds also run jobs, which keep the JIT busy with
     * Flink's own code: its readers are warmed up alone first. Does nothing where the JVM cannot
     * tell its compile time.
     */
    static void untilQuiet(
            SourceQuery query,
            Path file,
            List<SourceReader> readers,
            int maxRounds,
            BenchmarkReport report)
            throws Exception {
        if (JIT == null || !JIT.isCompilationTimeMonitoringSupported() || readers.isEmpty()) {
            return;
        }
        for (int round = 1; round <= maxRounds; round++) {
            long compiled0 = JIT.getTotalCompilationTime();
            long wall0 = System.nanoTime();
            for (SourceReader reader : readers) {
                System.gc();
                ReaderRun.run(reader, query, file, report);
            }
            long compileMillis = JIT.getTotalCompilationTime() - compiled0;
            long wallMillis = (System.nanoTime() - wall0) / 1_000_000;
            boolean quiet = quiet(compileMillis, wallMillis);
            if (quiet || round == maxRounds) {
                report.info(
                        "warmups %s readers rounds=%d last_compile=%dms of %dms wall (%s)",
                        query.name(),
                        round,
                        compileMillis,
                        wallMillis,
                        quiet ? "quiet" : "still compiling at the most warm-up rounds");
                return;
            }
        }
    }

    /**
     * Whether a round that took {@code wallMillis} and during which the JVM compiled for {@code
     * compileMillis} leaves the JIT quiet enough to measure.
     */
    static boolean quiet(long compileMillis, long wallMillis) {
        return compileMillis * 100 < QUIET_COMPILE_SHARE_PERCENT * wallMillis;
    }
}
