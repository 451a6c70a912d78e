package io.pqx.source.enumerator;

import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.DynamicSlot;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.source.assigner.PendingSplits;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.discovery.FileDiscovery;
import io.pqx.source.discovery.PartitionDirectory;
import io.pqx.source.planning.FooterPlanning;
import io.pqx.source.planning.PlannedFile;
import io.pqx.source.planning.SplitPlanner;
import io.pqx.source.pruning.FooterCache;
import io.pqx.source.pruning.PredicatePruning;
import io.pqx.source.pruning.PruningMetrics;
import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SupportsHandleExecutionAttemptSourceEvent;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.connector.source.DynamicFilteringEvent;
import org.apache.flink.util.FlinkRuntimeException;
import org.apache.flink.util.concurrent.ExecutorThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The source's split enumerator, bounded or continuous.
 *
 * <p><b>Threads.</b> Listing and footer reading run inside {@link SplitEnumeratorContext#callAsync}
 * (the coordinator's worker thread), footers in parallel on this enumerator's own pool of {@code
 * footerThreads}; the coordinator thread only merges results, assigns splits and snapshots. A
 * discovery result is merged atomically (all splits of a new file are pending, and the file is
 * seen, in one step), so a checkpoint never holds a file as seen without its splits.
 *
 * <p><b>Bounded.</b> Lists once; once that listing is planned and nothing is pending, each reader
 * asking for a split is told there are no more. <b>Continuous.</b> Lists every interval; which
 * files are new is decided by {@link SeenFiles}, whose size is bounded by the horizon. A listing is
 * judged as a whole against the seen files as they stood before it (so the first listing of a job
 * without state plans every file it finds), and recorded only then. A late file, one that first
 * appears more than a horizon older than a file planned before it, is never skipped silently: it is
 * counted ({@code pqxFilesSkippedAsLate}) and logged with its modification time and the threshold
 * it missed, or fails the job without restart ({@code source.discovery.late-files}).
 *
 * <p><b>Predicate.</b> Files whose partition values cannot match are given no split and their
 * footers are not read; row groups their statistics prune are in no split ({@link
 * PredicatePruning}); counters in the enumerator's metric group ({@link PruningMetrics}).
 *
 * <p><b>Runtime filters.</b> A {@link RuntimeFilterEvent} (from {@code RuntimeFilters.publish},
 * through the source coordinator) for a dynamic slot of the predicate is applied once: an event
 * equal to the one held for its slot is ignored. The filters are kept in the checkpointed state,
 * forwarded to the registered readers only (a reader not yet registered gets them in {@link
 * #addReader}, so do readers registering after a restore), and used to plan files discovered later.
 * Pending splits are re-evaluated on the worker thread against their footers (cached, or read) and
 * the new filters; a split all of whose row groups the statistics now prove empty is dropped
 * ({@code pqxSplitsPrunedByRuntimeFilter}, {@code pqxRowGroupsPrunedByRuntimeFilter}). Dropped
 * splits stay dropped: a publisher must publish a filter that covers every key that can still match
 * (it publishes when its input has ended).
 *
 * <p><b>Dynamic filtering.</b> Flink's {@link DynamicFilteringEvent} (batch DPP, delivered as
 * {@code handleSourceEvent(0, event)}) for the source's dynamic-filtering fields becomes one
 * runtime filter per field ({@link DynamicFilteringSlots}), applied as above. Splits are not held
 * back waiting for it (Flink schedules the fact side after the data is collected, so it normally
 * arrives first): a split handed out before it is read, and its rows filtered once the readers have
 * the filter; the result is the same.
 *
 * <p><b>Re-evaluation.</b> While pending splits are re-evaluated against new filters, no pending
 * split is handed out (the worker thread's answer always comes, so readers only wait for it); a
 * listing planned with older filters than the ones now held is re-evaluated when it is merged.
 *
 * <p>A listing or footer error fails the job, naming the file: a file is never silently skipped.
 */
@Internal
public final class PqxSplitEnumerator
        implements SplitEnumerator<RowGroupSplit, PqxEnumeratorState>,
                SupportsHandleExecutionAttemptSourceEvent {
    private static final Logger LOG = LoggerFactory.getLogger(PqxSplitEnumerator.class);

    private final SplitEnumeratorContext<RowGroupSplit> context;
    private final EnumeratorSettings settings;
    private final FileDiscovery discovery;
    private final SeenFiles seen;
    private final PendingSplits pending = new PendingSplits();
    private final Set<Integer> awaitingReaders = new LinkedHashSet<>();
    private final ExecutorService footerPool;
    private final FooterPlanning planning;
    private boolean initialDiscoveryDone;

    /** The seen files as of the last merge, read by the discovery thread. */
    private volatile SeenFiles.View seenView;

    private final PruningMetrics pruningMetrics;
    private final DiscoveryMetrics discoveryMetrics;
    private final LateFileReport lateFiles;
    private final PredicatePruning pruning;

    /** The dynamic slots of the predicate, by name. */
    private final Map<String, DynamicSlot> declaredSlots = new LinkedHashMap<>();

    /** The runtime filters received, the latest per slot, in order of arrival. */
    private final Map<String, RuntimeFilterEvent> filters = new LinkedHashMap<>();

    /** The filters as the predicates evaluate them; read by the discovery thread. */
    private volatile SlotValues slots = SlotValues.none();

    /** Re-evaluations of pending splits under way: no pending split is assigned meanwhile. */
    private int reevaluations;

    public PqxSplitEnumerator(
            SplitEnumeratorContext<RowGroupSplit> context,
            EnumeratorSettings settings,
            @Nullable PqxEnumeratorState restored) {
        this.context = context;
        this.settings = settings;
        List<Path> roots = new ArrayList<>();
        for (String p : settings.paths()) {
            roots.add(new Path(p));
        }
        this.discovery = new FileDiscovery(roots, settings.files().defaultPartitionName());
        this.seen = new SeenFiles(settings.discovery().horizonMillis());
        if (restored != null) {
            seen.restore(restored.watermark(), restored.seenThreshold(), restored.seenFiles());
            pending.addAll(restored.pendingSplits());
            initialDiscoveryDone = restored.initialDiscoveryDone();
        }
        if (settings.filtering().predicate() != null) {
            collectSlots(settings.filtering().predicate(), declaredSlots);
        }
        if (restored != null) {
            for (RuntimeFilterEvent filter : restored.runtimeFilters()) {
                filters.put(filter.slot(), filter);
            }
            this.slots = slotValues(filters);
        }
        this.seenView = seen.view();
        this.footerPool =
                Executors.newFixedThreadPool(
                        settings.planning().footerThreads(),
                        new ExecutorThreadFactory("pqx-source-footers"));
        this.pruningMetrics = PruningMetrics.register(context.metricGroup());
        this.discoveryMetrics = DiscoveryMetrics.register(context.metricGroup(), seen);
        this.lateFiles = new LateFileReport(settings, discoveryMetrics);
        this.pruning =
                new PredicatePruning(
                        settings.filtering().predicate(),
                        settings.filtering().rowType(),
                        settings.files().partitionKeys(),
                        settings.filtering().inListCap(),
                        pruningMetrics);
        this.planning =
                new FooterPlanning(
                        footerPool,
                        new FooterCache<>(settings.planning().footerCacheSize()),
                        new SplitPlanner(settings.planning().splitTargetBytes()),
                        ReadOptions.defaults(),
                        pruning);
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

    @Override
    public void start() {
        if (settings.continuous()) {
            context.callAsync(
                    this::discover, this::merge, 0, settings.discovery().monitorIntervalMillis());
        } else if (!initialDiscoveryDone) {
            context.callAsync(this::discover, this::merge);
        }
    }

    /** Worker thread: lists, keeps the files that look new, plans them. */
    private Discovered discover() throws IOException, InterruptedException {
        SeenFiles.View view = seenView;
        SlotValues used = slots;
        List<DiscoveredFile> listing = new ArrayList<>();
        List<DiscoveredFile> fresh = new ArrayList<>();
        Set<String> listed = new HashSet<>();
        for (DiscoveredFile file : discovery.list()) {
            if (settings.files().partitions() != null
                    && !settings.files()
                            .partitions()
                            .contains(
                                    PartitionDirectory.spec(
                                            file.partitions(), settings.files().partitionKeys()))) {
                continue;
            }
            if (!listed.add(file.path())) {
                continue; // under two source paths: one file, read once
            }
            listing.add(file);
            if (!settings.continuous() || view.isNew(file.path(), file.modificationTime())) {
                fresh.add(file);
            }
        }
        return new Discovered(listing, planning.plan(fresh, used), used);
    }

    /** What one discovery listed and planned, and the runtime filters it planned with. */
    private record Discovered(
            List<DiscoveredFile> listing, List<PlannedFile> files, SlotValues slots) {}

    /**
     * Coordinator thread: judges the listing as a whole against the seen files as they are now
     * (another merge may have come between its listing and this one), adds the splits of its fresh
     * files, reports its late ones, and only then records it.
     */
    private void merge(@Nullable Discovered discovered, @Nullable Throwable error) {
        if (error != null) {
            throw new FlinkRuntimeException(
                    "Cannot discover the files of pqx source "
                            + settings.paths()
                            + ": "
                            + error.getMessage(),
                    error);
        }
        List<PlannedFile> toAdd;
        SeenFiles.ListingVerdict verdict = null;
        if (settings.continuous()) {
            verdict = seen.judge(discovered.listing());
            lateFiles.report(verdict);
            Map<String, PlannedFile> planned = new LinkedHashMap<>();
            for (PlannedFile file : discovered.files()) {
                planned.put(file.file().path(), file);
            }
            toAdd = new ArrayList<>(verdict.fresh().size());
            for (DiscoveredFile f : verdict.fresh()) {
                PlannedFile file = planned.get(f.path());
                if (file == null) {
                    // cannot happen: a view is never newer than the state a listing is judged by
                    throw new IllegalStateException(
                            "pqx source "
                                    + settings.paths()
                                    + ": file "
                                    + f.path()
                                    + " is new but was not planned by its listing");
                }
                toAdd.add(file);
            }
        } else {
            toAdd = discovered.files();
        }
        int files = 0;
        int splits = 0;
        List<RowGroupSplit> added = new ArrayList<>();
        for (PlannedFile file : toAdd) {
            pending.addAll(file.splits());
            added.addAll(file.splits());
            files++;
            splits += file.splits().size();
            if (!file.splits().isEmpty()) {
                long groups = 0;
                for (RowGroupSplit split : file.splits()) {
                    groups += split.lastRowGroup() - split.firstRowGroup() + 1;
                }
                pruningMetrics.countPlanned(groups);
            }
        }
        if (verdict != null) {
            seen.record(verdict);
        }
        initialDiscoveryDone = true;
        seenView = seen.view();
        if (files > 0) {
            LOG.info(
                    "pqx source {}: planned {} new files into {} splits; {} pending, {} seen files"
                            + " remembered",
                    settings.paths(),
                    files,
                    splits,
                    pending.size(),
                    seen.size());
        }
        if (!added.isEmpty() && !discovered.slots().equals(slots)) {
            // a filter arrived while these files were planned: the re-evaluation it started did
            // not see them
            reevaluate(added);
        }
        assignPending();
    }

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {
        awaitingReaders.add(subtaskId);
        assignPending();
    }

    private void assignPending() {
        if (reevaluations > 0) {
            return; // dropPending assigns once the pending splits are decided
        }
        Iterator<Integer> readers = awaitingReaders.iterator();
        while (readers.hasNext()) {
            int subtask = readers.next();
            if (!context.registeredReaders().containsKey(subtask)) {
                readers.remove();
                continue;
            }
            var split = pending.next();
            if (split.isPresent()) {
                LOG.debug(
                        "pqx source {}: assigning {} to subtask {}",
                        settings.paths(),
                        split.get(),
                        subtask);
                context.assignSplit(split.get(), subtask);
                readers.remove();
            } else if (!settings.continuous() && initialDiscoveryDone) {
                context.signalNoMoreSplits(subtask);
                readers.remove();
            } else {
                return;
            }
        }
    }

    @Override
    public void addSplitsBack(List<RowGroupSplit> splits, int subtaskId) {
        LOG.debug(
                "pqx source {}: splits given back by subtask {}: {}",
                settings.paths(),
                subtaskId,
                splits);
        pending.addBack(splits);
        assignPending();
    }

    @Override
    public void addReader(int subtaskId) {
        // readers ask for splits themselves; a reader registering (again, or after a restore)
        // gets the filters known, before its first split reaches it
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

    @Override
    public void handleSourceEvent(int subtaskId, int attemptNumber, SourceEvent event) {
        handleSourceEvent(subtaskId, event); // the events are about the data, not the attempt
    }

    @Override
    public void handleSourceEvent(int subtaskId, SourceEvent event) {
        if (event instanceof DynamicFilteringEvent dpp) {
            if (settings.filtering().dynamicFilteringFields().isEmpty()) {
                LOG.warn(
                        "pqx source {}: ignoring dynamic filtering data {}: the source was built"
                                + " without dynamic-filtering fields",
                        settings.paths(),
                        dpp);
                return;
            }
            LOG.info(
                    "pqx source {}: dynamic filtering data arrived for {}: {}",
                    settings.paths(),
                    settings.filtering().dynamicFilteringFields(),
                    dpp.getData());
            apply(
                    DynamicFilteringSlots.filters(
                            dpp.getData(),
                            settings.filtering().dynamicFilteringFields(),
                            settings.filtering().rowType(),
                            settings.filtering().dynamicFilteringFpp(),
                            settings.paths()));
            return;
        }
        if (!(event instanceof RuntimeFilterEvent filter)) {
            LOG.warn(
                    "pqx source {}: ignoring an unknown source event {} from subtask {}",
                    settings.paths(),
                    event,
                    subtaskId);
            return;
        }
        apply(List.of(filter));
    }

    /**
     * Applies the filters that are for a slot of the predicate and new: held, forwarded to the
     * registered readers, and the pending splits re-evaluated with them.
     */
    private void apply(List<RuntimeFilterEvent> received) {
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

    /** Re-evaluates {@code candidates} against the filters now held, on the worker thread. */
    private void reevaluate(List<RowGroupSplit> candidates) {
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
            assignPending();
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
        assignPending(); // a bounded source may now be out of splits
    }

    @Override
    public PqxEnumeratorState snapshotState(long checkpointId) {
        return new PqxEnumeratorState(
                seen.watermark(),
                seen.snapshot(),
                pending.snapshot(),
                initialDiscoveryDone,
                List.copyOf(filters.values()),
                seen.threshold());
    }

    /** The discovery counters (also in the enumerator's metric group); for tests. */
    DiscoveryMetrics discoveryMetrics() {
        return discoveryMetrics;
    }

    /** The pruning counters (also in the enumerator's metric group); for tests. */
    PruningMetrics pruningMetrics() {
        return pruningMetrics;
    }

    @Override
    public void close() throws IOException {
        footerPool.shutdownNow();
    }
}
