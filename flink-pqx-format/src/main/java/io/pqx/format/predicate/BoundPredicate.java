package io.pqx.format.predicate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.types.variant.Variant;

/**
 * A {@link Predicate} checked against one schema and ready to evaluate rows of it under SQL's
 * three-valued logic: a comparison, IN or LIKE with a null column is UNKNOWN, {@code NOT UNKNOWN}
 * is UNKNOWN, {@code FALSE AND UNKNOWN} is FALSE, {@code TRUE OR UNKNOWN} is TRUE; a filter keeps a
 * row only when the result is TRUE ({@link #test}). Values compare as {@link ColumnDomain} says (a
 * NaN row value satisfies only {@code <>}); a {@link DynamicSlot} evaluates its filter from the
 * {@link SlotValues} given (nulls never match a RANGE filter).
 *
 * <p>Immutable and thread-safe. Binding resolves every column once ({@link ColumnResolver}) and
 * converts every literal to its column's type, so a predicate that does not fit the schema fails
 * here, with a message naming the column, and never while rows are evaluated.
 */
@Internal
public final class BoundPredicate {
    private final Predicate predicate;
    private final Node root;
    private final BatchEvaluation.BatchNode batchRoot;

    private BoundPredicate(Predicate predicate, Node root, BatchEvaluation.BatchNode batchRoot) {
        this.predicate = predicate;
        this.root = root;
        this.batchRoot = batchRoot;
    }

    /**
     * Binds {@code predicate} to the schema of {@code resolver}.
     *
     * @throws IllegalArgumentException for an unknown column, a column that cannot be compared, a
     *     literal that does not fit its column's type, or LIKE on a column that is not a string
     */
    public static BoundPredicate bind(Predicate predicate, ColumnResolver resolver) {
        return new BoundPredicate(
                predicate,
                compile(predicate, resolver),
                BatchEvaluation.compile(predicate, resolver));
    }

    /** The predicate bound. */
    public Predicate predicate() {
        return predicate;
    }

    /** The predicate's value on {@code row}. */
    public Ternary evaluate(RowData row, SlotValues slots) {
        return root.eval(row, slots);
    }

    /** Whether a filter keeps {@code row}: the predicate is TRUE on it. */
    public boolean test(RowData row, SlotValues slots) {
        return root.eval(row, slots) == Ternary.TRUE;
    }

    /**
     * Which rows of {@code batch} a filter keeps: {@code mask[i]} is {@link #test} of row {@code
     * i}, for the batch's {@code numRows} rows. Evaluated a batch at a time: comparisons, IN, IS
     * [NOT] NULL and prefix LIKE on top-level integer, floating-point and string columns read the
     * typed vectors, the rest goes row by row; the answer is {@link #test}'s on every row.
     */
    public boolean[] mask(VectorizedColumnBatch batch, SlotValues slots) {
        boolean[] mask = new boolean[batch.getNumRows()];
        mask(batch, slots, mask, new MaskScratch());
        return mask;
    }

    /**
     * As {@link #mask(VectorizedColumnBatch, SlotValues)}, written into {@code keep[0, numRows)}:
     * every one of those entries is set, whatever it held. The arrays the evaluation works in come
     * from {@code scratch} and stay there for the next batch, so a filter called batch after batch
     * allocates nothing once they have grown (fresh masks for every batch were 30 % of the bytes
     * the source suite's unsorted 1 % query allocated, and their first touch of new heap memory
     * showed in its profile).
     *
     * @throws IllegalArgumentException when {@code keep} is shorter than the batch
     */
    public void mask(
            VectorizedColumnBatch batch, SlotValues slots, boolean[] keep, MaskScratch scratch) {
        int n = batch.getNumRows();
        if (keep.length < n) {
            throw new IllegalArgumentException(
                    "A mask of " + keep.length + " rows cannot hold a batch of " + n);
        }
        batchRoot.eval(batch, n, slots, keep, scratch.rootFalse(n), scratch);
    }

    @Override
    public String toString() {
        return predicate.toString();
    }

    interface Node {
        Ternary eval(RowData row, SlotValues slots);
    }

