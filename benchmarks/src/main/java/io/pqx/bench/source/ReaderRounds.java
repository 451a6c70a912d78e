package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures readers, and only readers, on one query over one file in suite {@code source}: warm-up
 * and measured rounds in which every reader runs once on this thread, taking turns going first, a
 * full GC (not timed) before each run; every answer checked ({@link ReaderRun}). At least {@value
 * #MIN_WARMUPS} warm-up rounds unless {@code --warmups 0} asks for none (a smoke run): a file of
 * another shape (pages of a million values, other encodings) is compiled anew by the JIT over its
 * first scans (pqx's first four scans of DuckDB's 1,000,000-row file took 1.0, 0.16, 0.12 and 0.105
 * s of thread CPU), and the figures are to be a running job's steady state, as DuckDB's (native
 * code) are from the first run. Prints the round lines and the medians ({@link FigureLines}).
 */
final class ReaderRounds {
    /** The fewest warm-up rounds of a readers-only measurement. */
    static final int MIN_WARMUPS = 3;

    private ReaderRounds() {}

    /** The readers' figures, keyed by label in the order given. */
    static Map<String, ContenderFigures> measure(
            SourceQuery query,
            Path file,
            List<SourceReader> readers,
            long tableRows,
            BenchmarkArgs args,
            BenchmarkReport report)
            throws Exception {
        Map<String, ContenderFigures> figures = new LinkedHashMap<>();
        readers.forEach(r -> figures.put(r.label(), new ContenderFigures()));
        int warmups = args.warmups() == 0 ? 0 : Math.max(MIN_WARMUPS, args.warmups());
        int total = warmups + args.rounds();
        for (int round = 0; round < total; round++) {
            boolean measured = round >= warmups;
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
            report.info(
                    "%s %s%s",
                    measured
                            ? String.format("round %d/%d", round - warmups + 1, args.rounds())
                            : String.format("warmup %d/%d", round + 1, warmups),
                    query.name(),
                    line);
        }
        FigureLines.print(query.name(), figures, report);
        return figures;
    }
}
