package io.pqx.source.planning;

import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.split.RowGroupSplit;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a file's row groups into splits: consecutive runs whose compressed bytes reach the target
 * (a run closes at the first row group that makes it reach the target, so a split is at least one
 * row group and exceeds the target by less than one row group). Row groups of 0 rows are covered
 * like any other (the reader reads nothing from them); a file of no row groups gives no split.
 * Every row group of the file is in exactly one split. Pure function; thread-safe.
 */
public final class SplitPlanner {
    private final long targetBytes;

    public SplitPlanner(long targetBytes) {
        if (targetBytes <= 0) {
            throw new IllegalArgumentException("Cannot plan splits: target size " + targetBytes
                    + " is not positive");
        }
        this.targetBytes = targetBytes;
    }

    public List<RowGroupSplit> plan(DiscoveredFile file, FileMetadataView footer) {
        List<RowGroupView> groups = footer.rowGroups();
        List<RowGroupSplit> splits = new ArrayList<>();
        int first = 0;
        long bytes = 0;
        for (int g = 0; g < groups.size(); g++) {
            bytes += Math.max(0, groups.get(g).totalCompressedSize());
            if (bytes >= targetBytes || g == groups.size() - 1) {
                splits.add(RowGroupSplit.of(file.path(), file.length(), file.modificationTime(),
                        file.partitions(), first, g));
                first = g + 1;
                bytes = 0;
            }
        }
        return splits;
    }
}
