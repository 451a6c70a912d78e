package io.pqx.format.metadata;

import io.pqx.format.index.ColumnIndexView;
import io.pqx.format.index.OffsetIndexView;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The page indexes of one leaf's column chunk, as one read of a row group's indexes found them
 * ({@link RowGroupPageIndexes}). Immutable in what it answers and thread-safe.
 *
 * <p>The column index and the evidence built from it ({@link #columnIndex()}, {@link #trusted()})
 * may be parsed lazily, on the first call of {@link #columnIndex()}, {@link #trusted()} or {@link
 * #failures()} ({@link #lazy}): most read leaves are only returned, never pruned on, and need just
 * their offset index. The answers are the same as an eager parse's; the difference is that a
 * malformed column index nobody asks about goes unnoticed (nothing reads it, so no pruning step
 * rests on it).
 */
@PublicEvolving
public final class LeafPageIndex {

    /**
     * What a leaf's column index yields: the index, the page-level evidence and why either is
     * absent. Immutable.
     *
     * @param columnIndex the column index, empty when the chunk has none or it could not be read
     * @param trusted the page-level evidence for pruning: present only when both indexes were read,
     *     list the same pages and tile the row group
     * @param failures why the column index or the evidence could not be read or used
     */
    @PublicEvolving
    public record ColumnEvidence(
            Optional<ColumnIndexView> columnIndex,
            Optional<TrustedPageIndex> trusted,
            List<IOException> failures) {

        /** No column index, nothing wrong. */
        public static final ColumnEvidence NONE =
                new ColumnEvidence(Optional.empty(), Optional.empty(), List.of());

        public ColumnEvidence {
            Objects.requireNonNull(columnIndex, "columnIndex");
            Objects.requireNonNull(trusted, "trusted");
            failures = List.copyOf(failures);
        }
    }

    private final int leafIndex;
    private final Optional<OffsetIndexView> offsetIndex;
    private final List<IOException> offsetFailures;
    // parses the column index once; dropped after, so its raw bytes go with it
    private Supplier<ColumnEvidence> parse;
    private ColumnEvidence evidence;
    private List<IOException> failures;

    /**
     * A leaf's indexes, all known.
     *
     * @param leafIndex the leaf among the file schema's leaves
     * @param columnIndex the column index, empty when the chunk has none or it could not be read
     * @param offsetIndex the offset index, empty when the chunk has none or it could not be read
     * @param trusted the page-level evidence for pruning: present only when both indexes were read,
     *     list the same pages and tile the row group
     * @param failures why an index the footer declares could not be read or used (a malformed
     *     index, a range outside the file, page counts that disagree); empty when nothing went
     *     wrong. A failure is evidence lost, never an error of the read: pruners count it and keep
     *     the data.
     */
    public LeafPageIndex(
            int leafIndex,
            Optional<ColumnIndexView> columnIndex,
            Optional<OffsetIndexView> offsetIndex,
            Optional<TrustedPageIndex> trusted,
            List<IOException> failures) {
        this(leafIndex, offsetIndex, failures, null);
        this.evidence = new ColumnEvidence(columnIndex, trusted, List.of());
        this.failures = this.offsetFailures;
    }

    private LeafPageIndex(
            int leafIndex,
            Optional<OffsetIndexView> offsetIndex,
            List<IOException> offsetFailures,
            Supplier<ColumnEvidence> parse) {
        this.leafIndex = leafIndex;
        this.offsetIndex = Objects.requireNonNull(offsetIndex, "offsetIndex");
        this.offsetFailures = List.copyOf(offsetFailures);
        this.parse = parse;
    }

    /**
     * A leaf's indexes whose column index is parsed by {@code parse} when first asked about, once.
     *
     * @param offsetIndex the offset index, empty when the chunk has none or it could not be read
     * @param offsetFailures what went wrong before the column index is parsed (ranges outside the
     *     file, a malformed offset index); {@link #failures()} lists them first
     * @param parse parses the column index and builds the evidence; never throws (a malformed index
     *     is a failure it returns)
     */
    public static LeafPageIndex lazy(
            int leafIndex,
            Optional<OffsetIndexView> offsetIndex,
            List<IOException> offsetFailures,
            Supplier<ColumnEvidence> parse) {
        return new LeafPageIndex(
                leafIndex, offsetIndex, offsetFailures, Objects.requireNonNull(parse, "parse"));
    }

    /** The leaf among the file schema's leaves. */
    public int leafIndex() {
        return leafIndex;
    }

    /** The offset index, empty when the chunk has none or it could not be read. */
    public Optional<OffsetIndexView> offsetIndex() {
        return offsetIndex;
    }

    /** The column index, empty when the chunk has none or it could not be read. */
    public Optional<ColumnIndexView> columnIndex() {
        return evidence().columnIndex();
    }

    /**
     * The page-level evidence for pruning: present only when both indexes were read, list the same
     * pages and tile the row group.
     */
    public Optional<TrustedPageIndex> trusted() {
        return evidence().trusted();
    }

    /**
     * Why an index the footer declares could not be read or used (a malformed index, a range
     * outside the file, page counts that disagree); empty when nothing went wrong. A failure is
     * evidence lost, never an error of the read: pruners count it and keep the data.
     */
    public synchronized List<IOException> failures() {
        evidence();
        return failures;
    }

    /** Whether the column index was parsed (or given): for tests of who parses it. */
    synchronized boolean columnIndexParsed() {
        return evidence != null;
    }

    private synchronized ColumnEvidence evidence() {
        if (evidence == null) {
            ColumnEvidence parsed = parse.get();
            List<IOException> all = new ArrayList<>(offsetFailures);
            all.addAll(parsed.failures());
            failures = List.copyOf(all);
            evidence = parsed;
            parse = null;
        }
        return evidence;
    }

    @Override
    public String toString() {
        return "LeafPageIndex{leaf "
                + leafIndex
                + ", offset index "
                + (offsetIndex.isPresent() ? "read" : "absent")
                + "}";
    }
}
