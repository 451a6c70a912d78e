package io.pqx.format.predicate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.ByteColumnVector;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.DoubleColumnVector;
import org.apache.flink.table.data.columnar.vector.FloatColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.ShortColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.data.columnar.vector.heap.AbstractHeapVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapLongVector;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * A bound predicate evaluated a batch at a time: every part yields, per row, whether it is TRUE and
 * whether it is FALSE (neither: UNKNOWN), and NOT, AND and OR combine those arrays under SQL's
 * three-valued logic. Comparisons, IN, IS [NOT] NULL and prefix LIKE on top-level BIGINT-like,
 * DOUBLE-like and string/binary columns read the batch's typed vectors directly; every other part
 * (nested paths, decimals, timestamps, booleans, runtime-filter slots, a vector of another kind) is
 * evaluated row by row by the row evaluator, so both give the same answer on every row. An
 * integer-like comparison is a range check, and an AND's comparisons of one such column are one.
 * Integer-like columns in Flink's heap vectors (what pqx decodes into) are read from their
 * primitive arrays, with no interface call per row. Stateless and thread-safe: the arrays a part
 * works in come from the caller's {@link MaskScratch}, and a vector's arrays are only read.
 */
final class BatchEvaluation {
    private BatchEvaluation() {}

    /**
     * One part of the predicate over a batch: sets {@code t[i]} / {@code f[i]} for rows {@code i <
     * n}, every one of them, whatever the arrays held (callers reuse them from batch to batch).
     */
    interface BatchNode {
        void eval(
                VectorizedColumnBatch batch,
                int n,
                SlotValues slots,
                boolean[] t,
                boolean[] f,
                MaskScratch scratch);
    }

    static BatchNode compile(Predicate p, ColumnResolver resolver) {
        if (p instanceof And and) {
            BatchNode[] children = compileAnd(and.children(), resolver);
            if (children.length == 1) {
                return children[0];
            }
            Object part = new Object(); // this AND's arrays in a scratch
            return (batch, n, slots, t, f, scratch) -> {
                Arrays.fill(t, 0, n, true);
                Arrays.fill(f, 0, n, false);
                boolean[] ct = scratch.first(part, n);
                boolean[] cf = scratch.second(part, n);
                for (BatchNode child : children) {
                    child.eval(batch, n, slots, ct, cf, scratch);
                    for (int i = 0; i < n; i++) {
                        t[i] &= ct[i];
                        f[i] |= cf[i];
                    }
                }
            };
        }
        if (p instanceof Or or) {
            BatchNode[] children = compileAll(or.children(), resolver);
            Object part = new Object(); // this OR's arrays in a scratch
            return (batch, n, slots, t, f, scratch) -> {
                Arrays.fill(t, 0, n, false);
                Arrays.fill(f, 0, n, true);
                boolean[] ct = scratch.first(part, n);
                boolean[] cf = scratch.second(part, n);
                for (BatchNode child : children) {
                    child.eval(batch, n, slots, ct, cf, scratch);
                    for (int i = 0; i < n; i++) {
                        t[i] |= ct[i];
                        f[i] &= cf[i];
                    }
                }
            };
        }
        if (p instanceof Not not) {
            BatchNode child = compile(not.child(), resolver);
            return (batch, n, slots, t, f, scratch) -> child.eval(batch, n, slots, f, t, scratch);
        }
        BatchNode typed = typedLeaf(p, resolver);
        return typed != null ? typed : byRow(BoundPredicate.compile(p, resolver));
    }

    private static BatchNode[] compileAll(List<Predicate> children, ColumnResolver resolver) {
        return children.stream().map(c -> compile(c, resolver)).toArray(BatchNode[]::new);
    }

