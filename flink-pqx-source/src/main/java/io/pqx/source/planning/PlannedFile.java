package io.pqx.source.planning;

import io.pqx.source.discovery.DiscoveredFile;
import io.pqx.source.split.RowGroupSplit;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * A discovered file and all its splits.
 *
 * @param withoutEventTimes with a watermark column: why some of the splits carry no event times
 *     (the first row group's reason), null when every split carries them or there is no watermark
 *     column
 */
@Internal
public record PlannedFile(
        DiscoveredFile file, List<RowGroupSplit> splits, @Nullable String withoutEventTimes) {
    public PlannedFile {
        splits = List.copyOf(splits);
    }

    /** A file whose splits need no event times. */
    public PlannedFile(DiscoveredFile file, List<RowGroupSplit> splits) {
        this(file, splits, null);
    }
}
