package io.pqx.source.enumerator;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A listed file whose footer the enumerator has not read yet, so it has no split yet; kept in the
 * enumerator's state (see {@link PqxEnumeratorState#unplannedFiles()}) until it is planned. Once
 * planned, its splits are pending or with the readers, and it leaves the state.
 *
 * @param path the file's path, as listed
 * @param length its length in bytes when listed
 * @param modificationTime its modification time when listed, epoch milliseconds
 * @param partitions the {@code k=v} directories between the source path and the file, unescaped,
 *     outermost first
 */
@PublicEvolving
public record UnplannedFile(
        String path, long length, long modificationTime, Map<String, String> partitions) {
    public UnplannedFile {
        Objects.requireNonNull(path, "path");
        partitions =
                partitions.isEmpty()
                        ? Map.of()
                        : Collections.unmodifiableMap(new LinkedHashMap<>(partitions));
    }
}
