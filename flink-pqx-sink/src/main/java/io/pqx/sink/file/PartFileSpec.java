package io.pqx.sink.file;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

/**
 * Where a new part file goes.
 *
 * @param basePath the sink's base directory
 * @param partition relative partition directory ({@code k=v/...}), empty when unpartitioned
 * @param fileName final file name
 * @param now processing time at opening, for the rollover policy
 */
@Internal
public record PartFileSpec(Path basePath, String partition, String fileName, long now) {
    /** The final path: base, partition directory, name. */
    public Path target() {
        return partition.isEmpty()
                ? new Path(basePath, fileName)
                : new Path(new Path(basePath, partition), fileName);
    }
}