    /**
     * The children of an AND; the comparisons (other than {@code <>}) of one top-level integer-like
     * column become one range check, so {@code k >= a AND k < b} reads the column once. Exact: on a
     * non-null value each comparison is TRUE or FALSE and their AND is TRUE exactly when the value
     * lies in every range; on null all are UNKNOWN and so is the AND.
     */
    private static BatchNode[] compileAnd(List<Predicate> children, ColumnResolver resolver) {
        Map<Integer, List<Comparison>> ranges = new LinkedHashMap<>();
        List<BatchNode> out = new ArrayList<>();
        for (Predicate child : children) {
            Integer field = rangeField(child, resolver);
            if (field != null) {
                ranges.computeIfAbsent(field, k -> new ArrayList<>()).add((Comparison) child);
            } else {
                out.add(compile(child, resolver));
            }
        }
        for (List<Comparison> group : ranges.values()) {
            ResolvedColumn col = resolver.resolve(group.get(0).column());
            long lo = Long.MIN_VALUE;
            long hi = Long.MAX_VALUE;
            for (Comparison c : group) {
                long[] range = range(c.op(), (Long) BoundPredicate.coerce(c.value(), col));
                lo = Math.max(lo, range[0]);
                hi = Math.min(hi, range[1]);
            }
            // and() of one comparison is that comparison: its row-wise fallback, as typedLeaf's
            Predicate fused = Predicates.and(new ArrayList<Predicate>(group));
            out.add(
                    longLeaf(
                            col,
                            col.positions().get(0),
                            byRow(BoundPredicate.compile(fused, resolver)),
                            inRange(lo, hi)));
        }
        return out.toArray(BatchNode[]::new);
    }

    /**
     * The field a comparison other than {@code <>} on a top-level LONG-domain column reads; else
     * null.
     */
    private static Integer rangeField(Predicate p, ColumnResolver resolver) {
        if (!(p instanceof Comparison c) || c.op() == CompareOp.NE) {
            return null;
        }
        ResolvedColumn col = resolver.resolve(c.column());
        return col.positions().size() == 1
                        && !col.isVariantField()
                        && col.domain() == ColumnDomain.LONG
                ? col.positions().get(0)
                : null;
    }

    /**
     * The values {@code v op literal} admits, as a closed range {@code {lo, hi}}; an empty range
     * has {@code lo > hi}. Not for {@code <>}.
     */
    static long[] range(CompareOp op, long literal) {
        return switch (op) {
            case EQ -> new long[] {literal, literal};
            case LT ->
                    literal == Long.MIN_VALUE
                            ? new long[] {1, 0}
                            : new long[] {Long.MIN_VALUE, literal - 1};
            case LE -> new long[] {Long.MIN_VALUE, literal};
            case GT ->
                    literal == Long.MAX_VALUE
                            ? new long[] {1, 0}
                            : new long[] {literal + 1, Long.MAX_VALUE};
            case GE -> new long[] {literal, Long.MAX_VALUE};
            case NE -> throw new IllegalArgumentException("<> is not a range");
        };
    }

    /** TRUE for a non-null value in {@code [lo, hi]}, FALSE for one outside, UNKNOWN for null. */
    private static LongRule inRange(long lo, long hi) {
        return new InRange(lo, hi);
    }

    /**
     * {@link #inRange}: over values and null flags, or straight over a heap vector's array, in one
     * pass and with no array allocated (a range is the commonest filter on a scan).
     */
    private record InRange(long lo, long hi) implements LongRule {
        @Override
        public void apply(long[] values, boolean[] nulls, int n, boolean[] t, boolean[] f) {
            for (int i = 0; i < n; i++) {
                long v = values[i];
                boolean in = v >= lo & v <= hi;
                boolean known = !nulls[i];
                t[i] = known & in;
                f[i] = known & !in;
            }
        }

        void apply(HeapLongVector vector, int n, boolean[] t, boolean[] f) {
            long[] values = vector.vector;
            long lo = this.lo;
            long hi = this.hi;
            for (int i = 0; i < n; i++) {
                long v = values[i];
                boolean in = v >= lo & v <= hi;
                boolean known = !vector.isNullAt(i);
                t[i] = known & in;
                f[i] = known & !in;
            }
        }

        void apply(HeapIntVector vector, int n, boolean[] t, boolean[] f) {
            int[] values = vector.vector;
            long lo = this.lo;
            long hi = this.hi;
            for (int i = 0; i < n; i++) {
                long v = values[i];
                boolean in = v >= lo & v <= hi;
                boolean known = !vector.isNullAt(i);
                t[i] = known & in;
                f[i] = known & !in;
            }
        }
    }

