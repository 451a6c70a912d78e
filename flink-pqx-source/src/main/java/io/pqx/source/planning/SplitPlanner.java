package io.pqx.source.planning;

import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.prune.AccessPlan;
import io.pqx.format.prune.RowGroupAccess;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.split.RowGroupSplit;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * Cuts a file's row groups into splits: consecutive runs whose compressed bytes reach the target (a
 * run closes at the first row group that makes it reach the target, so a split is at least one row
 * group and exceeds the target by less than one row group). Row groups of 0 rows are covered like
 * any other (the reader reads nothing from them); a file of no row groups gives no split. Every row
 * group of the file is in exactly one split. Pure function; thread-safe.
 */
@Internal
public final class SplitPlanner {
    private final long targetBytes;

    public SplitPlanner(long targetBytes) {
        if (targetBytes <= 0) {
            throw new IllegalArgumentException(
                    "Cannot plan splits: target size " + targetBytes + " is not positive");
        }
        this.targetBytes = targetBytes;
    }

    public List<RowGroupSplit> plan(DiscoveredFile file, FileMetadataView footer) {
        return plan(file, footer, AccessPlan.scanAll(footer.rowGroups()));
    }

    /**
     * Splits over the row groups {@code access} does not skip: runs of consecutive surviving row
     * groups, each closing at the target size or before a skipped row group, so every surviving row
     * group is in exactly one split and no skipped one in any. A split names its ALL_MATCH row
     * groups.
     */
    public List<RowGroupSplit> plan(
            DiscoveredFile file, FileMetadataView footer, AccessPlan access) {
        List<RowGroupView> groups = footer.rowGroups();
        List<RowGroupSplit> splits = new ArrayList<>();
        int first = -1;
        long bytes = 0;
        List<Integer> allMatch = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            RowGroupAccess a = access.access(g);
            if (a.isSkip() && a.rows() > 0) {
                continue;
            }
            if (first < 0) {
                first = g;
            }
            if (a.kind() == RowGroupAccess.Kind.ALL_MATCH) {
                allMatch.add(g);
            }
            bytes += Math.max(0, groups.get(g).totalCompressedSize());
            boolean runEnds =
                    g == groups.size() - 1
                            || (access.access(g + 1).isSkip() && access.access(g + 1).rows() > 0);
            if (bytes >= targetBytes || runEnds) {
                splits.add(
                        RowGroupSplit.of(
                                file.path(),
                                file.length(),
                                file.modificationTime(),
                                file.partitions(),
                                first,
                                g,
                                allMatch));
                first = -1;
                bytes = 0;
                allMatch = new ArrayList<>();
            }
        }
        return splits;
    }
}
