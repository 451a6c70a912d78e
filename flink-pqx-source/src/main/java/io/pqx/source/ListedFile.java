package io.pqx.source;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A file a source would read if it were started now ({@link PqxSource#listFiles()}).
 *
 * @param path the file's URI
 * @param length its length in bytes when listed
 * @param modificationTime its modification time when listed, epoch milliseconds
 * @param partition every partition key with its directory text, in the keys' order ({@code
 *     __DEFAULT_PARTITION__}: null); empty for a table without partition keys
 */
public record ListedFile(String path, long length, long modificationTime,
        Map<String, String> partition) {
    public ListedFile {
        Objects.requireNonNull(path, "path");
        partition = Collections.unmodifiableMap(new LinkedHashMap<>(partition));
    }
}