    /** A part evaluated row by row. */
    private static BatchNode byRow(BoundPredicate.Node node) {
        return (batch, n, slots, t, f, scratch) -> {
            ColumnarRowData row = new ColumnarRowData(batch);
            for (int i = 0; i < n; i++) {
                row.setRowId(i);
                Ternary v = node.eval(row, slots);
                t[i] = v == Ternary.TRUE;
                f[i] = v == Ternary.FALSE;
            }
        };
    }

    /** A leaf on a top-level column read from its typed vector, or null when it is not one. */
    private static BatchNode typedLeaf(Predicate p, ColumnResolver resolver) {
        ColumnRef ref;
        if (p instanceof Comparison c) {
            ref = c.column();
        } else if (p instanceof InList in) {
            ref = in.column();
        } else if (p instanceof IsNull n) {
            ref = n.column();
        } else if (p instanceof IsNotNull n) {
            ref = n.column();
        } else if (p instanceof StartsWith s) {
            ref = s.column();
        } else {
            return null;
        }
        ResolvedColumn col = resolver.resolve(ref);
        if (col.positions().size() != 1 || col.isVariantField()) {
            return null; // a VARIANT field is evaluated row by row on the reassembled value
        }
        int field = col.positions().get(0);
        BoundPredicate.Node fallback = BoundPredicate.compile(p, resolver);
        BatchNode rowWise = byRow(fallback);
        if (p instanceof IsNull || p instanceof IsNotNull) {
            boolean wantNull = p instanceof IsNull;
            return (batch, n, slots, t, f, scratch) -> {
                ColumnVector v = batch.columns[field];
                for (int i = 0; i < n; i++) {
                    boolean isNull = v.isNullAt(i);
                    t[i] = isNull == wantNull;
                    f[i] = !t[i];
                }
            };
        }
        switch (col.domain()) {
            case LONG:
                {
                    if (p instanceof Comparison c) {
                        long literal = (Long) BoundPredicate.coerce(c.value(), col);
                        if (c.op() != CompareOp.NE) {
                            long[] range = range(c.op(), literal);
                            return longLeaf(col, field, rowWise, inRange(range[0], range[1]));
                        }
                        return longLeaf(
                                col,
                                field,
                                rowWise,
                                (values, nulls, n, t, f) -> {
                                    for (int i = 0; i < n; i++) {
                                        boolean differs = values[i] != literal;
                                        boolean known = !nulls[i];
                                        t[i] = known & differs;
                                        f[i] = known & !differs;
                                    }
                                });
                    }
                    if (p instanceof InList in) {
                        long[] sorted =
                                in.values().stream()
                                        .mapToLong(l -> (Long) BoundPredicate.coerce(l, col))
                                        .sorted()
                                        .toArray();
                        return longLeaf(
                                col,
                                field,
                                rowWise,
                                (values, nulls, n, t, f) -> {
                                    for (int i = 0; i < n; i++) {
                                        boolean holds =
                                                !nulls[i]
                                                        && Arrays.binarySearch(sorted, values[i])
                                                                >= 0;
                                        t[i] = holds;
                                        f[i] = !nulls[i] && !holds;
                                    }
                                });
                    }
                    return null;
                }
            case DOUBLE:
                {
                    if (p instanceof Comparison c) {
                        double literal =
                                ColumnDomain.normalize(
                                        (Double) BoundPredicate.coerce(c.value(), col));
                        CompareOp op = c.op();
                        return doubleLeaf(
                                col,
                                field,
                                rowWise,
                                (values, nulls, n, t, f) -> {
                                    for (int i = 0; i < n; i++) {
                                        double v = values[i];
                                        boolean holds =
                                                Double.isNaN(v)
                                                        ? op == CompareOp.NE
                                                        : op.holds(
                                                                Double.compare(
                                                                        ColumnDomain.normalize(v),
                                                                        literal));
                                        t[i] = !nulls[i] && holds;
                                        f[i] = !nulls[i] && !holds;
                                    }
                                });
                    }
                    return null;
                }
            case BYTES:
                {
                    if (p instanceof Comparison c) {
                        byte[] literal = (byte[]) BoundPredicate.coerce(c.value(), col);
                        CompareOp op = c.op();
                        return bytesLeaf(
                                field,
                                rowWise,
                                (data, off, len) ->
                                        op.holds(
                                                Arrays.compareUnsigned(
                                                        data,
                                                        off,
                                                        off + len,
                                                        literal,
                                                        0,
                                                        literal.length)));
                    }
                    if (p instanceof InList in) {
                        byte[][] sorted =
                                in.values().stream()
                                        .map(l -> (byte[]) BoundPredicate.coerce(l, col))
                                        .sorted(Arrays::compareUnsigned)
                                        .toArray(byte[][]::new);
                        return bytesLeaf(
                                field,
                                rowWise,
                                (data, off, len) -> {
                                    int lo = 0;
                                    int hi = sorted.length - 1;
                                    while (lo <= hi) {
                                        int mid = (lo + hi) >>> 1;
                                        int cmp =
                                                Arrays.compareUnsigned(
                                                        data,
                                                        off,
                                                        off + len,
                                                        sorted[mid],
                                                        0,
                                                        sorted[mid].length);
                                        if (cmp == 0) {
                                            return true;
                                        } else if (cmp < 0) {
                                            hi = mid - 1;
                                        } else {
                                            lo = mid + 1;
                                        }
                                    }
                                    return false;
                                });
                    }
                    if (p instanceof StartsWith s) {
                        BoundPredicate.checkString(col, s);
                        byte[] prefix = Literal.utf8(s.prefix());
                        return bytesLeaf(
                                field,
                                rowWise,
                                (data, off, len) ->
                                        len >= prefix.length
                                                && Arrays.equals(
                                                        data,
                                                        off,
                                                        off + prefix.length,
                                                        prefix,
                                                        0,
                                                        prefix.length));
                    }
                    return null;
                }
            default:
                return null;
        }
    }

