package io.pqx.format;

import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.format.prune.PruningListener;
import io.pqx.format.prune.RowGroupAccess;
import io.pqx.format.prune.RowGroupPruner;
import io.pqx.format.prune.RowSelection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * One scan of an open file's row groups, as an access plan says: the one way pqx reads a file after
 * pruning it. It yields a single {@link BatchIterator} across the row groups, which skips the row
 * groups the plan skips, reads only the row ranges it selects, filters rows with the row filter
 * except in row groups the plan proves to match fully, and starts at a resume point.
 *
 * <pre>{@code
 * try (BatchIterator batches = ParquetScan.builder(reader, reader.project(List.of("id", "price")))
 *         .accessPlan(plan)                       // or pruneWith(...), or access(...) per row group
 *         .rowFilter(filter)                      // optional: only the rows it keeps
 *         .startAt(2, 1_000)                      // optional: resume in row group 2 at row 1000
 *         .build()) {
 *     while (batches.hasNext()) { ParquetBatch b = batches.next(); ... }
 * }
 * }</pre>
 *
 * <p><b>Guarantees.</b> The batches are those of {@link ParquetReader#readRowGroup} (no filter, or
 * a row group whose access is {@link RowGroupAccess.Kind#ALL_MATCH}) or {@link
 * ParquetReader#scanRowGroup} (with the filter) for each row group in order, under their reuse
 * rules; every batch holds at least one row and its {@link ParquetBatch#rowGroup()} and positions
 * say where its rows are. No row of a skipped row group, outside a row group's selection, or before
 * the resume point is returned. A row group's access is decided only when the scan reaches it, so a
 * planner may use evidence that arrives while the scan runs. With a limit the scan stops at the end
 * of the batch that reaches it. Errors surface as the {@link BatchIterator} contract says ({@link
 * java.io.UncheckedIOException}), also those of a planner or of reading known page indexes. Closing
 * the iterator releases the row group being read; it does not close the reader.
 */
@PublicEvolving
public final class ParquetScan {
    private ParquetScan() {}

    /** A scan of every row group of {@code reader}, all rows, {@code projection}'s columns. */
    public static Builder builder(ParquetReader reader, ReadSchema projection) {
        return new Builder(reader, projection);
    }

    /** Decides a row group's access when the scan reaches it. */
    @FunctionalInterface
    public interface RowGroupPlanner {
        /**
         * The access to {@code rowGroup} of {@code rows} rows; {@link RowGroupAccess#scan} reads it
         * all.
         */
        RowGroupAccess access(int rowGroup, long rows) throws IOException;
    }

    /** Page indexes read before (by a pruner), so the scan plans pages without a second read. */
    @FunctionalInterface
    public interface KnownPageIndexes {
        /** The page indexes of {@code rowGroup} read so far, or empty. */
        Optional<RowGroupPageIndexes> of(int rowGroup) throws IOException;
    }

    /** What the scan does, row group by row group; called on the scanning thread. */
    public interface Listener {
        /** {@code rowGroup} is not read: its access skips it, or leaves no row to read. */
        default void skipped(int rowGroup) {}

        /**
         * {@code rowGroup} is read: {@code selection}'s rows, through the row filter when {@code
         * filtered} (which decides every row of the selection), else all of them.
         */
        default void reading(int rowGroup, RowSelection selection, boolean filtered) {}
    }

    /** The settings of a scan; {@link #build()} checks them. Not thread-safe. */
    public static final class Builder {
        private final ParquetReader reader;
        private final ReadSchema projection;
        private int first;
        private int last;
        private int startRowGroup;
        private long startRow;
        @Nullable private AccessPlan plan;
        @Nullable private RowGroupPlanner planner;
        @Nullable private RowFilter filter;
        private KnownPageIndexes known = rowGroup -> Optional.empty();
        private Listener listener = new Listener() {};
        private long limit = Long.MAX_VALUE;

        private Builder(ParquetReader reader, ReadSchema projection) {
            this.reader = Objects.requireNonNull(reader, "reader");
            this.projection = Objects.requireNonNull(projection, "projection");
            this.first = 0;
            this.last = reader.metadata().rowGroups().size() - 1;
        }

        /** Only row groups {@code first} to {@code last}, both included. */
        public Builder rowGroups(int first, int last) {
            this.first = first;
            this.last = last;
            return this;
        }

        /**
         * Rows before row {@code row} of row group {@code rowGroup}, and row groups before it, are
         * not read.
         */
        public Builder startAt(int rowGroup, long row) {
            this.startRowGroup = rowGroup;
            this.startRow = row;
            return this;
        }

        /** The access of each row group (by default every row group is scanned whole). */
        public Builder accessPlan(AccessPlan plan) {
            this.plan = Objects.requireNonNull(plan, "plan");
            return this;
        }

        /**
         * Narrows the access plan (every row group scanned, unless {@link #accessPlan} gave one) by
         * {@code pruner}, now, with the runtime-filter values {@code slots}.
         */
        public Builder pruneWith(
                RowGroupPruner pruner, SlotValues slots, PruningListener listener) {
            AccessPlan current = plan != null ? plan : AccessPlan.scanAll(reader.metadata());
            this.plan = current.apply(pruner, reader.metadata(), slots, listener);
            return this;
        }

        /**
         * Decides each row group's access when the scan reaches it, narrowing what the access plan
         * says (every row group scanned when there is none).
         */
        public Builder access(RowGroupPlanner planner) {
            this.planner = Objects.requireNonNull(planner, "planner");
            return this;
        }

        /** Only the rows {@code filter} keeps, except in row groups known to match fully. */
        public Builder rowFilter(@Nullable RowFilter filter) {
            this.filter = filter;
            return this;
        }

        /** Page indexes read before, used to plan a partial selection's pages. */
        public Builder knownPageIndexes(KnownPageIndexes known) {
            this.known = Objects.requireNonNull(known, "known");
            return this;
        }

        public Builder listener(Listener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** Stops at the end of the batch that brings the rows returned to {@code rows}. */
        public Builder limit(long rows) {
            if (rows < 0) {
                throw new IllegalArgumentException("Cannot scan: negative limit " + rows);
            }
            this.limit = rows;
            return this;
        }

        /**
         * The scan's batches.
         *
         * @throws IllegalArgumentException for row groups the file does not have, or an access plan
         *     of another size
         */
        public BatchIterator build() {
            int count = reader.metadata().rowGroups().size();
            if (count > 0 && (first < 0 || last >= count || first > last + 1)) {
                throw new IllegalArgumentException(
                        "Cannot scan row groups "
                                + first
                                + " to "
                                + last
                                + " of a file of "
                                + count);
            }
            if (plan != null && plan.size() != count) {
                throw new IllegalArgumentException(
                        "Cannot scan with an access plan of "
                                + plan.size()
                                + " row groups a file of "
                                + count);
            }
            if (startRow < 0) {
                throw new IllegalArgumentException("Cannot scan from row " + startRow);
            }
            return new ScanIterator(this);
        }
    }

    /** The batches of a scan, row group after row group. */
    private static final class ScanIterator implements BatchIterator {
        private final Builder b;
        private int rowGroup;
        @Nullable private BatchIterator current;
        private long returned;
        private boolean done;

        ScanIterator(Builder b) {
            this.b = b;
            this.rowGroup = Math.max(b.first, b.startRowGroup);
            this.done = b.limit == 0;
        }

        @Override
        public boolean hasNext() {
            try {
                while (!done) {
                    if (current == null && !open()) {
                        done = true;
                        break;
                    }
                    if (current.hasNext()) {
                        return true;
                    }
                    closeCurrent();
                }
                return false;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public ParquetBatch next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            ParquetBatch batch = current.next();
            returned += batch.numRows();
            if (returned >= b.limit) {
                done = true; // the caller still holds this batch: the row group is closed later
            }
            return batch;
        }

        /** Opens the next row group that has rows to read; false at the end. */
        private boolean open() throws IOException {
            for (; rowGroup <= b.last; rowGroup++) {
                long rows = b.reader.metadata().rowGroup(rowGroup).numRows();
                long from = rowGroup == b.startRowGroup ? b.startRow : 0;
                if (from >= rows) {
                    b.listener.skipped(rowGroup);
                    continue;
                }
                RowGroupAccess access =
                        b.plan != null ? b.plan.access(rowGroup) : RowGroupAccess.scan(rows);
                if (b.planner != null && !access.isSkip()) {
                    access = access.narrow(b.planner.access(rowGroup, rows));
                }
                RowSelection selection = access.selection();
                if (from > 0) {
                    selection =
                            selection.intersect(
                                    RowSelection.of(new long[] {from}, new long[] {rows}));
                }
                if (access.isSkip() || selection.rowCount() == 0) {
                    b.listener.skipped(rowGroup);
                    continue;
                }
                Optional<RowGroupPageIndexes> known =
                        selection.coversAll(rows) ? Optional.empty() : b.known.of(rowGroup);
                boolean filtered =
                        b.filter != null && access.kind() != RowGroupAccess.Kind.ALL_MATCH;
                b.listener.reading(rowGroup, selection, filtered);
                if (filtered) {
                    current =
                            known.isPresent()
                                    ? b.reader.scanRowGroup(
                                            rowGroup,
                                            b.projection,
                                            selection,
                                            b.filter,
                                            known.get())
                                    : b.reader.scanRowGroup(
                                            rowGroup, b.projection, selection, b.filter);
                } else {
                    current =
                            known.isPresent()
                                    ? b.reader.readRowGroup(
                                            rowGroup, b.projection, selection, known.get())
                                    : b.reader.readRowGroup(rowGroup, b.projection, selection);
                }
                rowGroup++;
                return true;
            }
            return false;
        }

        private void closeCurrent() throws IOException {
            BatchIterator open = current;
            current = null;
            if (open != null) {
                open.close();
            }
        }

        @Override
        public void close() throws IOException {
            done = true;
            closeCurrent();
        }
    }
}
