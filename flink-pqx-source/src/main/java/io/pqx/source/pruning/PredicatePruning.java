package io.pqx.source.pruning;

import io.pqx.format.error.FileContext;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.predicate.And;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.format.prune.PruningListener;
import io.pqx.format.prune.RowGroupAccess;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.partition.PartitionValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * What the source's predicate proves about a file before it is read, each step a proof of absence.
 *
 * <p><b>Partitions.</b> The predicate's top-level conjuncts that name only partition columns are
 * evaluated on the file's typed partition values; unless all are TRUE the predicate cannot be TRUE
 * on any row of the file, so the file is never opened ({@link #keepsFile}).
 *
 * <p><b>Statistics.</b> Of the other conjuncts, those whose every column the file holds under the
 * requested name and type (no widening, not a partition column, not missing) go to the format's
 * {@link StatisticsPruner}, which proves row groups SKIP (dropping a conjunct from an AND only
 * weakens it, so a SKIP of the rest is a SKIP of the whole) or ALL_MATCH. ALL_MATCH is kept only
 * when no conjunct was left out (the partition conjuncts are TRUE on a kept file); otherwise it is
 * read as SCAN. When every conjunct names only partition columns, every row group of a kept file
 * matches fully. A failure (a literal the file's column cannot take, a pruner error) proves
 * nothing: the data is kept and {@code pqxPruningErrors} counts it.
 *
 * <p>Immutable apart from its counters; thread-safe.
 */
@Internal
public final class PredicatePruning {
    @Nullable private final Predicate predicate;
    private final RowType rowType;
    private final Set<String> partitionKeys;
    private final int inListCap;
    private final PruningMetrics metrics;
    private final List<Predicate> fileConjuncts = new ArrayList<>();
    @Nullable private final BoundPredicate partitionFilter;

    /** Whether a partition conjunct holds a dynamic slot. */
    private final boolean partitionSlots;

    private final RowType partitionType;

    /**
     * @param predicate over {@code rowType}'s column names, or null for none
     * @param partitionKeys the columns of {@code rowType} that come from {@code k=v} directories
     */
    public PredicatePruning(
            @Nullable Predicate predicate,
            RowType rowType,
            List<String> partitionKeys,
            int inListCap,
            PruningMetrics metrics) {
        this.predicate = predicate;
        this.rowType = rowType;
        this.partitionKeys = Set.copyOf(partitionKeys);
        this.inListCap = inListCap;
        this.metrics = metrics;
        List<RowType.RowField> partitionFields = new ArrayList<>();
        for (String key : partitionKeys) {
            partitionFields.add(rowType.getFields().get(rowType.getFieldIndex(key)));
        }
        this.partitionType = new RowType(partitionFields);
        List<Predicate> onPartitions = new ArrayList<>();
        if (predicate != null) {
            for (Predicate conjunct : conjuncts(predicate)) {
                if (!conjunct.columns().isEmpty() && onlyPartitions(conjunct)) {
                    onPartitions.add(conjunct);
                } else {
                    fileConjuncts.add(conjunct);
                }
            }
        }
        this.partitionSlots = onPartitions.stream().anyMatch(Predicate::hasSlot);
        this.partitionFilter =
                onPartitions.isEmpty()
                        ? null
                        : BoundPredicate.bind(
                                Predicates.and(onPartitions), ColumnResolver.of(partitionType));
    }

    private static List<Predicate> conjuncts(Predicate p) {
        return p instanceof And and ? and.children() : List.of(p);
    }

    private boolean onlyPartitions(Predicate conjunct) {
        for (ColumnRef ref : conjunct.columns()) {
            if (ref.path().size() != 1 || !partitionKeys.contains(ref.path().get(0))) {
                return false;
            }
        }
        return true;
    }

    /** Whether the file's partition values may let a row match; false: the file is not read. */
    public boolean keepsFile(DiscoveredFile file) {
        return keepsFile(file, SlotValues.none());
    }

    /**
     * As {@link #keepsFile(DiscoveredFile)}, with the runtime filters known now ({@code slots}): a
     * partition conjunct holding a dynamic slot is evaluated with them.
     */
    public boolean keepsFile(DiscoveredFile file, SlotValues slots) {
        Boolean keeps = partitionsMayMatch(file.path(), file.partitions(), slots);
        if (keeps == null) {
            metrics.pruningErrors.inc(); // the reader fails on the same value, naming it
            return true;
        }
        if (!keeps) {
            metrics.filesPrunedByPartition.inc();
        }
        return keeps;
    }

    /**
     * Whether partition values may let a row match under {@code slots}, counting nothing: false
     * proves no row of the file matches; null when a value does not parse (proves nothing).
     */
    @Nullable
    public Boolean partitionsMayMatch(
            String path, Map<String, String> partitions, SlotValues slots) {
        if (partitionFilter == null) {
            return true;
        }
        GenericRowData values = new GenericRowData(partitionType.getFieldCount());
        try {
            for (int i = 0; i < partitionType.getFieldCount(); i++) {
                String name = partitionType.getFieldNames().get(i);
                String text = partitions.get(name);
                values.setField(
                        i,
                        text == null
                                ? null
                                : PartitionValues.parse(
                                        text,
                                        partitionType.getTypeAt(i),
                                        FileContext.of(path).column(name)));
            }
            return partitionFilter.test(values, slots);
        } catch (Exception e) {
            return null;
        }
    }

    /** Per row group of a kept file: SKIP, SCAN or ALL_MATCH, from its footer statistics. */
    public AccessPlan plan(FileMetadataView footer, List<FieldView> fileFields) {
        return plan(footer, fileFields, SlotValues.none());
    }

    /**
     * As {@link #plan(FileMetadataView, List)}, with the runtime filters known now: a row group
     * that only the runtime filters prune counts as {@code pqxRowGroupsPrunedByRuntimeFilter}.
     */
    public AccessPlan plan(FileMetadataView footer, List<FieldView> fileFields, SlotValues slots) {
        AccessPlan plan = access(footer, fileFields, slots, true);
        AccessPlan without = plan;
        if (predicate != null && predicate.hasSlot() && !slots.equals(SlotValues.none())) {
            without = access(footer, fileFields, SlotValues.none(), false);
        }
        int skipped = 0;
        for (int g = 0; g < plan.size(); g++) {
            RowGroupAccess access = plan.access(g);
            if (access.kind() == RowGroupAccess.Kind.ALL_MATCH) {
                metrics.rowGroupsFullyMatched.inc();
            } else if (access.isSkip() && access.rows() > 0) {
                if (without.access(g).isSkip()) {
                    metrics.rowGroupsPrunedByStatistics.inc();
                } else {
                    metrics.rowGroupsPrunedByRuntimeFilter.inc();
                }
            }
            skipped += access.isSkip() ? 1 : 0;
        }
        if (plan.size() > 0 && skipped == plan.size()) {
            metrics.filesPrunedByStatistics.inc();
        }
        return plan;
    }

    /**
     * What footer statistics prove under {@code slots}, counting nothing but failures: the
     * enumerator re-evaluates its pending splits with it when a runtime filter arrives.
     */
    public AccessPlan replan(
            FileMetadataView footer, List<FieldView> fileFields, SlotValues slots) {
        return access(footer, fileFields, slots, true);
    }

    private AccessPlan access(
            FileMetadataView footer,
            List<FieldView> fileFields,
            SlotValues slots,
            boolean countFailures) {
        AccessPlan all = AccessPlan.scanAll(footer.rowGroups());
        if (predicate == null) {
            return all;
        }
        FileConjuncts conjuncts = fileConjuncts(fileFields);
        List<Predicate> checkable = conjuncts.checkable();
        boolean leftOut = conjuncts.leftOut();
        AccessPlan plan;
        if (checkable.isEmpty()) {
            if (leftOut) {
                return all;
            }
            plan = all;
            for (int g = 0; g < footer.rowGroups().size(); g++) {
                plan = plan.narrow(g, RowGroupAccess.allMatch(footer.rowGroups().get(g).numRows()));
            }
        } else {
            StatisticsPruner pruner;
            try {
                pruner = StatisticsPruner.create(Predicates.and(checkable), fileFields, inListCap);
            } catch (RuntimeException e) {
                if (countFailures) {
                    metrics.pruningErrors.inc();
                }
                return all;
            }
            plan =
                    all.apply(
                            pruner,
                            footer.rowGroups(),
                            slots,
                            new PruningListener() {
                                @Override
                                public void failed(String evidence, int rowGroup, Throwable error) {
                                    if (countFailures) {
                                        metrics.pruningErrors.inc();
                                    }
                                }
                            });
        }
        if (leftOut) {
            // a conjunct the statistics could not see may still be FALSE: ALL_MATCH is only SCAN
            List<RowGroupAccess> accesses = new ArrayList<>(plan.accesses());
            for (int g = 0; g < accesses.size(); g++) {
                if (accesses.get(g).kind() == RowGroupAccess.Kind.ALL_MATCH) {
                    accesses.set(g, RowGroupAccess.scan(accesses.get(g).rows()));
                }
            }
            plan = rebuild(footer, accesses);
        }
        return plan;
    }

    /**
     * The conjuncts of the predicate that a file's own evidence (statistics, bloom filters, page
     * indexes) can be asked about: those whose every column the file holds under the requested name
     * and type; {@code leftOut} when some conjunct is not among them (then nothing proven from them
     * is ALL_MATCH).
     */
    public record FileConjuncts(List<Predicate> checkable, boolean leftOut) {
        public FileConjuncts {
            checkable = List.copyOf(checkable);
        }
    }

    /** The {@link FileConjuncts} of a file of these fields. */
    public FileConjuncts fileConjuncts(List<FieldView> fileFields) {
        List<Predicate> checkable = new ArrayList<>();
        // a dynamic slot on partition columns may drop rows the statistics cannot see: no ALL_MATCH
        boolean leftOut = partitionSlots;
        for (Predicate conjunct : fileConjuncts) {
            if (!conjunct.columns().isEmpty() && inFile(conjunct, fileFields)) {
                checkable.add(conjunct);
            } else {
                leftOut = true;
            }
        }
        return new FileConjuncts(checkable, leftOut);
    }

    private static AccessPlan rebuild(FileMetadataView footer, List<RowGroupAccess> accesses) {
        AccessPlan plan = AccessPlan.scanAll(footer.rowGroups());
        for (int g = 0; g < accesses.size(); g++) {
            plan = plan.narrow(g, accesses.get(g));
        }
        return plan;
    }

    /**
     * Whether the file holds every column of {@code conjunct} by exact name with the requested
     * type.
     */
    private boolean inFile(Predicate conjunct, List<FieldView> fileFields) {
        for (ColumnRef ref : conjunct.columns()) {
            String top = ref.path().get(0);
            int index = rowType.getFieldIndex(top);
            if (index < 0 || partitionKeys.contains(top)) {
                return false;
            }
            FieldView field = null;
            for (FieldView f : fileFields) {
                if (f.name().equals(top)) {
                    field = f;
                    break;
                }
            }
            if (field == null || !sameType(field.flinkType(), rowType.getTypeAt(index))) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameType(LogicalType stored, LogicalType requested) {
        return stored.copy(true).equals(requested.copy(true));
    }
}
