package io.pqx.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The parsed command line of {@code benchmarks/run <suite> [options]}, immutable.
 *
 * <p>{@code rows} is empty when not given: each suite has its own default table size. {@code
 * peerOnly} runs only the peers, to test a suite before pqx's side exists or to profile a peer.
 *
 * @param suite the suite name, as typed
 * @param rows {@code --rows N}, table size
 * @param rounds {@code --rounds R}, measured rounds (default 3)
 * @param warmups {@code --warmups W}, unmeasured rounds run first (default 1)
 * @param peerOnly {@code --peer-only}
 * @param workDir {@code --dir D}, where temporary files go (default: the JVM's temp dir)
 * @param seed {@code --seed S}, of the data generator
 * @param keepFiles {@code --keep-files}, leave the written files for inspection
 * @param mutants {@code --mutants N}, how many damaged files suite {@code fuzz} reads (empty: its
 *     default)
 * @param first {@code --first I}, the index of the first mutant (default 0), to reproduce one
 * @param onlyCase {@code --case C} (or {@code C,D,…}), run only the cases named, of a suite that
 *     has several, each in the suite's own order (suite {@code sink}: {@code throughput}, {@code
 *     streaming}, {@code wide}; suite {@code format}: {@code all}, {@code encryption}; suite {@code
 *     source}: {@code planning}, {@code variant}, {@code local}, {@code writers}, {@code codecs},
 *     {@code objectstore}); empty: every case
 */
public record BenchmarkArgs(
        String suite,
        OptionalLong rows,
        int rounds,
        int warmups,
        boolean peerOnly,
        Path workDir,
        long seed,
        boolean keepFiles,
        OptionalLong mutants,
        long first,
        Optional<String> onlyCase) {

    /** The option summary printed with usage errors. */
    public static final String OPTIONS =
            "[--rows N] [--rounds R] [--warmups W] [--peer-only] [--dir D] [--seed S]"
                    + " [--keep-files] [--mutants N] [--first I] [--case C]";

    public BenchmarkArgs {
        if (rounds < 1) {
            throw new IllegalArgumentException(
                    "Cannot run benchmark: --rounds must be >= 1, got " + rounds);
        }
        if (warmups < 0) {
            throw new IllegalArgumentException(
                    "Cannot run benchmark: --warmups must be >= 0, got " + warmups);
        }
        if (mutants.isPresent() && mutants.getAsLong() < 1) {
            throw new IllegalArgumentException(
                    "Cannot run benchmark: --mutants must be >= 1, got " + mutants.getAsLong());
        }
        if (first < 0) {
            throw new IllegalArgumentException(
                    "Cannot run benchmark: --first must be >= 0, got " + first);
        }
        if (rows.isPresent() && rows.getAsLong() < 1) {
            throw new IllegalArgumentException(
                    "Cannot run benchmark: --rows must be >= 1, got " + rows.getAsLong());
        }
    }

    /** Whether case {@code name} of the suite runs: no {@code --case} given, or named in it. */
    public boolean runsCase(String name) {
        return onlyCase.isEmpty() || namedCases().contains(name);
    }

    /** Whether {@code --case} names {@code name} and no other case. */
    public boolean runsOnly(String name) {
        return namedCases().equals(List.of(name));
    }

    /** The cases {@code --case} names (comma-separated), in its order; none without it. */
    public List<String> namedCases() {
        return onlyCase.map(c -> List.of(c.split(",", -1))).orElse(List.of());
    }

    /** The table size: {@code --rows} if given, else the suite's default. */
    public long rowsOr(long suiteDefault) {
        return rows.orElse(suiteDefault);
    }

    /**
     * Parses {@code <suite> [options]}.
     *
     * @throws IllegalArgumentException naming the bad option, when the line cannot be parsed
     */
    public static BenchmarkArgs parse(String... argv) {
        if (argv.length == 0 || argv[0].startsWith("-")) {
            throw new IllegalArgumentException("Cannot run benchmark: no suite given");
        }
        OptionalLong rows = OptionalLong.empty();
        int rounds = 3;
        int warmups = 1;
        boolean peerOnly = false;
        boolean keepFiles = false;
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        long seed = 20240601L;
        OptionalLong mutants = OptionalLong.empty();
        long first = 0;
        Optional<String> onlyCase = Optional.empty();
        for (int i = 1; i < argv.length; i++) {
            String option = argv[i];
            switch (option) {
                case "--rows" -> rows = OptionalLong.of(number(option, value(argv, ++i, option)));
                case "--rounds" -> rounds = (int) number(option, value(argv, ++i, option));
                case "--warmups" -> warmups = (int) number(option, value(argv, ++i, option));
                case "--seed" -> seed = number(option, value(argv, ++i, option));
                case "--dir" -> dir = Path.of(value(argv, ++i, option));
                case "--mutants" ->
                        mutants = OptionalLong.of(number(option, value(argv, ++i, option)));
                case "--first" -> first = number(option, value(argv, ++i, option));
                case "--case" -> onlyCase = Optional.of(value(argv, ++i, option));
                case "--peer-only" -> peerOnly = true;
                case "--keep-files" -> keepFiles = true;
                default ->
                        throw new IllegalArgumentException(
                                "Cannot run benchmark: unknown option '" + option + "'");
            }
        }
        return new BenchmarkArgs(
                argv[0], rows, rounds, warmups, peerOnly, dir, seed, keepFiles, mutants, first,
                onlyCase);
    }

    private static String value(String[] argv, int index, String option) {
        if (index >= argv.length) {
            throw new IllegalArgumentException(
                    "Cannot run benchmark: " + option + " needs a value");
        }
        return argv[index];
    }

    private static long number(String option, String text) {
        try {
            return Long.parseLong(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "Cannot run benchmark: " + option + " needs a whole number, got '" + text + "'",
                    e);
        }
    }
}
