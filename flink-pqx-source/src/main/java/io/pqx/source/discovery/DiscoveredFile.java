package io.pqx.source.discovery;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.flink.annotation.Internal;

/**
 * A visible file found under a source path.
 *
 * @param path the file's full path (URI string, as the file system lists it)
 * @param length its length in bytes when listed
 * @param modificationTime its modification time when listed, epoch milliseconds
 * @param partitions the {@code k=v} directories between the source path and the file, unescaped,
 *     outermost first
 */
@Internal
public record DiscoveredFile(
        String path, long length, long modificationTime, Map<String, String> partitions) {
    public DiscoveredFile {
        Objects.requireNonNull(path, "path");
        // most tables have no partition directories: one shared empty map instead of one each
        partitions =
                partitions.isEmpty()
                        ? Map.of()
                        : Collections.unmodifiableMap(new LinkedHashMap<>(partitions));
    }
}
