package io.pqx.format.prune;

import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.predicate.SlotValues;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;

/**
 * How a read touches each row group of one file: a {@link RowGroupAccess} per row group, in file
 * order. A plan starts as SCAN everywhere and only narrows ({@link #narrow}, {@link #apply}): a row
 * the plan once left out is never read again, and every narrowing step is a proof from one kind of
 * evidence. Immutable; narrowing returns a new plan.
 */
@PublicEvolving
public final class AccessPlan {
    private final List<RowGroupAccess> accesses;

    private AccessPlan(List<RowGroupAccess> accesses) {
        this.accesses = List.copyOf(accesses);
    }

    /** Every row of every row group of the file, filtered. */
    public static AccessPlan scanAll(FileMetadataView file) {
        return scanAll(file.rowGroups());
    }

    /** Every row of these row groups (which must be a file's, in order), filtered. */
    public static AccessPlan scanAll(List<RowGroupView> rowGroups) {
        List<RowGroupAccess> out = new ArrayList<>(rowGroups.size());
        for (int i = 0; i < rowGroups.size(); i++) {
            if (rowGroups.get(i).ordinal() != i) {
                throw new IllegalArgumentException(
                        "Cannot plan row groups: row group "
                                + i
                                + " has ordinal "
                                + rowGroups.get(i).ordinal());
            }
            out.add(RowGroupAccess.scan(rowGroups.get(i).numRows()));
        }
        return new AccessPlan(out);
    }

    /** Number of row groups. */
    public int size() {
        return accesses.size();
    }

    /** The access of row group {@code rowGroup}. */
    public RowGroupAccess access(int rowGroup) {
        return accesses.get(rowGroup);
    }

    /** All accesses, in file order. */
    public List<RowGroupAccess> accesses() {
        return accesses;
    }

    /** The plan with row group {@code rowGroup} narrowed by {@code proven}. */
    public AccessPlan narrow(int rowGroup, RowGroupAccess proven) {
        RowGroupAccess before = accesses.get(rowGroup);
        RowGroupAccess after = before.narrow(proven);
        if (after.equals(before)) {
            return this;
        }
        List<RowGroupAccess> next = new ArrayList<>(accesses);
        next.set(rowGroup, after);
        return new AccessPlan(next);
    }

    /**
     * The plan narrowed by what {@code pruner} proves about each row group not yet skipped. A
     * pruner that throws proves nothing about that row group: it is kept as it was, and the failure
     * goes to {@code listener}.
     *
     * @param rowGroups the file's row groups, as {@link #scanAll(List)} took them
     */
    public AccessPlan apply(
            RowGroupPruner pruner,
            List<RowGroupView> rowGroups,
            SlotValues slots,
            PruningListener listener) {
        if (rowGroups.size() != accesses.size()) {
            throw new IllegalArgumentException(
                    "Cannot apply "
                            + pruner.evidence()
                            + " to "
                            + rowGroups.size()
                            + " row groups: the plan has "
                            + accesses.size());
        }
        List<RowGroupAccess> next = new ArrayList<>(accesses);
        boolean changed = false;
        for (int i = 0; i < next.size(); i++) {
            RowGroupAccess before = next.get(i);
            if (before.isSkip()) {
                continue;
            }
            RowGroupAccess proven;
            try {
                proven = pruner.prune(rowGroups.get(i), before, slots, listener);
            } catch (Exception | StackOverflowError e) {
                listener.failed(pruner.evidence(), i, e);
                continue;
            }
            RowGroupAccess after;
            try {
                after = before.narrow(proven);
            } catch (IllegalArgumentException e) {
                listener.failed(pruner.evidence(), i, e);
                continue;
            }
            if (!after.equals(before)) {
                listener.narrowed(pruner.evidence(), i, before, after);
                next.set(i, after);
                changed = true;
            }
        }
        return changed ? new AccessPlan(next) : this;
    }

    /**
     * As {@link #apply(RowGroupPruner, List, SlotValues, PruningListener)} on the file's row
     * groups.
     */
    public AccessPlan apply(
            RowGroupPruner pruner,
            FileMetadataView file,
            SlotValues slots,
            PruningListener listener) {
        return apply(pruner, file.rowGroups(), slots, listener);
    }

    /** Rows the plan reads, over all row groups. */
    public long rowsRead() {
        long rows = 0;
        for (RowGroupAccess access : accesses) {
            rows += access.selection().rowCount();
        }
        return rows;
    }

    /** Row groups the plan skips. */
    public int skippedRowGroups() {
        int n = 0;
        for (RowGroupAccess access : accesses) {
            n += access.isSkip() ? 1 : 0;
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AccessPlan other && accesses.equals(other.accesses);
    }

    @Override
    public int hashCode() {
        return accesses.hashCode();
    }

    @Override
    public String toString() {
        return "AccessPlan" + accesses;
    }
}
