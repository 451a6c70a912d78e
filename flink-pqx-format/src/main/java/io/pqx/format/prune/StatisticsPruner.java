package io.pqx.format.prune;

import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnDomain;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.ResolvedColumn;
import io.pqx.format.predicate.SlotValues;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Proves from column chunk statistics ({@code ChunkStatisticsView}) that a predicate matches no
 * row, or every row, of a row group: the first pruner of an {@link AccessPlan}.
 *
 * <p>How: for each part of the predicate it works out which of TRUE, FALSE and UNKNOWN the part may
 * take on some row, from the chunk's bounds, null count and row count (an all-null chunk cannot
 * make {@code x = 5} TRUE; a chunk without null count may hold nulls), and combines them under
 * SQL's three-valued logic through NOT, AND and OR. NONE_MATCH when TRUE is impossible; ALL_MATCH
 * when FALSE and UNKNOWN are (full-match inference: the predicate's negation, or the column being
 * null, cannot hold). Values compare as {@link ColumnDomain} says, as the row filter ({@link
 * BoundPredicate}) does.
 *
 * <p>What is never taken as proof: bounds the statistics view does not trust (deprecated signed
 * binary min/max, undefined column order, INT96, NaN bounds: {@code untrustedReason()}); a
 * truncated (inexact) bound for {@code =} and {@code IN} (ranges use it only as the bound it is);
 * the maximum of a FLOAT/DOUBLE column for {@code >}/{@code >=}, since writers leave NaN out of the
 * bounds; an {@code IN} list longer than the cap; a type pairing it does not know. Any failure
 * while evaluating a part makes that part prove nothing, and is reported to the listener.
 *
 * <p>Immutable and thread-safe; binds the predicate to the file's schema once, at creation.
 */
@PublicEvolving
public final class StatisticsPruner implements RowGroupPruner {
    /** The name of this evidence in metrics. */
    public static final String EVIDENCE = "statistics";

    /** IN lists longer than this are not checked value by value, unless told otherwise. */
    public static final int DEFAULT_IN_LIST_CAP = 64;

    private final Predicate predicate;
    private final CompiledPredicate compiled;

    private StatisticsPruner(Predicate predicate, CompiledPredicate compiled) {
        this.predicate = predicate;
        this.compiled = compiled;
    }

    /**
     * A pruner of {@code predicate} over files of this schema ({@code ReadSchema.fields()} of the
     * file's whole schema, or of a projection that holds every column the predicate names).
     *
     * @throws IllegalArgumentException as {@link BoundPredicate#bind}, for a column not in the
     *     schema or a literal that does not fit its column
     */
    public static StatisticsPruner create(Predicate predicate, List<FieldView> fileFields) {
        return create(predicate, fileFields, DEFAULT_IN_LIST_CAP);
    }

    /**
     * As {@link #create(Predicate, List)}, checking IN lists of at most {@code inListCap} values.
     */
    public static StatisticsPruner create(
            Predicate predicate, List<FieldView> fileFields, int inListCap) {
        if (inListCap < 0) {
            throw new IllegalArgumentException(
                    "Cannot prune with a negative IN list cap " + inListCap);
        }
        ColumnResolver resolver = ColumnResolver.of(fileFields);
        BoundPredicate.bind(predicate, resolver); // the same checks and messages as the row filter
        return new StatisticsPruner(
                predicate, CompiledPredicate.compile(predicate, resolver, inListCap));
    }

    public Predicate predicate() {
        return predicate;
    }

    @Override
    public String evidence() {
        return EVIDENCE;
    }

    /** What the statistics of {@code rowGroup} prove, failures reported to {@code listener}. */
    public Verdict verdict(RowGroupView rowGroup, SlotValues slots, PruningListener listener) {
        if (rowGroup.numRows() == 0) {
            return Verdict.NONE_MATCH;
        }
        try {
            return Outcomes.verdict(
                    compiled.outcomes(chunkFacts(rowGroup, EVIDENCE), slots, listener));
        } catch (RuntimeException | StackOverflowError e) {
            listener.failed(EVIDENCE, rowGroup.ordinal(), e);
            return Verdict.SOME_MAY_MATCH;
        }
    }

    @Override
    public RowGroupAccess prune(
            RowGroupView rowGroup,
            RowGroupAccess current,
            SlotValues slots,
            PruningListener listener) {
        return RowGroupAccess.of(verdict(rowGroup, slots, listener), rowGroup.numRows());
    }

    @Override
    public String toString() {
        return "StatisticsPruner{" + predicate + "}";
    }

    /** The compiled predicate, for the pruners that evaluate it over other facts. */
    CompiledPredicate compiled() {
        return compiled;
    }

    /**
     * Facts from the chunk statistics of {@code rowGroup}, failures reported as {@code evidence}.
     */
    static FactSource chunkFacts(RowGroupView rowGroup, String evidence) {
        return new FactSource() {
            @Override
            public String evidence() {
                return evidence;
            }

            @Override
            public int rowGroup() {
                return rowGroup.ordinal();
            }

            @Override
            public ChunkFacts facts(ResolvedColumn column) {
                return StatisticsFacts.of(column, rowGroup);
            }
        };
    }

    /** The least byte string above every string starting with {@code prefix}; null if none. */
    static byte[] successor(byte[] prefix) {
        return CompiledPredicate.successor(prefix);
    }
}