    static Node compile(Predicate p, ColumnResolver resolver) {
        Node variant = variantLeaf(p, resolver);
        if (variant != null) {
            return variant;
        }
        if (p instanceof Comparison c) {
            ResolvedColumn col = resolver.resolve(c.column());
            Object literal = coerce(c.value(), col);
            ColumnDomain domain = col.domain();
            CompareOp op = c.op();
            return (row, slots) -> {
                Object v = col.readDomain(row);
                if (v == null) {
                    return Ternary.UNKNOWN;
                }
                if (ColumnDomain.isNaN(v)) {
                    return Ternary.of(op == CompareOp.NE);
                }
                return Ternary.of(op.holds(domain.compare(v, literal)));
            };
        }
        if (p instanceof InList in) {
            ResolvedColumn col = resolver.resolve(in.column());
            ColumnDomain domain = col.domain();
            Object[] values = new Object[in.values().size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = coerce(in.values().get(i), col);
            }
            Arrays.sort(values, domain::compare);
            return (row, slots) -> {
                Object v = col.readDomain(row);
                if (v == null) {
                    return Ternary.UNKNOWN;
                }
                if (ColumnDomain.isNaN(v)) {
                    return Ternary.FALSE;
                }
                return Ternary.of(Arrays.binarySearch(values, v, domain::compare) >= 0);
            };
        }
        if (p instanceof IsNull n) {
            ResolvedColumn col = resolver.resolve(n.column());
            return (row, slots) -> Ternary.of(col.readInternal(row) == null);
        }
        if (p instanceof IsNotNull n) {
            ResolvedColumn col = resolver.resolve(n.column());
            return (row, slots) -> Ternary.of(col.readInternal(row) != null);
        }
        if (p instanceof StartsWith s) {
            ResolvedColumn col = resolver.resolve(s.column());
            checkString(col, s);
            byte[] prefix = Literal.utf8(s.prefix());
            return (row, slots) -> {
                Object v = col.readDomain(row);
                if (v == null) {
                    return Ternary.UNKNOWN;
                }
                byte[] bytes = (byte[]) v;
                return Ternary.of(
                        bytes.length >= prefix.length
                                && Arrays.equals(
                                        bytes, 0, prefix.length, prefix, 0, prefix.length));
            };
        }
        if (p instanceof And and) {
            Node[] children = compileAll(and.children(), resolver);
            return (row, slots) -> {
                Ternary out = Ternary.TRUE;
                for (Node child : children) {
                    out = out.and(child.eval(row, slots));
                    if (out == Ternary.FALSE) {
                        return out;
                    }
                }
                return out;
            };
        }
        if (p instanceof Or or) {
            Node[] children = compileAll(or.children(), resolver);
            return (row, slots) -> {
                Ternary out = Ternary.FALSE;
                for (Node child : children) {
                    out = out.or(child.eval(row, slots));
                    if (out == Ternary.TRUE) {
                        return out;
                    }
                }
                return out;
            };
        }
        if (p instanceof Not not) {
            Node child = compile(not.child(), resolver);
            return (row, slots) -> child.eval(row, slots).not();
        }
        if (p instanceof Constant c) {
            Ternary value = Ternary.of(c.value());
            return (row, slots) -> value;
        }
        DynamicSlot slot = (DynamicSlot) p;
        return new SlotNode(slot, resolver.resolve(slot.column()));
    }

