package io.pqx.format.prune;

import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.predicate.And;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnDomain;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.CompareOp;
import io.pqx.format.predicate.Comparison;
import io.pqx.format.predicate.Constant;
import io.pqx.format.predicate.DynamicSlot;
import io.pqx.format.predicate.InList;
import io.pqx.format.predicate.IsNotNull;
import io.pqx.format.predicate.IsNull;
import io.pqx.format.predicate.Not;
import io.pqx.format.predicate.Or;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.ResolvedColumn;
import io.pqx.format.predicate.RuntimeFilter;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.predicate.StartsWith;

import io.pqx.format.prune.ChunkFacts.World;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Proves from column chunk statistics ({@code ChunkStatisticsView}) that a predicate matches no
 * row, or every row, of a row group: the first pruner of an {@link AccessPlan}.
 *
 * <p>How: for each part of the predicate it works out which of TRUE, FALSE and UNKNOWN the part
 * may take on some row, from the chunk's bounds, null count and row count (an all-null chunk
 * cannot make {@code x = 5} TRUE; a chunk without null count may hold nulls), and combines them
 * under SQL's three-valued logic through NOT, AND and OR. NONE_MATCH when TRUE is impossible;
 * ALL_MATCH when FALSE and UNKNOWN are (full-match inference: the predicate's negation, or the
 * column being null, cannot hold). Values compare as {@link ColumnDomain} says, as the row filter
 * ({@link BoundPredicate}) does.
 *
 * <p>What is never taken as proof: bounds the statistics view does not trust (deprecated signed
 * binary min/max, undefined column order, INT96, NaN bounds: {@code untrustedReason()}); a
 * truncated (inexact) bound for {@code =} and {@code IN} (ranges use it only as the bound it is);
 * the maximum of a FLOAT/DOUBLE column for {@code >}/{@code >=}, since writers leave NaN out of
 * the bounds; an {@code IN} list longer than the cap; a type pairing it does not know. Any
 * failure while evaluating a part makes that part prove nothing, and is reported to the listener.
 *
 * <p>Immutable and thread-safe; binds the predicate to the file's schema once, at creation.
 */
public final class StatisticsPruner implements RowGroupPruner {
    /** The name of this evidence in metrics. */
    public static final String EVIDENCE = "statistics";
    /** IN lists longer than this are not checked value by value, unless told otherwise. */
    public static final int DEFAULT_IN_LIST_CAP = 64;

    private final Predicate predicate;
    private final Node root;

    private StatisticsPruner(Predicate predicate, Node root) {
        this.predicate = predicate;
        this.root = root;
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

    /** As {@link #create(Predicate, List)}, checking IN lists of at most {@code inListCap} values. */
    public static StatisticsPruner create(
            Predicate predicate, List<FieldView> fileFields, int inListCap) {
        if (inListCap < 0) {
            throw new IllegalArgumentException("Cannot prune with a negative IN list cap " + inListCap);
        }
        ColumnResolver resolver = ColumnResolver.of(fileFields);
        BoundPredicate.bind(predicate, resolver); // the same checks and messages as the row filter
        return new StatisticsPruner(predicate, compile(predicate, resolver, inListCap));
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
            return Outcomes.verdict(root.outcomes(rowGroup, slots, listener, World.ALL));
        } catch (RuntimeException | StackOverflowError e) {
            listener.failed(EVIDENCE, rowGroup.ordinal(), e);
            return Verdict.SOME_MAY_MATCH;
        }
    }

    @Override
    public RowGroupAccess prune(RowGroupView rowGroup, RowGroupAccess current, SlotValues slots,
            PruningListener listener) {
        return RowGroupAccess.of(verdict(rowGroup, slots, listener), rowGroup.numRows());
    }

    @Override
    public String toString() {
        return "StatisticsPruner{" + predicate + "}";
    }

    /** A part of the predicate: the truth values it may take on some row of a row group. */
    private interface Node {
        int outcomes(RowGroupView rowGroup, SlotValues slots, PruningListener listener, World world);
    }

    /** A leaf on one column: its answer from the column's facts; a failure proves nothing. */
    private interface LeafRule {
        int outcomes(ChunkFacts facts, SlotValues slots);
    }