    private interface LongRule {
        void apply(long[] values, boolean[] nulls, int n, boolean[] t, boolean[] f);
    }

    private interface DoubleRule {
        void apply(double[] values, boolean[] nulls, int n, boolean[] t, boolean[] f);
    }

    private interface BytesRule {
        boolean holds(byte[] data, int offset, int length);
    }

    /**
     * A leaf on an integer-like column: {@code rule} applied to the batch's values widened to long
     * and its null flags. Flink's heap vectors without a dictionary (what pqx decodes into) are
     * read straight from their primitive arrays, statically typed, so the loops make no interface
     * call per row; any other vector goes through its interface. The values of null rows are
     * whatever the array holds there: every rule masks them with the null flags.
     */
    private static BatchNode longLeaf(
            ResolvedColumn col, int field, BatchNode rowWise, LongRule rule) {
        LogicalTypeRoot root = col.type().getTypeRoot();
        InRange range = rule instanceof InRange r ? r : null;
        boolean intLike =
                root == LogicalTypeRoot.INTEGER
                        || root == LogicalTypeRoot.DATE
                        || root == LogicalTypeRoot.TIME_WITHOUT_TIME_ZONE;
        Object part = new Object(); // this leaf's arrays in a scratch
        return (batch, n, slots, t, f, scratch) -> {
            ColumnVector v = batch.columns[field];
            if (range != null) {
                if (root == LogicalTypeRoot.BIGINT
                        && v instanceof HeapLongVector heap
                        && !heap.hasDictionary()) {
                    range.apply(heap, n, t, f);
                    return;
                }
                if (intLike && v instanceof HeapIntVector heap && !heap.hasDictionary()) {
                    range.apply(heap, n, t, f);
                    return;
                }
            }
            boolean[] nulls = scratch.first(part, n);
            long[] values;
            switch (root) {
                case BIGINT -> {
                    if (v instanceof HeapLongVector heap && !heap.hasDictionary()) {
                        // read in place: the rules only read values[0, n)
                        values = heap.vector;
                        heapNulls(heap, n, nulls);
                    } else if (v instanceof LongColumnVector longs) {
                        values = scratch.longs(part, n);
                        for (int i = 0; i < n; i++) {
                            nulls[i] = v.isNullAt(i);
                            values[i] = nulls[i] ? 0 : longs.getLong(i);
                        }
                    } else {
                        rowWise.eval(batch, n, slots, t, f, scratch);
                        return;
                    }
                }
                case INTEGER, DATE, TIME_WITHOUT_TIME_ZONE -> {
                    values = scratch.longs(part, n);
                    if (v instanceof HeapIntVector heap && !heap.hasDictionary()) {
                        int[] ints = heap.vector;
                        for (int i = 0; i < n; i++) {
                            values[i] = ints[i];
                        }
                        heapNulls(heap, n, nulls);
                    } else if (v instanceof IntColumnVector ints) {
                        for (int i = 0; i < n; i++) {
                            nulls[i] = v.isNullAt(i);
                            values[i] = nulls[i] ? 0 : ints.getInt(i);
                        }
                    } else {
                        rowWise.eval(batch, n, slots, t, f, scratch);
                        return;
                    }
                }
                case SMALLINT -> {
                    if (!(v instanceof ShortColumnVector shorts)) {
                        rowWise.eval(batch, n, slots, t, f, scratch);
                        return;
                    }
                    values = scratch.longs(part, n);
                    for (int i = 0; i < n; i++) {
                        nulls[i] = v.isNullAt(i);
                        values[i] = nulls[i] ? 0 : shorts.getShort(i);
                    }
                }
                case TINYINT -> {
                    if (!(v instanceof ByteColumnVector bytes)) {
                        rowWise.eval(batch, n, slots, t, f, scratch);
                        return;
                    }
                    values = scratch.longs(part, n);
                    for (int i = 0; i < n; i++) {
                        nulls[i] = v.isNullAt(i);
                        values[i] = nulls[i] ? 0 : bytes.getByte(i);
                    }
                }
                default -> {
                    rowWise.eval(batch, n, slots, t, f, scratch);
                    return;
                }
            }
            rule.apply(values, nulls, n, t, f);
        };
    }

