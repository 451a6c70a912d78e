package io.pqx.source.enumerator;

import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A file the enumerator has already planned, remembered in its state while its modification time
 * lies within the discovery horizon (see {@link PqxEnumeratorState}).
 *
 * @param path the file's path, as listed
 * @param modificationTime its modification time when it was planned, in epoch milliseconds
 */
@PublicEvolving
public record SeenFile(String path, long modificationTime) {
    public SeenFile {
        Objects.requireNonNull(path, "path");
    }
}