    private static Node leaf(ResolvedColumn column, LeafRule rule) {
        return (rowGroup, slots, listener, world) -> {
            try {
                return rule.outcomes(StatisticsFacts.of(column, rowGroup).in(world), slots);
            } catch (RuntimeException e) {
                listener.failed(EVIDENCE, rowGroup.ordinal(), e);
                return Outcomes.ANY;
            }
        };
    }

    private static Node compile(Predicate p, ColumnResolver resolver, int inListCap) {
        if (p instanceof Comparison c) {
            ResolvedColumn col = resolver.resolve(c.column());
            Object literal = ColumnDomain.coerce(c.value(), col.type());
            CompareOp op = c.op();
            return leaf(col, (facts, slots) -> compare(facts, op, literal));
        }
        if (p instanceof InList in) {
            ResolvedColumn col = resolver.resolve(in.column());
            if (in.values().size() > inListCap) {
                return leaf(col, (f, slots) -> Outcomes.of(f.maybeValue() || f.maybeNaN(),
                        f.maybeValue() || f.maybeNaN(), f.maybeNull()));
            }
            Object[] values = in.values().stream()
                    .map(v -> ColumnDomain.coerce(v, col.type())).toArray();
            return leaf(col, (f, slots) -> in(f, values));
        }
        if (p instanceof IsNull n) {
            return leaf(resolver.resolve(n.column()),
                    (f, slots) -> Outcomes.of(f.maybeNull(), f.maybeValue() || f.maybeNaN(), false));
        }
        if (p instanceof IsNotNull n) {
            return leaf(resolver.resolve(n.column()),
                    (f, slots) -> Outcomes.of(f.maybeValue() || f.maybeNaN(), f.maybeNull(), false));
        }
        if (p instanceof StartsWith s) {
            byte[] prefix = s.prefix().getBytes(StandardCharsets.UTF_8);
            byte[] upper = successor(prefix);
            return leaf(resolver.resolve(s.column()), (f, slots) -> startsWith(f, prefix, upper));
        }
        if (p instanceof Not not) {
            Node child = compile(not.child(), resolver, inListCap);
            return byWorld(p, resolver,
                    (rg, slots, l, w) -> Outcomes.not(child.outcomes(rg, slots, l, w)));
        }
        if (p instanceof And and) {
            Node[] children = compileAll(and.children(), resolver, inListCap);
            return byWorld(p, resolver,
                    (rg, slots, l, w) -> Outcomes.and(outcomesOf(children, rg, slots, l, w)));
        }
        if (p instanceof Or or) {
            Node[] children = compileAll(or.children(), resolver, inListCap);
            return byWorld(p, resolver,
                    (rg, slots, l, w) -> Outcomes.or(outcomesOf(children, rg, slots, l, w)));
        }
        if (p instanceof Constant c) {
            int value = c.value() ? Outcomes.T : Outcomes.F;
            return (rg, slots, l, w) -> value;
        }
        DynamicSlot slot = (DynamicSlot) p;
        ResolvedColumn col = resolver.resolve(slot.column());
        return (rowGroup, slots, listener, world) -> {
            try {
                RuntimeFilter filter = slots.filterOf(slot);
                return switch (filter.state()) {
                    case PENDING -> Outcomes.T | Outcomes.F; // not known yet: proves nothing
                    case DISABLED -> Outcomes.T;
                    case EMPTY -> Outcomes.F;
                    case RANGE -> range(StatisticsFacts.of(col, rowGroup).in(world),
                            ColumnDomain.coerce(filter.min().orElseThrow(), col.type()),
                            ColumnDomain.coerce(filter.max().orElseThrow(), col.type()));
                };
            } catch (RuntimeException e) {
                listener.failed(EVIDENCE, rowGroup.ordinal(), e);
                return Outcomes.ANY;
            }
        };
    }

    private static Node[] compileAll(List<Predicate> children, ColumnResolver resolver, int cap) {
        return children.stream().map(c -> compile(c, resolver, cap)).toArray(Node[]::new);
    }

    private static int[] outcomesOf(Node[] children, RowGroupView rowGroup, SlotValues slots,
            PruningListener listener, World world) {
        int[] out = new int[children.length];
        for (int i = 0; i < children.length; i++) {
            out[i] = children[i].outcomes(rowGroup, slots, listener, world);
        }
        return out;
    }

