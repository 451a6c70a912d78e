package io.pqx.source.enumerator;

import java.io.Serializable;
import java.util.List;

/**
 * What the enumerator is configured with, resolved from the source's options. Immutable.
 *
 * @param paths the source paths (URIs), files or directories
 * @param monitorIntervalMillis how often a continuous source lists its paths; 0 for a bounded one
 * @param splitTargetBytes the compressed bytes a split aims at
 * @param footerThreads the threads that read footers
 * @param footerCacheSize how many footers the cache keeps
 * @param horizonMillis the discovery horizon (see {@link SeenFiles})
 */
public record EnumeratorSettings(
        List<String> paths,
        long monitorIntervalMillis,
        long splitTargetBytes,
        int footerThreads,
        int footerCacheSize,
        long horizonMillis) implements Serializable {

    public EnumeratorSettings {
        paths = List.copyOf(paths);
    }

    public boolean continuous() {
        return monitorIntervalMillis > 0;
    }
}
