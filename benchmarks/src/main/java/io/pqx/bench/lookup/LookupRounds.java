package io.pqx.bench.lookup;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.LiveHeapHistogram;
import io.pqx.bench.Throughput;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import org.apache.flink.table.data.RowData;

/**
 * Runs the contenders of suite {@code lookup} in rounds and measures their heap.
 *
 * <p>A round gives every contender one turn, in an order that rotates from round to round: open
 * (not timed), answer its probes (each lookup timed with {@link System#nanoTime}, every answer
 * checked against {@link DimensionTable#check}, outside the timed call), close. A turn ends when
 * every probe is answered or when its time budget has passed, whichever comes first: a contender
 * whose probes are {@link Entry#cyclic() cyclic} goes on in the next turn where it stopped (so the
 * rounds together ask more distinct keys), one whose probes are a stream starts it again (the
 * partial cache, opened empty each turn, sees the stream from its start). A synchronous contender's
 * throughput is its lookups over the sum of their times; an asynchronous one's is its lookups over
 * the wall time from the first call to the last completion, with at most {@link #MAX_IN_FLIGHT} in
 * flight, each timed from its call to its completion. The heap pass ({@link #heldHeap}) is separate
 * and untimed. Not thread-safe.
 */
final class LookupRounds {
    /** Asynchronous lookups in flight at most. */
    static final int MAX_IN_FLIGHT = 100;

    /** Wrong answers printed per turn, at most. */
    private static final int FAILURES_SHOWN = 3;

    /**
     * A contender, the keys it is asked, and how: at most {@code budgetNanos} of wall time per
     * turn; {@code cyclic}: each turn goes on from where the last one stopped, else from the start.
     */
    static final class Entry {
        private final LookupContender contender;
        private final long[] probes;
        private final long budgetNanos;
        private final boolean cyclic;
        private int next;

        Entry(LookupContender contender, long[] probes, long budgetNanos, boolean cyclic) {
            this.contender = contender;
            this.probes = probes;
            this.budgetNanos = budgetNanos;
            this.cyclic = cyclic;
        }

        LookupContender contender() {
            return contender;
        }

        boolean cyclic() {
            return cyclic;
        }

        /** The keys of the next turn, in order (all of them, from where the last turn stopped). */
        long[] turnKeys() {
            if (!cyclic || next == 0) {
                return probes;
            }
            long[] keys = new long[probes.length];
            System.arraycopy(probes, next, keys, 0, probes.length - next);
            System.arraycopy(probes, 0, keys, probes.length - next, next);
            return keys;
        }

        void answered(int count) {
            if (cyclic) {
                next = (int) ((next + (long) count) % probes.length);
            }
        }
    }

    /** What a contender did over the measured rounds. */
    static final class Figures {
        final Throughput throughput = new Throughput();
        final Latencies latencies = new Latencies();
        String facts = "";
    }

    private final DimensionTable table;
    private final BenchmarkReport report;

    LookupRounds(DimensionTable table, BenchmarkReport report) {
        this.table = table;
        this.report = report;
    }

