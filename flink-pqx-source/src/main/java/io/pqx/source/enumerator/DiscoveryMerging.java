package io.pqx.source.enumerator;

import io.pqx.format.predicate.SlotValues;
import io.pqx.source.assigner.PendingSplits;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.discovery.FileDiscovery;
import io.pqx.source.discovery.PartitionDirectory;
import io.pqx.source.planning.FooterPlanning;
import io.pqx.source.planning.PlannedFile;
import io.pqx.source.pruning.PruningMetrics;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One discovery, from listing to pending splits, and the planning of the files it left unplanned.
 * On the worker thread ({@link #discover}) the source's paths are listed (files outside the
 * selected partitions left out, a file under two paths listed once), the files that look new
 * against the seen files of the last merge are kept (every file when bounded) and the first batch
 * of them is planned; on the coordinator thread ({@link #merge}) the listing is judged as a whole
 * against the seen files as they are now (another merge may have come between its listing and this
 * one), its late files are reported ({@link LateFileReport}), the splits of its fresh files planned
 * already become pending, its other fresh files join the {@link PlanningQueue}, and the listing is
 * recorded as seen. The queue's files are planned batch by batch ({@link #plan} on the worker
 * thread, {@link #add} on the coordinator thread). So a checkpoint holds every fresh file as
 * pending splits or as unplanned, never as seen without either, and the first listing of a job
 * without state plans every file it finds.
 */
@Internal
final class DiscoveryMerging {
    private static final Logger LOG = LoggerFactory.getLogger(PqxSplitEnumerator.class);

    private final EnumeratorSettings settings;
    private final FileDiscovery discovery;
    private final SeenFiles seen;
    private final PendingSplits pending;
    private final PlanningQueue unplanned;
    private final FooterPlanning planning;
    private final LateFileReport lateFiles;
    private final PruningMetrics pruningMetrics;
    private final EventTimeMetrics eventTimeMetrics;

    /** The seen files as of the last merge, read by the discovery thread. */
    private volatile SeenFiles.View seenView;

    DiscoveryMerging(
            EnumeratorSettings settings,
            SeenFiles seen,
            PendingSplits pending,
            PlanningQueue unplanned,
            FooterPlanning planning,
            LateFileReport lateFiles,
            PruningMetrics pruningMetrics,
            EventTimeMetrics eventTimeMetrics) {
        this.settings = settings;
        List<Path> roots = new ArrayList<>();
        for (String p : settings.paths()) {
            roots.add(new Path(p));
        }
        this.discovery = new FileDiscovery(roots, settings.files().defaultPartitionName());
        this.seen = seen;
        this.pending = pending;
        this.unplanned = unplanned;
        this.planning = planning;
        this.lateFiles = lateFiles;
        this.pruningMetrics = pruningMetrics;
        this.eventTimeMetrics = eventTimeMetrics;
        this.seenView = seen.view();
    }

    /**
     * What one discovery listed, the files of it that looked new, and the first of them planned
     * with the runtime filters {@code slots}.
     */
    record Discovered(
            List<DiscoveredFile> listing,
            List<DiscoveredFile> fresh,
            List<PlannedFile> planned,
            SlotValues slots) {}

    /** A batch of files planned with the runtime filters {@code slots}. */
    record Planned(List<PlannedFile> files, SlotValues slots) {}

    /**
     * Worker thread: lists, keeps the files that look new, plans the first {@code firstBatch} of
     * them with {@code slots}.
     */
    Discovered discover(SlotValues slots, int firstBatch) throws IOException, InterruptedException {
        SeenFiles.View view = seenView;
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
        List<PlannedFile> planned =
                planning.plan(fresh.subList(0, Math.min(firstBatch, fresh.size())), slots);
        return new Discovered(listing, fresh, planned, slots);
    }

    /** Worker thread: plans a batch of unplanned files with {@code slots}. */
    Planned plan(List<DiscoveredFile> batch, SlotValues slots)
            throws IOException, InterruptedException {
        return new Planned(planning.plan(batch, slots), slots);
    }

    /**
     * Coordinator thread: judges the listing, reports its late files, adds the splits of its fresh
     * files planned already to the pending ones, queues its other fresh files and records it as
     * seen.
     *
     * @return the splits added, in planning order
     */
    List<RowGroupSplit> merge(Discovered discovered) {
        List<DiscoveredFile> fresh;
        SeenFiles.ListingVerdict verdict = null;
        if (settings.continuous()) {
            verdict = seen.judge(discovered.listing());
            lateFiles.report(withoutQueued(verdict));
            fresh = verdict.fresh();
        } else {
            fresh = discovered.fresh();
        }
        Map<String, PlannedFile> planned = new HashMap<>();
        for (PlannedFile file : discovered.planned()) {
            planned.put(file.file().path(), file);
        }
        List<PlannedFile> toAdd = new ArrayList<>(planned.size());
        List<DiscoveredFile> toPlan = new ArrayList<>();
        for (DiscoveredFile f : fresh) {
            PlannedFile file = planned.get(f.path());
            if (file != null) {
                toAdd.add(file);
            } else {
                toPlan.add(f);
            }
        }
        unplanned.addAll(toPlan);
        if (verdict != null) {
            seen.record(verdict);
        }
        seenView = seen.view();
        if (!fresh.isEmpty()) {
            LOG.info(
                    "pqx source {}: listed {} new files, {} of them planned now and {} queued for"
                            + " planning; {} seen files remembered",
                    settings.paths(),
                    fresh.size(),
                    toAdd.size(),
                    toPlan.size(),
                    seen.size());
        }
        return add(toAdd);
    }

    /**
     * The verdict with the files still queued for planning left out of those taken as read: after a
     * restore, a queued file below the threshold is not among the seen files (they forget what lies
     * below it), yet it waits in the queue and is read, so it is neither counted nor logged as
     * taken as read.
     */
    private SeenFiles.ListingVerdict withoutQueued(SeenFiles.ListingVerdict verdict) {
        if (verdict.takenAsRead().isEmpty() || unplanned.isEmpty()) {
            return verdict;
        }
        Set<String> queued = unplanned.paths();
        List<DiscoveredFile> taken = new ArrayList<>();
        for (DiscoveredFile f : verdict.takenAsRead()) {
            if (!queued.contains(f.path())) {
                taken.add(f);
            }
        }
        return new SeenFiles.ListingVerdict(
                verdict.listing(),
                verdict.fresh(),
                verdict.late(),
                taken,
                verdict.watermarkBefore(),
                verdict.thresholdBefore());
    }

    /**
     * Coordinator thread: the splits of planned files become pending. A file some of whose splits
     * carry no event times (with a watermark column) is counted and logged once, with the reason.
     *
     * @return the splits added, in planning order
     */
    List<RowGroupSplit> add(List<PlannedFile> files) {
        int splits = 0;
        List<RowGroupSplit> added = new ArrayList<>();
        for (PlannedFile file : files) {
            pending.addAll(file.splits());
            added.addAll(file.splits());
            splits += file.splits().size();
            if (!file.splits().isEmpty()) {
                long groups = 0;
                for (RowGroupSplit split : file.splits()) {
                    groups += split.lastRowGroup() - split.firstRowGroup() + 1;
                }
                pruningMetrics.countPlanned(groups);
            }
            if (file.withoutEventTimes() != null) {
                countWithoutEventTimes(file);
            }
        }
        if (!files.isEmpty()) {
            LOG.debug(
                    "pqx source {}: planned {} files into {} splits; {} pending, {} files not"
                            + " planned yet",
                    settings.paths(),
                    files.size(),
                    splits,
                    pending.size(),
                    unplanned.size());
        }
        return added;
    }

    private void countWithoutEventTimes(PlannedFile file) {
        long without = file.splits().stream().filter(s -> s.eventTimes().isEmpty()).count();
        eventTimeMetrics.splitsWithout.inc(without);
        eventTimeMetrics.filesWithout.inc();
        LOG.warn(
                "pqx source {}: {} of the {} splits of {} have no event times, so they are handed"
                        + " out first and their reader holds its watermark back while it reads"
                        + " them: {}",
                settings.paths(),
                without,
                file.splits().size(),
                file.file().path(),
                file.withoutEventTimes());
    }
}
