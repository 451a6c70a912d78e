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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One discovery, from listing to pending splits: on the worker thread ({@link #discover}) the
 * source's paths are listed (files outside the selected partitions left out, a file under two paths
 * listed once), the files that look new against the seen files of the last merge are kept (every
 * file when bounded) and planned; on the coordinator thread ({@link #merge}) the listing is judged
 * as a whole against the seen files as they are now (another merge may have come between its
 * listing and this one), its late files are reported ({@link LateFileReport}), the splits of its
 * fresh files become pending, and only then is the listing recorded as seen. So a checkpoint never
 * holds a file as seen without its splits, and the first listing of a job without state plans every
 * file it finds.
 */
@Internal
final class DiscoveryMerging {
    private static final Logger LOG = LoggerFactory.getLogger(PqxSplitEnumerator.class);

    private final EnumeratorSettings settings;
    private final FileDiscovery discovery;
    private final SeenFiles seen;
    private final PendingSplits pending;
    private final FooterPlanning planning;
    private final LateFileReport lateFiles;
    private final PruningMetrics pruningMetrics;

    /** The seen files as of the last merge, read by the discovery thread. */
    private volatile SeenFiles.View seenView;

    DiscoveryMerging(
            EnumeratorSettings settings,
            SeenFiles seen,
            PendingSplits pending,
            FooterPlanning planning,
            LateFileReport lateFiles,
            PruningMetrics pruningMetrics) {
        this.settings = settings;
        List<Path> roots = new ArrayList<>();
        for (String p : settings.paths()) {
            roots.add(new Path(p));
        }
        this.discovery = new FileDiscovery(roots, settings.files().defaultPartitionName());
        this.seen = seen;
        this.pending = pending;
        this.planning = planning;
        this.lateFiles = lateFiles;
        this.pruningMetrics = pruningMetrics;
        this.seenView = seen.view();
    }

    /** What one discovery listed and planned, and the runtime filters it planned with. */
    record Discovered(List<DiscoveredFile> listing, List<PlannedFile> files, SlotValues slots) {}

    /** Worker thread: lists, keeps the files that look new, plans them with {@code slots}. */
    Discovered discover(SlotValues slots) throws IOException, InterruptedException {
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
        return new Discovered(listing, planning.plan(fresh, slots), slots);
    }

    /**
     * Coordinator thread: judges the listing, reports its late files, adds the splits of its fresh
     * files to the pending ones and records it as seen.
     *
     * @return the splits added, in planning order
     */
    List<RowGroupSplit> merge(Discovered discovered) {
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
        return added;
    }
}
