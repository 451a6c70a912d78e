package io.pqx.bench.fuzz;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.BenchmarkSuite;
import io.pqx.format.TestingFuzzSeeds;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.fuzz.FuzzRun;
import java.nio.file.Path;
import java.util.List;

/**
 * Suite {@code fuzz}: the deterministic mutation fuzzer of the format module's test-jar ({@link
 * FuzzRun}) over the parquet-testing corpus and files pqx writes, at scale. Mutant {@code i} of
 * {@code --seed S} is always the same damaged file, read to the end with page CRC verification off
 * (even {@code i}) or on (odd {@code i}), each under a deadline.
 *
 * <p>Prints {@code INFO outcome <count> <class>} for every class of outcome, a {@code FAIL} line
 * with the reproduction ({@code --seed S --first i --mutants 1}) of the first unclean mutants of
 * each class, and exits 1 when any outcome is unclean. {@code benchmarks/run} starts this suite
 * with {@code -Xmx512m}, so a lying length that makes pqx allocate shows as an {@code
 * OutOfMemoryError}. Not a speed measurement: mutants per second are printed for information only.
 */
public final class FuzzSuite implements BenchmarkSuite {
    static final long DEFAULT_MUTANTS = 10_000;
    static final long DEADLINE_MILLIS = 30_000;

    @Override
    public String name() {
        return "fuzz";
    }

    @Override
    public String summary() {
        return "damaged copies of the corpus and of pqx's files: every one read or cleanly refused"
                + " (default "
                + DEFAULT_MUTANTS
                + " mutants, -Xmx512m)";
    }

    @Override
    public void run(BenchmarkArgs args, BenchmarkReport report) throws Exception {
        Path corpus = TestingParquetFiles.root();
        List<FuzzRun.Seed> corpusFiles = TestingFuzzSeeds.corpus(corpus);
        List<FuzzRun.Seed> pqxFiles = TestingFuzzSeeds.pqxFiles();
        long mutants = args.mutants().orElse(DEFAULT_MUTANTS);
        report.setting("mutants", mutants);
        report.info(
                "fuzz seed=%d first=%d mutants=%d deadline=%d ms corpus=%s (%d files) pqx files=%d",
                args.seed(),
                args.first(),
                mutants,
                DEADLINE_MILLIS,
                corpus,
                corpusFiles.size(),
                pqxFiles.size());
        FuzzRun run = new FuzzRun(List.of(corpusFiles, pqxFiles), args.seed(), DEADLINE_MILLIS);
        long started = System.nanoTime();
        FuzzRun.Report result =
                run.run(args.first(), mutants, line -> report.info("fuzz %s", line));
        double seconds = (System.nanoTime() - started) / 1e9;
        result.counts().forEach((key, count) -> report.info("outcome %7d  %s", count, key));
        for (FuzzRun.Finding finding : result.unclean()) {
            report.failure(
                    "%s -> %s (reproduce: benchmarks/run fuzz --seed %d --first %d --mutants 1)%n    %s",
                    finding.reproduction(),
                    finding.outcome().key(),
                    finding.seed(),
                    finding.index(),
                    finding.outcome().detail().replace("\n", "\n    "));
        }
        report.info(
                "fuzz %d mutants in %.1f s (%.0f/s): %d clean, %d unclean",
                result.mutants(),
                seconds,
                result.mutants() / seconds,
                result.mutants() - result.uncleanCount(),
                result.uncleanCount());
    }
}
