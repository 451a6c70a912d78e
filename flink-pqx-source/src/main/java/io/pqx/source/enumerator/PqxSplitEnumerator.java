package io.pqx.source.enumerator;

import io.pqx.format.options.ReadOptions;
import io.pqx.source.assigner.PendingSplits;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.discovery.FileDiscovery;
import io.pqx.source.planning.FooterCache;
import io.pqx.source.planning.FooterPlanning;
import io.pqx.source.planning.PredicatePruning;
import io.pqx.source.planning.PruningMetrics;
import io.pqx.source.planning.PlannedFile;
import io.pqx.source.planning.SplitPlanner;
import io.pqx.source.split.PqxEnumeratorState;
import io.pqx.source.split.RowGroupSplit;

import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.fs.Path;
import org.apache.flink.util.FlinkRuntimeException;
import org.apache.flink.util.concurrent.ExecutorThreadFactory;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

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
 * files are new is decided by {@link SeenFiles}, whose size is bounded by the horizon.
 *
 * <p><b>Predicate.</b> Files whose partition values cannot match are given no split and their
 * footers are not read; row groups their statistics prune are in no split ({@link
 * PredicatePruning}); counters in the enumerator's metric group ({@link PruningMetrics}).
 *
 * <p>A listing or footer error fails the job, naming the file: a file is never silently skipped.
 */
public final class PqxSplitEnumerator implements SplitEnumerator<RowGroupSplit, PqxEnumeratorState> {
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

    public PqxSplitEnumerator(SplitEnumeratorContext<RowGroupSplit> context,
            EnumeratorSettings settings, @Nullable PqxEnumeratorState restored) {
        this.context = context;
        this.settings = settings;
        List<Path> roots = new ArrayList<>();
        for (String p : settings.paths()) {
            roots.add(new Path(p));
        }
        this.discovery = new FileDiscovery(roots);
        this.seen = new SeenFiles(settings.horizonMillis());
        if (restored != null) {
            seen.restore(restored.watermark(), restored.seenFiles());
            pending.addAll(restored.pendingSplits());
            initialDiscoveryDone = restored.initialDiscoveryDone();
        }
        this.seenView = seen.view();
        this.footerPool = Executors.newFixedThreadPool(settings.footerThreads(),
                new ExecutorThreadFactory("pqx-source-footers"));
        this.pruningMetrics = PruningMetrics.register(context.metricGroup());
        this.planning = new FooterPlanning(footerPool, new FooterCache<>(settings.footerCacheSize()),
                new SplitPlanner(settings.splitTargetBytes()), ReadOptions.defaults(),
                new PredicatePruning(settings.predicate(), settings.rowType(), settings.partitionKeys(),
                        settings.inListCap(), pruningMetrics));
    }

    @Override
    public void start() {
        if (settings.continuous()) {
            context.callAsync(this::discover, this::merge, 0, settings.monitorIntervalMillis());
        } else if (!initialDiscoveryDone) {
            context.callAsync(this::discover, this::merge);
        }
    }

    /** Worker thread: lists, keeps the files that look new, plans them. */
    private List<PlannedFile> discover() throws IOException, InterruptedException {
        SeenFiles.View view = seenView;
        List<DiscoveredFile> fresh = new ArrayList<>();
        for (DiscoveredFile file : discovery.list()) {
            if (view.isNew(file.path(), file.modificationTime())) {
                fresh.add(file);
            }
        }
        return planning.plan(fresh);
    }

    /** Coordinator thread: adds the files still new (another merge may have come between). */
    private void merge(@Nullable List<PlannedFile> planned, @Nullable Throwable error) {
        if (error != null) {
            throw new FlinkRuntimeException("Cannot discover the files of pqx source "
                    + settings.paths() + ": " + error.getMessage(), error);
        }
        int files = 0;
        int splits = 0;
        for (PlannedFile file : planned) {
            DiscoveredFile f = file.file();
            if (!settings.continuous() || seen.isNew(f.path(), f.modificationTime())) {
                pending.addAll(file.splits());
                if (settings.continuous()) {
                    seen.add(f.path(), f.modificationTime());
                }
                files++;
                splits += file.splits().size();
            }
        }
        initialDiscoveryDone = true;
        seenView = seen.view();
        if (files > 0) {
            LOG.info("pqx source {}: planned {} new files into {} splits; {} pending, {} seen files"
                    + " remembered", settings.paths(), files, splits, pending.size(), seen.size());
        }
        assignPending();
    }

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {
        awaitingReaders.add(subtaskId);
        assignPending();
    }

    private void assignPending() {
        Iterator<Integer> readers = awaitingReaders.iterator();
        while (readers.hasNext()) {
            int subtask = readers.next();
            if (!context.registeredReaders().containsKey(subtask)) {
                readers.remove();
                continue;
            }
            var split = pending.next();
            if (split.isPresent()) {
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
        pending.addBack(splits);
        assignPending();
    }

    @Override
    public void addReader(int subtaskId) {
        // readers ask for splits themselves
    }

    @Override
    public PqxEnumeratorState snapshotState(long checkpointId) {
        return new PqxEnumeratorState(seen.watermark(), seen.snapshot(), pending.snapshot(),
                initialDiscoveryDone);
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