    /**
     * The null flags of a heap vector's first {@code n} rows; the call is on the concrete vector
     * class, which the JIT inlines, not on the interface.
     */
    private static void heapNulls(AbstractHeapVector v, int n, boolean[] nulls) {
        for (int i = 0; i < n; i++) {
            nulls[i] = v.isNullAt(i);
        }
    }

    private static BatchNode doubleLeaf(
            ResolvedColumn col, int field, BatchNode rowWise, DoubleRule rule) {
        Object part = new Object(); // this leaf's arrays in a scratch
        return (batch, n, slots, t, f, scratch) -> {
            ColumnVector v = batch.columns[field];
            double[] values = scratch.doubles(part, n);
            boolean[] nulls = scratch.first(part, n);
            for (int i = 0; i < n; i++) {
                nulls[i] = v.isNullAt(i);
            }
            if (col.type().getTypeRoot() == LogicalTypeRoot.DOUBLE
                    && v instanceof DoubleColumnVector ds) {
                for (int i = 0; i < n; i++) {
                    values[i] = nulls[i] ? 0 : ds.getDouble(i);
                }
            } else if (col.type().getTypeRoot() == LogicalTypeRoot.FLOAT
                    && v instanceof FloatColumnVector fs) {
                for (int i = 0; i < n; i++) {
                    values[i] = nulls[i] ? 0 : fs.getFloat(i);
                }
            } else {
                rowWise.eval(batch, n, slots, t, f, scratch);
                return;
            }
            rule.apply(values, nulls, n, t, f);
        };
    }

    private static BatchNode bytesLeaf(int field, BatchNode rowWise, BytesRule rule) {
        return (batch, n, slots, t, f, scratch) -> {
            ColumnVector v = batch.columns[field];
            if (!(v instanceof BytesColumnVector strings)) {
                rowWise.eval(batch, n, slots, t, f, scratch);
                return;
            }
            for (int i = 0; i < n; i++) {
                if (v.isNullAt(i)) {
                    t[i] = false;
                    f[i] = false;
                } else {
                    BytesColumnVector.Bytes b = strings.getBytes(i);
                    boolean holds = rule.holds(b.data, b.offset, b.len);
                    t[i] = holds;
                    f[i] = !holds;
                }
            }
        };
    }
}
