package io.pqx.source.enumerator;

import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.SlotValues;
import io.pqx.source.assigner.PendingSplits;
import io.pqx.source.crypto.Decryptions;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.planning.FooterPlanning;
import io.pqx.source.planning.FooterTailBudget;
import io.pqx.source.planning.SplitPlanner;
import io.pqx.source.pruning.FooterCache;
import io.pqx.source.pruning.PredicatePruning;
import io.pqx.source.pruning.PruningMetrics;
import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
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
 * footerThreads} and the worker thread itself (it reads the last footer of each planning step, so a
 * job over one file hands its footer read to no other thread); the coordinator thread only merges
 * results, assigns splits and snapshots. A discovery result is merged atomically (each new file is
 * pending as splits or queued as unplanned, and the listing seen, in one step), so a checkpoint
 * never holds a file as seen without its splits or its place in the planning queue.
 *
 * <p><b>Incremental planning.</b> A listing's new files are planned in batches of {@code
 * batchFiles} (the first batch with the listing, the others one at a time on the worker thread), so
 * at most one batch of footers is being read and held at once. The splits of a batch are pending,
 * and handed to the readers waiting, as soon as the batch is planned. Planning pauses while {@code
 * maxPendingSplits} splits are pending, and resumes as readers take them. The files not planned yet
 * are in the checkpointed state ({@link PqxEnumeratorState#unplannedFiles()}); a file whose splits
 * are all handed out is in the state no more.
 *
 * <p><b>Bounded.</b> Lists once; once every file of that listing is planned and nothing is pending,
 * each reader asking for a split is told there are no more (never while files wait to be planned).
 * <b>Continuous.</b> Lists every interval; which files are new is decided by {@link SeenFiles},
 * whose size is bounded by the horizon. A listing is judged as a whole against the seen files as
 * they stood before it (so the first listing of a job without state plans every file it finds), and
 * recorded only then. A late file, one that first appears more than a horizon older than a file
 * planned before it, is never skipped silently: it is counted ({@code pqxFilesSkippedAsLate}) and
 * logged with its modification time and the threshold it missed, or fails the job without restart
 * ({@code source.discovery.late-files}).
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
 * <p><b>Footer tails.</b> For a file on a distributed file system, planning keeps the tail bytes
 * its footer read fetched ({@link FooterPlanning}), within a byte budget ({@link FooterTailBudget},
 * {@code source.footer.tail.held-size}), on the file's first split; the split carries them to its
 * reader, which opens the file with no footer request. Once the split is sent (Flink serializes it
 * as it is assigned) the tail is taken off it, so neither this enumerator nor Flink's record of the
 * splits assigned since the last checkpoint keeps it; the enumerator's checkpoint never holds one
 * (its serializer writes pending splits without), nor does a split given back.
 *
 * <p><b>Event-time order.</b> With a watermark column ({@link
 * EnumeratorSettings#watermarkColumn()}) each split carries the least event time of each of its row
 * groups by the footer statistics, and pending splits are handed out in ascending order of the
 * least event time still to come ({@link PendingSplits#inEventTimeOrder}), splits given back and
 * restored taking their place in it; a split without event times goes first and is counted ({@code
 * pqxSplitsWithoutEventTimes}). A global order needs every footer: a bounded source hands out no
 * split before every file of its listing is planned (so the time to the first split grows with the
 * listing), and plans the whole listing whatever {@code maxPendingSplits} says (the order wins over
 * the bound; the planning batch still bounds the footers held at once). A continuous source adds
 * each planned batch to the pending splits at its place in the order and keeps the bound (it wins
 * over the order there: a file planned later may have earlier event times than splits handed out
 * before, which its reader reads as a late split).
 *
 * <p>A listing or footer error fails the job, naming the file: a file is never silently skipped.
 *
 * <p><b>Roles.</b> This class keeps the {@link SplitEnumerator} lifecycle, the routing of events
 * and the assignment of pending splits; it delegates, as Flink's own enumerators do, discovery
 * merging to {@link DiscoveryMerging}, the runtime-filter protocol to {@link RuntimeFilterProtocol}
 * and dynamic partition pruning to {@link DynamicPartitionPruning}.
 */
@Internal
public final class PqxSplitEnumerator
        implements SplitEnumerator<RowGroupSplit, PqxEnumeratorState>,
                SupportsHandleExecutionAttemptSourceEvent {
    private static final Logger LOG = LoggerFactory.getLogger(PqxSplitEnumerator.class);

    /** How many times more footer threads a table on a distributed file system gets. */
    static final int REMOTE_FOOTER_THREADS_FACTOR = 8;

    private final SplitEnumeratorContext<RowGroupSplit> context;
    private final EnumeratorSettings settings;
    private final SeenFiles seen;
    private final FooterTailBudget footerTails;
    private final PendingSplits pending;
    private final PlanningQueue unplanned = new PlanningQueue();
    private final Set<Integer> awaitingReaders = new LinkedHashSet<>();
    private final ExecutorService footerPool;
    private boolean initialDiscoveryDone;

    private final PruningMetrics pruningMetrics;
    private final DiscoveryMetrics discoveryMetrics;
    private final EventTimeMetrics eventTimeMetrics;
    private final DiscoveryMerging discoveries;
    private final RuntimeFilterProtocol runtimeFilters;
    private final DynamicPartitionPruning dynamicPartitionPruning;

    public PqxSplitEnumerator(
            SplitEnumeratorContext<RowGroupSplit> context,
            EnumeratorSettings settings,
            @Nullable PqxEnumeratorState restored) {
        this.context = context;
        this.settings = settings;
        this.footerTails =
                FooterTailBudget.register(
                        settings.planning().footerTailsHeldBytes(), context.metricGroup());
        this.pending =
                settings.watermarkColumn() != null
                        ? PendingSplits.inEventTimeOrder(footerTails::release)
                        : new PendingSplits(footerTails::release);
        this.seen = new SeenFiles(settings.discovery().horizonMillis());
        if (restored != null) {
            seen.restore(restored.watermark(), restored.seenThreshold(), restored.seenFiles());
            pending.addAll(restored.pendingSplits());
            unplanned.restore(restored.unplannedFiles());
            initialDiscoveryDone = restored.initialDiscoveryDone();
        }
        this.footerPool =
                Executors.newFixedThreadPool(
                        footerThreads(settings), new ExecutorThreadFactory("pqx-source-footers"));
        this.pruningMetrics = PruningMetrics.register(context.metricGroup());
        this.discoveryMetrics = DiscoveryMetrics.register(context.metricGroup(), seen);
        this.eventTimeMetrics = EventTimeMetrics.register(context.metricGroup());
        PredicatePruning pruning =
                new PredicatePruning(
                        settings.filtering().predicate(),
                        settings.filtering().rowType(),
                        settings.files().partitionKeys(),
                        settings.filtering().inListCap(),
                        pruningMetrics);
        FooterPlanning planning =
                new FooterPlanning(
                        footerPool,
                        new FooterCache<>(settings.planning().footerCacheSize()),
                        new SplitPlanner(settings.planning().splitTargetBytes()),
                        Decryptions.with(ReadOptions.builder(), settings.decryption()).build(),
                        pruning,
                        footerTails,
                        settings.planning().footerTailMaxBytes(),
                        settings.watermarkColumn());
        this.discoveries =
                new DiscoveryMerging(
                        settings,
                        seen,
                        pending,
                        unplanned,
                        planning,
                        new LateFileReport(settings, discoveryMetrics),
                        pruningMetrics,
                        eventTimeMetrics);
        this.runtimeFilters =
                new RuntimeFilterProtocol(
                        context,
                        settings,
                        pending,
                        planning,
                        pruning,
                        pruningMetrics,
                        restored == null ? List.of() : restored.runtimeFilters(),
                        this::assignPending);
        this.dynamicPartitionPruning = new DynamicPartitionPruning(settings);
    }

    @Override
    public void start() {
        if (settings.continuous()) {
            context.callAsync(
                    this::discover, this::merge, 0, settings.discovery().monitorIntervalMillis());
        } else if (!initialDiscoveryDone) {
            context.callAsync(this::discover, this::merge);
        }
        planNextBatch(); // the files a restored state had not planned yet
    }

    /**
     * Worker thread: lists, and plans the first batch of new files with the runtime filters held
     * now.
     */
    private DiscoveryMerging.Discovered discover() throws IOException, InterruptedException {
        return discoveries.discover(runtimeFilters.slots(), settings.planning().batchFiles());
    }

    /**
     * Coordinator thread: starts planning the next batch of unplanned files on the worker thread,
     * unless a batch is being planned, none waits, or enough splits wait for readers already (the
     * unplanned files are far smaller in memory and in checkpoints than their splits); a bounded
     * source in event-time order plans on whatever is pending, as it hands nothing out before.
     */
    private void planNextBatch() {
        if (!unplanned.canTake()
                || (pending.size() >= settings.planning().maxPendingSplits()
                        && !holdsUntilPlanned())) {
            return;
        }
        List<DiscoveredFile> batch = unplanned.take(settings.planning().batchFiles());
        SlotValues slots = runtimeFilters.slots();
        context.callAsync(() -> discoveries.plan(batch, slots), this::mergeBatch);
    }

    /** Coordinator thread: the splits of a planned batch become pending, then assigns. */
    private void mergeBatch(@Nullable DiscoveryMerging.Planned planned, @Nullable Throwable error) {
        if (error != null) {
            throw new FlinkRuntimeException(
                    "Cannot plan the files of pqx source "
                            + settings.paths()
                            + ": "
                            + error.getMessage(),
                    error);
        }
        unplanned.finished();
        List<RowGroupSplit> added = discoveries.add(planned.files());
        if (!added.isEmpty() && !planned.slots().equals(runtimeFilters.slots())) {
            // a filter arrived while these files were planned: the re-evaluation it started did
            // not see them
            runtimeFilters.reevaluate(added);
        }
        assignPending();
    }

    /** Coordinator thread: merges a discovery, then assigns. */
    private void merge(
            @Nullable DiscoveryMerging.Discovered discovered, @Nullable Throwable error) {
        if (error != null) {
            throw new FlinkRuntimeException(
                    "Cannot discover the files of pqx source "
                            + settings.paths()
                            + ": "
                            + error.getMessage(),
                    error);
        }
        List<RowGroupSplit> added = discoveries.merge(discovered);
        initialDiscoveryDone = true;
        if (holdsUntilPlanned() && !unplanned.isEmpty()) {
            LOG.info(
                    "pqx source {}: splits are handed out in event-time order of {} once the {}"
                            + " files still to plan are planned",
                    settings.paths(),
                    settings.watermarkColumn().name(),
                    unplanned.size());
        }
        if (!added.isEmpty() && !discovered.slots().equals(runtimeFilters.slots())) {
            // a filter arrived while these files were planned: the re-evaluation it started did
            // not see them
            runtimeFilters.reevaluate(added);
        }
        assignPending();
    }

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {
        awaitingReaders.add(subtaskId);
        assignPending();
    }

    private void assignPending() {
        try {
            assignPendingSplits();
        } finally {
            planNextBatch(); // splits handed out may make room for more
        }
    }

    private void assignPendingSplits() {
        if (runtimeFilters.reevaluating()) {
            return; // the re-evaluation assigns once the pending splits are decided
        }
        if (holdsUntilPlanned() && !(initialDiscoveryDone && unplanned.isEmpty())) {
            return; // a file not planned yet may hold the least event time
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
                // sent (Flink serialized it): the tail is not kept, here nor in Flink's record
                // of the splits assigned since the last checkpoint
                split.get().takeFooterTail().ifPresent(t -> footerTails.shipped(t.length()));
                readers.remove();
            } else if (!settings.continuous() && initialDiscoveryDone && unplanned.isEmpty()) {
                // every listed file is planned and every split handed out
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
        runtimeFilters.sendHeldFilters(subtaskId);
    }

    @Override
    public void handleSourceEvent(int subtaskId, int attemptNumber, SourceEvent event) {
        handleSourceEvent(subtaskId, event); // the events are about the data, not the attempt
    }

    @Override
    public void handleSourceEvent(int subtaskId, SourceEvent event) {
        if (event instanceof DynamicFilteringEvent dpp) {
            runtimeFilters.apply(dynamicPartitionPruning.runtimeFilters(dpp));
        } else if (event instanceof RuntimeFilterEvent filter) {
            runtimeFilters.apply(List.of(filter));
        } else {
            LOG.warn(
                    "pqx source {}: ignoring an unknown source event {} from subtask {}",
                    settings.paths(),
                    event,
                    subtaskId);
        }
    }

    @Override
    public PqxEnumeratorState snapshotState(long checkpointId) {
        return new PqxEnumeratorState(
                seen.watermark(),
                seen.snapshot(),
                pending.snapshot(),
                initialDiscoveryDone,
                runtimeFilters.held(),
                seen.threshold(),
                unplanned.snapshot());
    }

    /**
     * Whether no split is handed out before every listed file is planned: a bounded source in
     * event-time order, whose order must hold over the whole listing.
     */
    private boolean holdsUntilPlanned() {
        return settings.watermarkColumn() != null && !settings.continuous();
    }

    /** The event-time counters (also in the enumerator's metric group); for tests. */
    EventTimeMetrics eventTimeMetrics() {
        return eventTimeMetrics;
    }

    /** The discovery counters (also in the enumerator's metric group); for tests. */
    DiscoveryMetrics discoveryMetrics() {
        return discoveryMetrics;
    }

    /** The footer tails held and sent (also in the enumerator's metric group); for tests. */
    FooterTailBudget footerTails() {
        return footerTails;
    }

    /** The pruning counters (also in the enumerator's metric group); for tests. */
    PruningMetrics pruningMetrics() {
        return pruningMetrics;
    }

    @Override
    public void close() throws IOException {
        footerPool.shutdownNow();
    }

    /**
     * The footer pool's size: {@code source.footer.threads}, times {@value
     * #REMOTE_FOOTER_THREADS_FACTOR} when the table lies on a distributed file system (an object
     * store, HDFS), where a footer read is mostly a wait for the store's first byte, so that
     * planning many files there is not bound by its round trips one pool thread at a time.
     */
    static int footerThreads(EnumeratorSettings settings) {
        int threads = settings.planning().footerThreads();
        for (String path : settings.paths()) {
            try {
                if (new Path(path).getFileSystem().isDistributedFS()) {
                    return threads * REMOTE_FOOTER_THREADS_FACTOR;
                }
            } catch (IOException | RuntimeException e) {
                // no file system for the path yet: discovery reports that with the path named
                LOG.debug("Cannot tell whether {} is on a distributed file system", path, e);
            }
        }
        return threads;
    }
}
