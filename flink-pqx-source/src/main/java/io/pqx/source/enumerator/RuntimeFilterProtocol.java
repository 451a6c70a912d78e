package io.pqx.source.enumerator;

import io.pqx.format.predicate.DynamicSlot;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.source.assigner.PendingSplits;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.planning.FooterPlanning;
import io.pqx.source.pruning.PredicatePruning;
import io.pqx.source.pruning.PruningMetrics;
import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The enumerator's side of the runtime-filter protocol. A {@link RuntimeFilterEvent} for a dynamic
 * slot of the predicate is applied once (an event equal to the one held for its slot is ignored):
 * held (the latest per slot, in order of arrival, checkpointed), forwarded to the registered
 * readers (a reader registering later, or again after a restore, gets every filter held in {@link
 * #sendHeldFilters}), and the pending splits re-evaluated with it on the worker thread against
 * their footers (cached, or read): a split all of whose row groups the statistics now prove empty
 * is dropped ({@code pqxSplitsPrunedByRuntimeFilter}, {@code pqxRowGroupsPrunedByRuntimeFilter}).
 *
 * <p>While a re-evaluation is under way ({@link #reevaluating()}) the enumerator hands out no
 * pending split; when it ends, {@code afterReevaluation} runs so the enumerator can assign again. A
 * re-evaluation that fails proves nothing: the splits stay, the readers still filter row by row.
 * Used on the coordinator thread, except {@link #slots()}, which the discovery thread reads.
 */
@Internal
final class RuntimeFilterProtocol {
    private static final Logger LOG = LoggerFactory.getLogger(PqxSplitEnumerator.class);

    private final SplitEnumeratorContext<RowGroupSplit> context;
    private final EnumeratorSettings settings;
    private final PendingSplits pending;
    private final FooterPlanning planning;
    private final PredicatePruning pruning;
    private final PruningMetrics pruningMetrics;
    private final Runnable afterReevaluation;

    /** The dynamic slots of the predicate, by name. */
    private final Map<String, DynamicSlot> declaredSlots = new LinkedHashMap<>();

    /** The runtime filters received, the latest per slot, in order of arrival. */
    private final Map<String, RuntimeFilterEvent> filters = new LinkedHashMap<>();

    /** The filters as the predicates evaluate them; read by the discovery thread. */
    private volatile SlotValues slots = SlotValues.none();

    /** Re-evaluations of pending splits under way. */
    private int reevaluations;

    /**
     * @param restored the filters of a restored state, in order of arrival (held, not applied
     *     again)
     * @param afterReevaluation run on the coordinator thread when a re-evaluation has ended
     */
    RuntimeFilterProtocol(
            SplitEnumeratorContext<RowGroupSplit> context,
            EnumeratorSettings settings,
            PendingSplits pending,
            FooterPlanning planning,
            PredicatePruning pruning,
            PruningMetrics pruningMetrics,
            List<RuntimeFilterEvent> restored,
            Runnable afterReevaluation) {
        this.context = context;
        this.settings = settings;
        this.pending = pending;
        this.planning = planning;
        this.pruning = pruning;
        this.pruningMetrics = pruningMetrics;
        this.afterReevaluation = afterReevaluation;
        if (settings.filtering().predicate() != null) {
            collectSlots(settings.filtering().predicate(), declaredSlots);
        }
        for (RuntimeFilterEvent filter : restored) {
            filters.put(filter.slot(), filter);
        }
        this.slots = slotValues(filters);
    }

    private static void collectSlots(Predicate p, Map<String, DynamicSlot> out) {
        if (p instanceof DynamicSlot slot) {
            out.putIfAbsent(slot.name(), slot);
        }
        for (Predicate child : p.children()) {
            collectSlots(child, out);
        }
    }

    private static SlotValues slotValues(Map<String, RuntimeFilterEvent> filters) {
        SlotValues values = SlotValues.none();
        for (RuntimeFilterEvent filter : filters.values()) {
            values = values.with(filter.slot(), filter.filter());
        }
        return values;
    }

    /** The filters held, as the predicates evaluate them; any thread. */
    SlotValues slots() {
        return slots;
    }

    /** The filters held, the latest per slot, in order of arrival; what a checkpoint keeps. */
    List<RuntimeFilterEvent> held() {
        return List.copyOf(filters.values());
    }

    /** Whether pending splits are being re-evaluated: none may be handed out meanwhile. */
    boolean reevaluating() {
        return reevaluations > 0;
    }

    /** Sends every filter held to a reader that registers (again, or after a restore). */
    void sendHeldFilters(int subtaskId) {
        for (RuntimeFilterEvent filter : filters.values()) {
            send(subtaskId, filter);
        }
    }

    /**
     * Sends {@code filter} to a registered reader. A reader that fails meanwhile (its send is
     * refused) gets it again when it registers again; until then it keeps more rows, never fewer.
     */
    private void send(int subtaskId, RuntimeFilterEvent filter) {
        try {
            context.sendEventToSourceReader(subtaskId, filter);
        } catch (RuntimeException e) {
            LOG.warn(
                    "pqx source {}: cannot send {} to reader {} now; it gets it when it registers"
                            + " again",
                    settings.paths(),
                    filter,
                    subtaskId,
                    e);
        }
    }

    /**
     * Applies the filters that are for a slot of the predicate and new: held, forwarded to the
     * registered readers, and the pending splits re-evaluated with them.
     */
    void apply(List<RuntimeFilterEvent> received) {
        boolean changed = false;
        for (RuntimeFilterEvent filter : received) {
            DynamicSlot slot = declaredSlots.get(filter.slot());
            if (slot == null || !slot.column().equals(filter.column())) {
                LOG.warn(
                        "pqx source {}: ignoring {}: the predicate {} has no dynamic slot {} on"
                                + " column {}",
                        settings.paths(),
                        filter,
                        settings.filtering().predicate(),
                        filter.slot(),
                        filter.column());
                continue;
            }
            if (filter.equals(filters.get(filter.slot()))) {
                continue; // a re-delivery (after a failover): already applied
            }
            filters.remove(filter.slot());
            filters.put(filter.slot(), filter);
            changed = true;
            pruningMetrics.countRuntimeFilterApplied();
            LOG.info(
                    "pqx source {}: runtime filter {} arrived; {} splits pending",
                    settings.paths(),
                    filter,
                    pending.size());
            for (int reader : List.copyOf(context.registeredReaders().keySet())) {
                send(reader, filter);
            }
        }
        if (!changed) {
            return;
        }
        slots = slotValues(filters);
        if (!pending.isEmpty()) {
            reevaluate(pending.snapshot());
        }
    }

    /**
     * Re-evaluates {@code candidates} against the filters now held, on the worker thread; the
     * enumerator calls it for splits planned with older filters than these.
     */
    void reevaluate(List<RowGroupSplit> candidates) {
        SlotValues now = slots;
        reevaluations++;
        context.callAsync(() -> provenEmpty(candidates, now), this::dropPending);
    }

    /**
     * Worker thread: the ids of the splits none of whose row groups can match under {@code now}.
     */
    private Set<String> provenEmpty(List<RowGroupSplit> candidates, SlotValues now)
            throws IOException {
        Set<String> empty = new HashSet<>();
        for (RowGroupSplit split : candidates) {
            Boolean partitions = pruning.partitionsMayMatch(split.path(), split.partitions(), now);
            if (partitions != null && !partitions) {
                empty.add(split.splitId());
                continue;
            }
            FooterPlanning.FileFacts footer =
                    planning.footer(
                            new DiscoveredFile(
                                    split.path(),
                                    split.fileLength(),
                                    split.modificationTime(),
                                    split.partitions()));
            AccessPlan plan = pruning.replan(footer.metadata(), footer.fields(), now);
            boolean allSkip = true;
            for (int g = split.firstRowGroup(); g <= split.lastRowGroup() && allSkip; g++) {
                allSkip = g < plan.size() && plan.access(g).isSkip();
            }
            if (allSkip) {
                empty.add(split.splitId());
            }
        }
        return empty;
    }

    /** Coordinator thread: drops the splits proven empty that are still pending. */
    private void dropPending(@Nullable Set<String> empty, @Nullable Throwable error) {
        reevaluations--;
        if (error != null) {
            // proves nothing: the splits stay, the readers still apply the filter row by row
            pruningMetrics.countPruningError();
            LOG.warn(
                    "pqx source {}: cannot re-evaluate the pending splits against a runtime"
                            + " filter; they are kept",
                    settings.paths(),
                    error);
            afterReevaluation.run();
            return;
        }
        List<RowGroupSplit> dropped = pending.remove(empty);
        LOG.debug("pqx source {}: pruned by a runtime filter: {}", settings.paths(), dropped);
        long rowGroups = 0;
        for (RowGroupSplit split : dropped) {
            rowGroups += split.lastRowGroup() - split.firstRowGroup() + 1;
        }
        pruningMetrics.countPrunedByRuntimeFilter(dropped.size(), rowGroups);
        if (!dropped.isEmpty()) {
            LOG.info(
                    "pqx source {}: a runtime filter pruned {} pending splits ({} row groups); {}"
                            + " pending",
                    settings.paths(),
                    dropped.size(),
                    rowGroups,
                    pending.size());
        }
        afterReevaluation.run(); // a bounded source may now be out of splits
    }
}