    /** Runs {@code warmups + rounds} rounds; returns the measured figures by contender name. */
    Map<String, Figures> run(List<Entry> entries, int warmups, int rounds) throws Exception {
        Map<String, Figures> figures = new LinkedHashMap<>();
        for (Entry e : entries) {
            figures.put(e.contender().name(), new Figures());
        }
        for (int round = 0; round < warmups + rounds; round++) {
            boolean measured = round >= warmups;
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < entries.size(); k++) {
                Entry e = entries.get((k + round) % entries.size());
                Turn turn = turn(e, e.turnKeys());
                e.answered(turn.latencies.length);
                line.append(
                        String.format(
                                Locale.ROOT,
                                " %s=%.0f/s(%d)",
                                e.contender().name(),
                                turn.latencies.length / (Math.max(1, turn.nanos) / 1e9),
                                turn.latencies.length));
                if (measured) {
                    Figures f = figures.get(e.contender().name());
                    f.throughput.add(turn.latencies.length, turn.nanos);
                    f.latencies.addAll(turn.latencies);
                    f.facts = turn.facts;
                }
            }
            report.info(
                    "%s lookup%s unit=lookups/s(answered)",
                    measured
                            ? String.format(Locale.ROOT, "round %d/%d", round - warmups + 1, rounds)
                            : String.format(Locale.ROOT, "warmup %d/%d", round + 1, warmups),
                    line);
        }
        return figures;
    }

    /** One turn's time (as the class comment says), its answered lookups' latencies, facts. */
    private record Turn(long nanos, long[] latencies, String facts) {}

    private Turn turn(Entry e, long[] probes) throws Exception {
        LookupContender c = e.contender();
        c.open();
        try {
            long[] latencies = new long[probes.length];
            Queue<String> wrong = new ConcurrentLinkedQueue<>();
            long[] answered = {0};
            long nanos =
                    c.async()
                            ? askAsync(c, probes, latencies, wrong, e.budgetNanos, answered)
                            : ask(c, probes, latencies, wrong, e.budgetNanos, answered);
            latencies = Arrays.copyOf(latencies, (int) answered[0]);
            if (!wrong.isEmpty()) {
                List<String> shown =
                        new ArrayList<>(wrong).subList(0, Math.min(FAILURES_SHOWN, wrong.size()));
                report.failure(
                        "lookup %s: %d of %d answers wrong, e.g. %s",
                        c.name(), wrong.size(), answered[0], shown);
            }
            return new Turn(nanos, latencies, c.facts());
        } finally {
            c.close();
        }
    }

    /** Asks {@code probes} in order until all are answered or {@code budget} has passed. */
    private long ask(
            LookupContender c,
            long[] probes,
            long[] latencies,
            Queue<String> wrong,
            long budget,
            long[] answered)
            throws Exception {
        long total = 0;
        long begin = System.nanoTime();
        int i = 0;
        for (; i < probes.length && (i % 16 != 0 || System.nanoTime() - begin < budget); i++) {
            long start = System.nanoTime();
            Collection<RowData> rows = c.lookup(probes[i]);
            long took = System.nanoTime() - start;
            latencies[i] = took;
            total += took;
            String bad = table.check(probes[i], rows);
            if (bad != null) {
                wrong.add(bad);
            }
        }
        answered[0] = i;
        return total;
    }

    private long askAsync(
            LookupContender c,
            long[] probes,
            long[] latencies,
            Queue<String> wrong,
            long budget,
            long[] answered)
            throws Exception {
        Semaphore slots = new Semaphore(MAX_IN_FLIGHT);
        long start = System.nanoTime();
        int i = 0;
        for (; i < probes.length && (i % 16 != 0 || System.nanoTime() - start < budget); i++) {
            slots.acquire();
            int index = i;
            long key = probes[i];
            long called = System.nanoTime();
            c.lookupAsync(key)
                    .whenComplete(
                            (rows, error) -> {
                                latencies[index] = System.nanoTime() - called;
                                String bad =
                                        error != null
                                                ? "key " + key + ": " + error
                                                : table.check(key, rows);
                                if (bad != null) {
                                    wrong.add(bad);
                                }
                                slots.release();
                            });
        }
        slots.acquire(MAX_IN_FLIGHT); // every lookup has completed
        long nanos = System.nanoTime() - start;
        slots.release(MAX_IN_FLIGHT);
        answered[0] = i;
        return nanos;
    }

    /**
     * The live heap the contender holds when open and warm: a {@link LiveHeapHistogram} (a full
     * collection, then the reachable objects) before opening it, then one after it answered its
     * probes once from the start (answers checked, untimed, within half its turn's budget) while
     * still open; returns the growth and what grew.
     */
    Held heldHeap(Entry e) throws Exception {
        LookupContender c = e.contender();
        LiveHeapHistogram before = LiveHeapHistogram.take();
        c.open();
        try {
            long[] probes = e.probes;
            Queue<String> wrong = new ConcurrentLinkedQueue<>();
            long[] answered = {0};
            if (c.async()) {
                askAsync(c, probes, new long[probes.length], wrong, e.budgetNanos / 2, answered);
            } else {
                ask(c, probes, new long[probes.length], wrong, e.budgetNanos / 2, answered);
            }
            if (!wrong.isEmpty()) {
                report.failure(
                        "lookup %s (heap pass): %d answers wrong, e.g. %s",
                        c.name(), wrong.size(), wrong.peek());
            }
            LiveHeapHistogram after = LiveHeapHistogram.take();
            Reference.reachabilityFence(c);
            return new Held(
                    after.totalBytes() - before.totalBytes(),
                    after.largestGrowthOver(before, 4),
                    answered[0]);
        } finally {
            c.close();
        }
    }

    /** Live bytes a contender held, and the classes that grew most. */
    record Held(long bytes, List<String> largest, long lookups) {}
}
