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
 * full GC (not timed) before each run; every answer checked ({@link ReaderRun}). Prints the round
 * lines and the medians ({@link FigureLines}).
 */
final class ReaderRounds {
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
        int total = args.warmups() + args.rounds();
        for (int round = 0; round < total; round++) {
            boolean measured = round >= args.warmups();
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
                            ? String.format(
                                    "round %d/%d", round - args.warmups() + 1, args.rounds())
                            : String.format("warmup %d/%d", round + 1, args.warmups()),
                    query.name(),
                    line);
        }
        FigureLines.print(query.name(), figures, report);
        return figures;
    }
}
