package io.pqx.format.prune;

import io.pqx.format.predicate.And;
import io.pqx.format.predicate.ColumnDomain;
import io.pqx.format.predicate.ColumnRef;
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
import io.pqx.format.prune.FactSource.ValueProbe;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;

/**
 * A predicate compiled for three-valued evaluation over facts about its columns: for each part,
 * which of TRUE, FALSE and UNKNOWN it may take on some row judged, from a {@link FactSource} (a row
 * group's chunk statistics, the pages of a row-group segment, bloom-filter membership), combined
 * under SQL's three-valued logic through NOT, AND and OR. The statistics, page-index and
 * bloom-filter pruners share it, so they prove with the same rules.
 *
 * <p>Never taken as proof: an inexact (truncated) bound for {@code =} and {@code IN}; the maximum
 * of a FLOAT/DOUBLE column for {@code >}/{@code >=} (NaN hides there); an {@code IN} list longer
 * than the cap; a type pairing {@link StatisticsFacts} does not know. A failure while evaluating a
 * part makes that part prove nothing, and is reported to the listener.
 *
 * <p>Immutable and thread-safe.
 */
final class CompiledPredicate {
    private final Node root;
    private final List<ResolvedColumn> columns;
    private final List<ResolvedColumn> equalityColumns;

    private CompiledPredicate(
            Node root, List<ResolvedColumn> columns, List<ResolvedColumn> equalityColumns) {
        this.root = root;
        this.columns = columns;
        this.equalityColumns = equalityColumns;
    }

    /** Compiles {@code p}, already checked by {@code BoundPredicate.bind} against the resolver. */
    static CompiledPredicate compile(Predicate p, ColumnResolver resolver, int inListCap) {
        Compiler compiler = new Compiler(resolver, inListCap);
        Node root = compiler.compile(p);
        return new CompiledPredicate(
                root,
                List.copyOf(compiler.columns.values()),
                List.copyOf(compiler.equalityColumns.values()));
    }

    /** Which truth values the predicate may take on some row of {@code source}. */
    int outcomes(FactSource source, SlotValues slots, PruningListener listener) {
        return root.outcomes(source, slots, listener, World.ALL);
    }

    /** Every column the predicate reads (runtime-filter columns too), each once. */
    List<ResolvedColumn> columns() {
        return columns;
    }

    /** Columns the predicate tests with {@code =}, {@code <>} or {@code IN} against literals. */
    List<ResolvedColumn> equalityColumns() {
        return equalityColumns;
    }

    /** One key per leaf (refs that differ in case only read the same leaf). */
    private static String key(ResolvedColumn column) {
        return column.leaf().map(l -> "#" + l.leafIndex()).orElse(column.ref().toString());
    }

    /** A part of the predicate: the truth values it may take on some row judged. */
    private interface Node {
        int outcomes(FactSource source, SlotValues slots, PruningListener listener, World world);
    }

    /** A leaf on one column: its answer from the column's facts; a failure proves nothing. */
    private interface LeafRule {
        int outcomes(ChunkFacts facts, @Nullable ValueProbe probe, SlotValues slots);
    }

    private static final class Compiler {
        private final ColumnResolver resolver;
        private final int inListCap;
        private final Map<String, ResolvedColumn> columns = new LinkedHashMap<>();
        private final Map<String, ResolvedColumn> equalityColumns = new LinkedHashMap<>();

        Compiler(ColumnResolver resolver, int inListCap) {
            this.resolver = resolver;
            this.inListCap = inListCap;
        }

        private ResolvedColumn column(ColumnRef ref) {
            ResolvedColumn col = resolver.resolve(ref);
            columns.putIfAbsent(key(col), col);
            return col;
        }

        private Node leaf(ResolvedColumn column, LeafRule rule, boolean probed) {
            if (probed) {
                equalityColumns.putIfAbsent(key(column), column);
            }
            return (source, slots, listener, world) -> {
                try {
                    ValueProbe probe = probed ? source.probe(column) : null;
                    return rule.outcomes(source.facts(column).in(world), probe, slots);
                } catch (RuntimeException e) {
                    listener.failed(source.evidence(), source.rowGroup(), e);
                    return Outcomes.ANY;
                }
            };
        }