    /**
     * A leaf on a VARIANT field, evaluated by {@link VariantFieldValues} on the field's reassembled
     * value; null for anything else.
     *
     * @throws IllegalArgumentException for LIKE or a runtime filter on a VARIANT field, or a
     *     literal of a class no Variant value compares with
     */
    private static Node variantLeaf(Predicate p, ColumnResolver resolver) {
        if (p.columns().size() != 1
                || p instanceof And
                || p instanceof Or
                || p instanceof Not
                || !resolver.resolve(p.columns().iterator().next()).isVariantField()) {
            return null;
        }
        ResolvedColumn col = resolver.resolve(p.columns().iterator().next());
        if (p instanceof Comparison c) {
            Object literal = VariantFieldValues.literal(c.value(), col.ref());
            CompareOp op = c.op();
            return (row, slots) -> {
                Variant v = (Variant) col.readInternal(row);
                Integer cmp = v == null ? null : VariantFieldValues.compare(v, literal);
                return cmp == null ? Ternary.UNKNOWN : Ternary.of(op.holds(cmp));
            };
        }
        if (p instanceof InList in) {
            Object[] values =
                    in.values().stream()
                            .map(l -> VariantFieldValues.literal(l, col.ref()))
                            .toArray();
            // an OR of equalities: TRUE on a match, FALSE only when every one is FALSE
            return (row, slots) -> {
                Variant v = (Variant) col.readInternal(row);
                if (v == null) {
                    return Ternary.UNKNOWN;
                }
                Ternary out = Ternary.FALSE;
                for (Object value : values) {
                    Integer cmp = VariantFieldValues.compare(v, value);
                    if (cmp == null) {
                        out = Ternary.UNKNOWN;
                    } else if (cmp == 0) {
                        return Ternary.TRUE;
                    }
                }
                return out;
            };
        }
        if (p instanceof IsNull || p instanceof IsNotNull) {
            boolean wantNull = p instanceof IsNull;
            return (row, slots) -> Ternary.of((col.readInternal(row) == null) == wantNull);
        }
        throw new IllegalArgumentException(
                "Cannot bind "
                        + p
                        + ": "
                        + col.ref()
                        + " is a field of a VARIANT column, which supports comparisons, IN,"
                        + " IS NULL and IS NOT NULL only");
    }

    private static Node[] compileAll(List<Predicate> children, ColumnResolver resolver) {
        List<Node> out = new ArrayList<>(children.size());
        for (Predicate child : children) {
            out.add(compile(child, resolver));
        }
        return out.toArray(new Node[0]);
    }

    /** The literal as a domain value of {@code col}, or an error naming the column. */
    static Object coerce(Literal literal, ResolvedColumn col) {
        try {
            return ColumnDomain.coerce(literal, col.type());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Cannot bind predicate on column " + col.ref() + ": " + e.getMessage(), e);
        }
    }

    static void checkString(ResolvedColumn col, StartsWith s) {
        LogicalTypeRoot root = col.type().getTypeRoot();
        if (root != LogicalTypeRoot.CHAR && root != LogicalTypeRoot.VARCHAR) {
            throw new IllegalArgumentException(
                    "Cannot bind "
                            + s
                            + ": column "
                            + col.ref()
                            + " is "
                            + col.type().asSummaryString()
                            + ", and LIKE needs CHAR or VARCHAR");
        }
    }

    /** A dynamic slot: evaluates the filter of the moment, its bounds converted once per filter. */
    private static final class SlotNode implements Node {
        private final DynamicSlot slot;
        private final ResolvedColumn col;
        private volatile Bounds cached;

        SlotNode(DynamicSlot slot, ResolvedColumn col) {
            this.slot = slot;
            this.col = col;
        }

        @Override
        public Ternary eval(RowData row, SlotValues slots) {
            RuntimeFilter filter = slots.filterOf(slot);
            switch (filter.state()) {
                case PENDING:
                case DISABLED:
                    return Ternary.TRUE;
                case EMPTY:
                    return Ternary.FALSE;
                default:
                    break;
            }
            Object key = col.readInternal(row);
            if (key == null) {
                return Ternary.FALSE; // nulls never match a runtime filter
            }
            Object v = ColumnDomain.fromInternal(key, col.type());
            if (ColumnDomain.isNaN(v)) {
                return Ternary.FALSE;
            }
            Bounds b = bounds(filter);
            ColumnDomain domain = col.domain();
            if (domain.compare(v, b.min) < 0 || domain.compare(v, b.max) > 0) {
                return Ternary.FALSE;
            }
            return Ternary.of(filter.keys().map(k -> k.mightContain(key)).orElse(true));
        }

        private Bounds bounds(RuntimeFilter filter) {
            Bounds b = cached;
            if (b == null || b.filter != filter) {
                b =
                        new Bounds(
                                filter,
                                coerce(filter.min().orElseThrow(), col),
                                coerce(filter.max().orElseThrow(), col));
                cached = b;
            }
            return b;
        }
    }

    /** A RANGE filter's bounds as domain values. */
    private record Bounds(RuntimeFilter filter, Object min, Object max) {}
}