    /**
     * A combination over one column only: evaluated on its null rows, NaN rows and other rows
     * apart, and the results united, so that the rows of one kind are not combined with what
     * holds on rows of another ({@code x > 5 OR x IS NULL} is TRUE on every row when the values
     * are above 5). Combinations over several columns combine as they are.
     */
    private static Node byWorld(Predicate p, ColumnResolver resolver, Node combined) {
        if (p.columns().size() != 1) {
            return combined;
        }
        ResolvedColumn col = resolver.resolve(p.columns().iterator().next());
        return (rowGroup, slots, listener, world) -> {
            if (world != World.ALL) {
                return combined.outcomes(rowGroup, slots, listener, world);
            }
            ChunkFacts facts;
            try {
                facts = StatisticsFacts.of(col, rowGroup);
            } catch (RuntimeException e) {
                return combined.outcomes(rowGroup, slots, listener, World.ALL);
            }
            int out = 0;
            for (World w : new World[] {World.NULL, World.NAN, World.VALUE}) {
                if (facts.inhabited(w)) {
                    out |= combined.outcomes(rowGroup, slots, listener, w);
                }
            }
            return out;
        };
    }

    /** {@code x <op> c}: UNKNOWN on nulls, FALSE on NaN except for {@code <>}. */
    static int compare(ChunkFacts f, CompareOp op, Object c) {
        boolean v = f.maybeValue();
        boolean nan = f.maybeNaN();
        boolean t;
        boolean fl;
        switch (op) {
            case EQ -> {
                t = f.mayEqual(c);
                fl = nan || (v && !f.onlyValueIs(c));
            }
            case NE -> {
                t = nan || (v && !f.onlyValueIs(c));
                fl = f.mayEqual(c);
            }
            case LT -> {
                t = v && f.loBelow(c, true);
                fl = nan || (v && f.hiAbove(c, false));
            }
            case LE -> {
                t = v && f.loBelow(c, false);
                fl = nan || (v && f.hiAbove(c, true));
            }
            // NaN is left out of the bounds: the max cannot prove x > c absent for floats
            case GT -> {
                t = nan || (v && f.hiAbove(c, true));
                fl = nan || (v && f.loBelow(c, false));
            }
            default -> { // GE
                t = nan || (v && f.hiAbove(c, false));
                fl = nan || (v && f.loBelow(c, true));
            }
        }
        return Outcomes.of(t, fl, f.maybeNull());
    }

    static int in(ChunkFacts f, Object[] values) {
        boolean t = false;
        boolean onlyInList = false;
        for (Object c : values) {
            t |= f.mayEqual(c);
            onlyInList |= f.onlyValueIs(c);
        }
        boolean fl = f.maybeNaN() || (f.maybeValue() && !onlyInList);
        return Outcomes.of(t, fl, f.maybeNull());
    }

    /** {@code x LIKE 'prefix%'}: the strings in {@code [prefix, upper)}. */
    static int startsWith(ChunkFacts f, byte[] prefix, byte[] upper) {
        boolean v = f.maybeValue();
        boolean t = v && f.hiAbove(prefix, false) && (upper == null || f.loBelow(upper, true));
        boolean allHavePrefix = f.lo() != null && f.hi() != null
                && hasPrefix((byte[]) f.lo(), prefix) && hasPrefix((byte[]) f.hi(), prefix);
        boolean fl = v && !allHavePrefix;
        return Outcomes.of(t, fl, f.maybeNull());
    }

    /** A RANGE runtime filter: nulls and NaN are FALSE, never UNKNOWN. */
    static int range(ChunkFacts f, Object min, Object max) {
        boolean t = f.maybeValue() && f.hiAbove(min, false) && f.loBelow(max, false);
        boolean fl = f.maybeValue() || f.maybeNull() || f.maybeNaN();
        return Outcomes.of(t, fl, false);
    }

    private static boolean hasPrefix(byte[] value, byte[] prefix) {
        return value.length >= prefix.length
                && Arrays.equals(value, 0, prefix.length, prefix, 0, prefix.length);
    }

    /** The least byte string above every string starting with {@code prefix}; null if none. */
    static byte[] successor(byte[] prefix) {
        int end = prefix.length;
        while (end > 0 && prefix[end - 1] == (byte) 0xFF) {
            end--;
        }
        if (end == 0) {
            return null;
        }
        byte[] out = Arrays.copyOf(prefix, end);
        out[end - 1]++;
        return out;
    }
}
