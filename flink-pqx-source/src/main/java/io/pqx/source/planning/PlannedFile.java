package io.pqx.source.planning;

import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.split.RowGroupSplit;

import java.util.List;

/** A discovered file and all its splits. */
public record PlannedFile(DiscoveredFile file, List<RowGroupSplit> splits) {
    public PlannedFile {
        splits = List.copyOf(splits);
    }
}
