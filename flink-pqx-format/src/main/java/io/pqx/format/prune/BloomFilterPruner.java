package io.pqx.format.prune;

import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.BloomFilterView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.LogicalTypeView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.ResolvedColumn;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.FactSource.ValueProbe;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * Proves from column chunks' bloom filters that no row of a row group can make a predicate TRUE:
 * the bloom-filter pruner of an {@link AccessPlan}. Only "definitely absent" proves anything: a
 * value {@link BloomFilterView#mightContain} denies is not in the chunk.
 *
 * <p>How: the predicate is evaluated as {@link StatisticsPruner} evaluates it on the row group's
 * chunk statistics, with one more fact for the columns it tests with {@code =}, {@code <>} and
 * {@code IN} against literals: which values the chunk's bloom filter denies. So {@code x = 5} with
 * 5 denied cannot be TRUE, {@code x <> 5} cannot be FALSE, and NOT, AND and OR combine these under
 * the same three-valued logic.
 *
 * <p>Only exact value mappings are probed, where the value the filter hashed is known for sure from
 * the literal: INT32 columns without annotation, signed INTEGER or DATE, read as an integer type or
 * DATE (a literal outside the int range cannot occur at all); INT64 columns without annotation or
 * signed INTEGER; BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY strings and binaries (not DECIMAL, FLOAT16,
 * INTERVAL). Floats, decimals, unsigned integers, times and timestamps are not probed, nor are
 * runtime filters.
 *
 * <p>Filters are loaded lazily and only when useful: never for a row group already SKIP or
 * ALL_MATCH, for a column the predicate does not test with {@code =}/{@code <>}/{@code IN}, for a
 * column whose mapping is not exact, or for a chunk that declares no filter. A filter that cannot
 * be read proves nothing and is reported to the listener.
 *
 * <p>Immutable and thread-safe when its {@link BloomFilterSource} is.
 */
@PublicEvolving
public final class BloomFilterPruner implements RowGroupPruner {
    /** The name of this evidence in metrics. */
    public static final String EVIDENCE = "bloom-filter";

    private final Predicate predicate;
    private final CompiledPredicate compiled;
    private final BloomFilterSource source;

    private BloomFilterPruner(
            Predicate predicate, CompiledPredicate compiled, BloomFilterSource source) {
        this.predicate = predicate;
        this.compiled = compiled;
        this.source = source;
    }

    /**
     * A pruner of {@code predicate} over files of this schema, reading filters from {@code source}.
     */
    public static BloomFilterPruner create(
            Predicate predicate, List<FieldView> fileFields, BloomFilterSource source) {
        return create(predicate, fileFields, StatisticsPruner.DEFAULT_IN_LIST_CAP, source);
    }

    /**
     * As {@link #create(Predicate, List, BloomFilterSource)}, probing IN lists of at most {@code
     * inListCap} values.
     */
    public static BloomFilterPruner create(
            Predicate predicate,
            List<FieldView> fileFields,
            int inListCap,
            BloomFilterSource source) {
        StatisticsPruner statistics = StatisticsPruner.create(predicate, fileFields, inListCap);
        return new BloomFilterPruner(predicate, statistics.compiled(), source);
    }

    /**
     * A pruner of the predicate {@code statistics} was created for, sharing its binding to the
     * schema and its compiled evaluation (no second bind).
     */
    public static BloomFilterPruner create(StatisticsPruner statistics, BloomFilterSource source) {
        return new BloomFilterPruner(statistics.predicate(), statistics.compiled(), source);
    }

    public Predicate predicate() {
        return predicate;
    }

    @Override
    public String evidence() {
        return EVIDENCE;
    }

    @Override
    public RowGroupAccess prune(
            RowGroupView rowGroup,
            RowGroupAccess current,
            SlotValues slots,
            PruningListener listener) {
        long rows = rowGroup.numRows();
        if (rows == 0
                || current.kind() == RowGroupAccess.Kind.SKIP
                || current.kind() == RowGroupAccess.Kind.ALL_MATCH) {
            return RowGroupAccess.scan(rows);
        }
        boolean anyFilter = false;
        for (ResolvedColumn column : compiled.equalityColumns()) {
            anyFilter |= probeable(column) && chunk(column, rowGroup).hasBloomFilter();
        }
        if (!anyFilter) {
            return RowGroupAccess.scan(rows);
        }
        FactSource facts = new BloomFacts(rowGroup, listener);
        Verdict verdict;
        try {
            verdict = Outcomes.verdict(compiled.outcomes(facts, slots, listener));
        } catch (RuntimeException | StackOverflowError e) {
            listener.failed(EVIDENCE, rowGroup.ordinal(), e);
            verdict = Verdict.SOME_MAY_MATCH;
        }
        return RowGroupAccess.of(verdict, rows);
    }

    @Override
    public String toString() {
        return "BloomFilterPruner{" + predicate + "}";
    }

    private static ColumnChunkView chunk(ResolvedColumn column, RowGroupView rowGroup) {
        LeafColumnView leaf = column.leaf().orElseThrow();
        ColumnChunkView chunk = rowGroup.columns().get(leaf.leafIndex());
        if (!chunk.path().equals(leaf.dottedPath())) {
            throw new IllegalStateException(
                    "Cannot probe "
                            + column.ref()
                            + ": chunk "
                            + leaf.leafIndex()
                            + " of row group "
                            + rowGroup.ordinal()
                            + " holds "
                            + chunk.path()
                            + ", not "
                            + leaf.dottedPath());
        }
        return chunk;
    }

    /** Whether the value a filter of this column hashed is known exactly from a domain value. */
    static boolean probeable(ResolvedColumn column) {
        Optional<LeafColumnView> found = column.leaf();
        if (found.isEmpty()) {
            return false;
        }
        LeafColumnView leaf = found.get();
        String name = leaf.logicalType().map(LogicalTypeView::name).orElse("");
        boolean signed = !name.equals("INTEGER") || leaf.logicalType().get().signed();
        LogicalTypeRoot root = column.type().getTypeRoot();
        return switch (leaf.physicalType()) {
            case INT32 ->
                    (name.isEmpty() || (name.equals("INTEGER") && signed) || name.equals("DATE"))
                            && (root == LogicalTypeRoot.TINYINT
                                    || root == LogicalTypeRoot.SMALLINT
                                    || root == LogicalTypeRoot.INTEGER
                                    || root == LogicalTypeRoot.BIGINT
                                    || (root == LogicalTypeRoot.DATE && name.equals("DATE")));
            case INT64 ->
                    (name.isEmpty() || (name.equals("INTEGER") && signed))
                            && root == LogicalTypeRoot.BIGINT;
            case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY ->
                    !name.equals("DECIMAL")
                            && !name.equals("FLOAT16")
                            && !name.equals("INTERVAL")
                            && (root == LogicalTypeRoot.CHAR
                                    || root == LogicalTypeRoot.VARCHAR
                                    || root == LogicalTypeRoot.BINARY
                                    || root == LogicalTypeRoot.VARBINARY);
            default -> false;
        };
    }

    /** The probe of a filter for a column {@link #probeable} said yes to. */
    static ValueProbe probeOf(BloomFilterView filter, PhysicalType physical) {
        return switch (physical) {
            case INT32 ->
                    value -> {
                        long v = (Long) value;
                        // an INT32 column holds no value outside the int range
                        return v >= Integer.MIN_VALUE
                                && v <= Integer.MAX_VALUE
                                && filter.mightContain((int) v);
                    };
            case INT64 -> value -> filter.mightContain((long) (Long) value);
            default -> value -> filter.mightContain((byte[]) value);
        };
    }

    /** Chunk statistics, plus the bloom filters of the chunks, read when first asked. */
    private final class BloomFacts implements FactSource {
        private final RowGroupView rowGroup;
        private final PruningListener listener;
        private final Map<Integer, Optional<ValueProbe>> probes = new HashMap<>();

        BloomFacts(RowGroupView rowGroup, PruningListener listener) {
            this.rowGroup = rowGroup;
            this.listener = listener;
        }

        @Override
        public String evidence() {
            return EVIDENCE;
        }

        @Override
        public int rowGroup() {
            return rowGroup.ordinal();
        }

        @Override
        public ChunkFacts facts(ResolvedColumn column) {
            return StatisticsFacts.of(column, rowGroup);
        }

        @Override
        @Nullable
        public ValueProbe probe(ResolvedColumn column) {
            if (!probeable(column)) {
                return null;
            }
            LeafColumnView leaf = column.leaf().orElseThrow();
            Optional<ValueProbe> probe = probes.get(leaf.leafIndex());
            if (probe == null) {
                probe = load(column, leaf);
                probes.put(leaf.leafIndex(), probe);
            }
            return probe.orElse(null);
        }

        private Optional<ValueProbe> load(ResolvedColumn column, LeafColumnView leaf) {
            ColumnChunkView chunk = chunk(column, rowGroup);
            if (!chunk.hasBloomFilter() || chunk.physicalType() != leaf.physicalType()) {
                return Optional.empty();
            }
            try {
                return source.bloomFilter(rowGroup.ordinal(), leaf.leafIndex())
                        .map(filter -> probeOf(filter, leaf.physicalType()));
            } catch (IOException | RuntimeException e) {
                listener.failed(EVIDENCE, rowGroup.ordinal(), e);
                return Optional.empty();
            }
        }
    }
}
