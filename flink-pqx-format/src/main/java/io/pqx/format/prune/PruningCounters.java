package io.pqx.format.prune;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.flink.annotation.Internal;

/**
 * A {@link PruningListener} that counts, per kind of evidence, the row groups it skipped, the row
 * groups it proved fully matching, the row groups it narrowed to a selection, the rows it took out
 * of the read, the data pages it proved unneeded, and its failures: the numbers a source turns into
 * metrics. Thread-safe.
 */
@Internal
public final class PruningCounters implements PruningListener {
    private final Map<String, LongAdder> skipped = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> allMatched = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> selected = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> rowsPruned = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> pagesPruned = new ConcurrentHashMap<>();

    @Override
    public void narrowed(
            String evidence, int rowGroup, RowGroupAccess before, RowGroupAccess after) {
        Map<String, LongAdder> counter =
                switch (after.kind()) {
                    case SKIP -> skipped;
                    case ALL_MATCH -> allMatched;
                    case SELECT -> selected;
                    case SCAN -> null;
                };
        if (counter != null && before.kind() != after.kind()) {
            counter.computeIfAbsent(evidence, e -> new LongAdder()).increment();
        }
        long rows = before.selection().rowCount() - after.selection().rowCount();
        if (rows > 0) {
            rowsPruned.computeIfAbsent(evidence, e -> new LongAdder()).add(rows);
        }
    }

    @Override
    public void pagesPruned(String evidence, int rowGroup, int pruned, int pages) {
        pagesPruned.computeIfAbsent(evidence, e -> new LongAdder()).add(pruned);
    }

    @Override
    public void failed(String evidence, int rowGroup, Throwable error) {
        failures.computeIfAbsent(evidence, e -> new LongAdder()).increment();
    }

    /** Row groups {@code evidence} skipped. */
    public long skipped(String evidence) {
        return get(skipped, evidence);
    }

    /** Row groups {@code evidence} proved to match fully. */
    public long allMatched(String evidence) {
        return get(allMatched, evidence);
    }

    /** Row groups {@code evidence} narrowed to a selection of their rows. */
    public long selected(String evidence) {
        return get(selected, evidence);
    }

    /** Rows {@code evidence} took out of the read (of row groups it skipped or narrowed). */
    public long rowsPruned(String evidence) {
        return get(rowsPruned, evidence);
    }

    /** Data pages {@code evidence} proved unneeded ({@link PruningListener#pagesPruned}). */
    public long pagesPruned(String evidence) {
        return get(pagesPruned, evidence);
    }

    /** Failures of {@code evidence} (each kept the data). */
    public long failures(String evidence) {
        return get(failures, evidence);
    }

    /** Failures of every kind of evidence. */
    public long failures() {
        return failures.values().stream().mapToLong(LongAdder::sum).sum();
    }

    private static long get(Map<String, LongAdder> map, String evidence) {
        LongAdder adder = map.get(evidence);
        return adder == null ? 0 : adder.sum();
    }

    @Override
    public String toString() {
        return "PruningCounters{skipped="
                + skipped
                + ", allMatched="
                + allMatched
                + ", selected="
                + selected
                + ", rowsPruned="
                + rowsPruned
                + ", pagesPruned="
                + pagesPruned
                + ", failures="
                + failures
                + "}";
    }
}