        Node compile(Predicate p) {
            if (isVariantLeaf(p)) {
                return variantLeaf(p, resolver.resolve(p.columns().iterator().next()));
            }
            if (p instanceof Comparison c) {
                ResolvedColumn col = column(c.column());
                Object literal = ColumnDomain.coerce(c.value(), col.type());
                CompareOp op = c.op();
                boolean probed = op == CompareOp.EQ || op == CompareOp.NE;
                return leaf(
                        col, (facts, probe, slots) -> compare(facts, op, literal, probe), probed);
            }
            if (p instanceof InList in) {
                ResolvedColumn col = column(in.column());
                if (in.values().size() > inListCap) {
                    return leaf(
                            col,
                            (f, probe, slots) ->
                                    Outcomes.of(
                                            f.maybeValue() || f.maybeNaN(),
                                            f.maybeValue() || f.maybeNaN(),
                                            f.maybeNull()),
                            false);
                }
                Object[] values =
                        in.values().stream().map(v -> ColumnDomain.coerce(v, col.type())).toArray();
                return leaf(col, (f, probe, slots) -> in(f, values, probe), true);
            }
            if (p instanceof IsNull n) {
                return leaf(
                        column(n.column()),
                        (f, probe, slots) ->
                                Outcomes.of(f.maybeNull(), f.maybeValue() || f.maybeNaN(), false),
                        false);
            }
            if (p instanceof IsNotNull n) {
                return leaf(
                        column(n.column()),
                        (f, probe, slots) ->
                                Outcomes.of(f.maybeValue() || f.maybeNaN(), f.maybeNull(), false),
                        false);
            }
            if (p instanceof StartsWith s) {
                byte[] prefix = s.prefix().getBytes(StandardCharsets.UTF_8);
                byte[] upper = successor(prefix);
                return leaf(
                        column(s.column()),
                        (f, probe, slots) -> startsWith(f, prefix, upper),
                        false);
            }
            if (p instanceof Not not) {
                Node child = compile(not.child());
                return byWorld(
                        p, (src, slots, l, w) -> Outcomes.not(child.outcomes(src, slots, l, w)));
            }
            if (p instanceof And and) {
                Node[] children = compileAll(and.children());
                return byWorld(
                        p,
                        (src, slots, l, w) -> Outcomes.and(outcomesOf(children, src, slots, l, w)));
            }
            if (p instanceof Or or) {
                Node[] children = compileAll(or.children());
                return byWorld(
                        p,
                        (src, slots, l, w) -> Outcomes.or(outcomesOf(children, src, slots, l, w)));
            }
            if (p instanceof Constant c) {
                int value = c.value() ? Outcomes.T : Outcomes.F;
                return (src, slots, l, w) -> value;
            }
            DynamicSlot slot = (DynamicSlot) p;
            ResolvedColumn col = column(slot.column());
            return (source, slots, listener, world) -> {
                try {
                    RuntimeFilter filter = slots.filterOf(slot);
                    return switch (filter.state()) {
                        case PENDING -> Outcomes.T | Outcomes.F; // not known yet: proves nothing
                        case DISABLED -> Outcomes.T;
                        case EMPTY -> Outcomes.F;
                        case RANGE ->
                                range(
                                        source.facts(col).in(world),
                                        ColumnDomain.coerce(filter.min().orElseThrow(), col.type()),
                                        ColumnDomain.coerce(
                                                filter.max().orElseThrow(), col.type()));
                    };
                } catch (RuntimeException e) {
                    listener.failed(source.evidence(), source.rowGroup(), e);
                    return Outcomes.ANY;
                }
            };
        }

        private boolean isVariantLeaf(Predicate p) {
            return p.columns().size() == 1
                    && !(p instanceof And || p instanceof Or || p instanceof Not)
                    && resolver.resolve(p.columns().iterator().next()).isVariantField();
        }

