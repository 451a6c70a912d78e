package io.pqx.format.fuzz;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.options.ReadOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import javax.annotation.Nullable;

/**
 * A deterministic mutation-fuzzing run: mutant {@code i} of seed {@code S} damages one seed file
 * (chosen from {@code (S, i)}: first one of the groups, then a file of that group) with {@link
 * TestingMutator}, and reads it with {@link MutantReader}, page CRC verification off for even
 * {@code i} (the decoders see the damage) and on for odd {@code i}, an encrypted file with its keys
 * (so the damage meets the decryption, not a refusal for want of a key). Each mutant runs on a
 * worker thread with a deadline; one that does not answer in time is an unclean "hang" and its
 * worker is abandoned. Outcomes are counted by {@link FuzzOutcome#key()}; unclean ones keep their
 * reproduction (seed, index, file, mutation, options).
 *
 * <p>Single use; call {@link #run} once from one thread.
 */
public final class FuzzRun {
    /**
     * A file to damage: its name and undamaged bytes, with their layout, and for an encrypted file
     * the keys its mutants are read with (null: none).
     */
    public record Seed(
            String name,
            byte[] bytes,
            FileLayout layout,
            @Nullable FileDecryptionProperties decryption) {
        public static Seed of(String name, byte[] bytes) {
            return of(name, bytes, null);
        }

        public static Seed of(
                String name, byte[] bytes, @Nullable FileDecryptionProperties decryption) {
            return new Seed(name, bytes, FileLayout.of(bytes), decryption);
        }
    }

    /** An unclean outcome and how to make it again. */
    public record Finding(
            long seed,
            long index,
            String file,
            String mutation,
            boolean verify,
            FuzzOutcome outcome) {
        public String reproduction() {
            return "seed="
                    + seed
                    + " index="
                    + index
                    + " file="
                    + file
                    + " verifyChecksums="
                    + verify
                    + " mutation: "
                    + mutation;
        }
    }

    /** The counts by class of outcome, and the unclean findings (the first few of each class). */
    public record Report(long mutants, Map<String, Long> counts, List<Finding> unclean) {
        public long uncleanCount() {
            return counts.entrySet().stream()
                    .filter(e -> e.getKey().startsWith("UNCLEAN"))
                    .mapToLong(Map.Entry::getValue)
                    .sum();
        }

        /** One line per class of outcome, then one per kept unclean finding. */
        public List<String> lines() {
            List<String> lines = new ArrayList<>();
            counts.forEach((key, count) -> lines.add(String.format("%7d  %s", count, key)));
            for (Finding f : unclean) {
                lines.add(
                        "UNCLEAN "
                                + f.reproduction()
                                + "\n    -> "
                                + f.outcome().key()
                                + "\n    "
                                + f.outcome().detail().replace("\n", "\n    "));
            }
            return lines;
        }
    }

    private static final int KEPT_PER_CLASS = 3;

    private final List<List<Seed>> groups;
    private final long seed;
    private final long deadlineMillis;

    /**
     * @param groups seed files in groups (e.g. the corpus, pqx's own files) drawn with equal chance
     * @param deadlineMillis the longest a mutant may take to be read
     */
    public FuzzRun(List<List<Seed>> groups, long seed, long deadlineMillis) {
        this.groups = groups.stream().filter(g -> !g.isEmpty()).toList();
        this.seed = seed;
        this.deadlineMillis = deadlineMillis;
    }

    /** The seed file mutant {@code index} damages. */
    public Seed seedFile(long index) {
        SplittableRandom random = TestingMutator.random(seed, index);
        long pick = random.nextLong();
        List<Seed> group = groups.get((int) Math.floorMod(pick, (long) groups.size()));
        return group.get((int) Math.floorMod(pick >>> 16, (long) group.size()));
    }

    /** Mutant {@code index}: its file, bytes and description. */
    public TestingMutator.Mutant mutant(long index) {
        Seed file = seedFile(index);
        return TestingMutator.mutate(file.bytes(), file.layout(), seed, index);
    }

    /** Whether mutant {@code index} is read with CRC verification on. */
    public static boolean verifies(long index) {
        return (index & 1) == 1;
    }

    /** The location mutant {@code index} is read under (every message must name it). */
    public String location(long index) {
        return "fuzz:" + seedFile(index).name() + "#seed=" + seed + ",index=" + index;
    }

    /** Reads mutants {@code [first, first + count)}; {@code progress} gets a line now and then. */
    public Report run(long first, long count, Consumer<String> progress) {
        Map<String, Long> counts = new TreeMap<>();
        Map<String, Integer> kept = new TreeMap<>();
        List<Finding> unclean = new ArrayList<>();
        ExecutorService worker = newWorker();
        long started = System.nanoTime();
        try {
            for (long i = first; i < first + count; i++) {
                long index = i;
                TestingMutator.Mutant mutant = mutant(index);
                String location = location(index);
                ReadOptions options =
                        ReadOptions.builder()
                                .verifyChecksums(verifies(index))
                                .decryption(seedFile(index).decryption())
                                .build();
                Future<FuzzOutcome> future =
                        worker.submit(() -> MutantReader.read(mutant.bytes(), location, options));
                FuzzOutcome outcome;
                try {
                    outcome = future.get(deadlineMillis, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    future.cancel(true);
                    worker.shutdownNow();
                    worker = newWorker(); // the old one may never come back
                    outcome = FuzzOutcome.hang(deadlineMillis);
                } catch (ExecutionException e) {
                    outcome = FuzzOutcome.of(e.getCause(), location);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("fuzz run interrupted at mutant " + index, e);
                }
                counts.merge(outcome.key(), 1L, Long::sum);
                if (!outcome.clean()
                        && kept.merge(outcome.key(), 1, Integer::sum) <= KEPT_PER_CLASS) {
                    unclean.add(
                            new Finding(
                                    seed,
                                    index,
                                    seedFile(index).name(),
                                    mutant.description(),
                                    verifies(index),
                                    outcome));
                }
                long done = index - first + 1;
                if (done % 1000 == 0) {
                    progress.accept(
                            String.format(
                                    "%d mutants in %.1f s",
                                    done, (System.nanoTime() - started) / 1e9));
                }
            }
        } finally {
            worker.shutdownNow();
        }
        return new Report(count, counts, unclean);
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(
                r -> {
                    Thread t = new Thread(r, "pqx-fuzz-worker");
                    t.setDaemon(true);
                    return t;
                });
    }
}
