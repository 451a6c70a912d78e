package io.pqx.source.planning;

import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.split.RowGroupSplit;
import java.util.List;
import org.apache.flink.annotation.Internal;

/** A discovered file and all its splits. */
@Internal
public record PlannedFile(DiscoveredFile file, List<RowGroupSplit> splits) {
    public PlannedFile {
        splits = List.copyOf(splits);
    }
}