        /**
         * A leaf on a VARIANT field, proven from the shredded field's typed column and its own
         * {@code value} column (see {@link VariantFieldRules}); proves nothing when the file does
         * not shred the field as a primitive.
         */
        private Node variantLeaf(Predicate p, ResolvedColumn field) {
            if (field.variantTyped().isEmpty()) {
                return (source, slots, listener, world) -> Outcomes.ANY;
            }
            ResolvedColumn typed = field.variantTyped().get();
            columns.putIfAbsent(key(typed), typed);
            ResolvedColumn residual = field.variantResidual().orElse(null);
            if (residual != null) {
                columns.putIfAbsent(key(residual), residual);
            }
            VariantFieldRules.Rule rule = VariantFieldRules.rule(p, typed.type());
            return (source, slots, listener, world) -> {
                try {
                    ChunkFacts residualFacts = residual == null ? null : source.facts(residual);
                    return rule.outcomes(source.facts(typed), residualFacts);
                } catch (RuntimeException e) {
                    listener.failed(source.evidence(), source.rowGroup(), e);
                    return Outcomes.ANY;
                }
            };
        }

        private Node[] compileAll(List<Predicate> children) {
            List<Node> out = new ArrayList<>(children.size());
            for (Predicate c : children) {
                out.add(compile(c));
            }
            return out.toArray(Node[]::new);
        }

        /**
         * A combination over one column only: evaluated on its null rows, NaN rows and other rows
         * apart, and the results united, so that the rows of one kind are not combined with what
         * holds on rows of another ({@code x > 5 OR x IS NULL} is TRUE on every row when the values
         * are above 5). Combinations over several columns combine as they are.
         */
        private Node byWorld(Predicate p, Node combined) {
            if (p.columns().size() != 1
                    || resolver.resolve(p.columns().iterator().next()).isVariantField()) {
                return combined; // a VARIANT field's leaves judge their rows as a whole
            }
            ResolvedColumn col = column(p.columns().iterator().next());
            return (source, slots, listener, world) -> {
                if (world != World.ALL) {
                    return combined.outcomes(source, slots, listener, world);
                }
                ChunkFacts facts;
                try {
                    facts = source.facts(col);
                } catch (RuntimeException e) {
                    return combined.outcomes(source, slots, listener, World.ALL);
                }
                int out = 0;
                for (World w : new World[] {World.NULL, World.NAN, World.VALUE}) {
                    if (facts.inhabited(w)) {
                        out |= combined.outcomes(source, slots, listener, w);
                    }
                }
                return out;
            };
        }
    }

    private static int[] outcomesOf(
            Node[] children,
            FactSource source,
            SlotValues slots,
            PruningListener listener,
            World world) {
        int[] out = new int[children.length];
        for (int i = 0; i < children.length; i++) {
            out[i] = children[i].outcomes(source, slots, listener, world);
        }
        return out;
    }

    /** Whether a value may equal {@code c}: the bounds allow it and the probe does not deny it. */
    private static boolean mayEqual(ChunkFacts f, Object c, @Nullable ValueProbe probe) {
        return f.mayEqual(c) && (probe == null || probe.mightContain(c));
    }

    /** {@code x <op> c}: UNKNOWN on nulls, FALSE on NaN except for {@code <>}. */
    static int compare(ChunkFacts f, CompareOp op, Object c, @Nullable ValueProbe probe) {
        boolean v = f.maybeValue();
        boolean nan = f.maybeNaN();
        boolean t;
        boolean fl;
        switch (op) {
            case EQ -> {
                t = mayEqual(f, c, probe);
                fl = nan || (v && !f.onlyValueIs(c));
            }
            case NE -> {
                t = nan || (v && !f.onlyValueIs(c));
                fl = mayEqual(f, c, probe);
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

    static int in(ChunkFacts f, Object[] values, @Nullable ValueProbe probe) {
        boolean t = false;
        boolean onlyInList = false;
        for (Object c : values) {
            t |= mayEqual(f, c, probe);
            onlyInList |= f.onlyValueIs(c);
        }
        boolean fl = f.maybeNaN() || (f.maybeValue() && !onlyInList);
        return Outcomes.of(t, fl, f.maybeNull());
    }

    /** {@code x LIKE 'prefix%'}: the strings in {@code [prefix, upper)}. */
    static int startsWith(ChunkFacts f, byte[] prefix, byte[] upper) {
        boolean v = f.maybeValue();
        boolean t = v && f.hiAbove(prefix, false) && (upper == null || f.loBelow(upper, true));
        boolean allHavePrefix =
                f.lo() != null
                        && f.hi() != null
                        && hasPrefix((byte[]) f.lo(), prefix)
                        && hasPrefix((byte[]) f.hi(), prefix);
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
