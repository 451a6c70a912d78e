package io.pqx.source;

import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.source.partition.PartitionValues;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * A file a source would read if it were started now ({@link PqxSource#listFiles()}).
 *
 * @param path the file's URI
 * @param length its length in bytes when listed
 * @param modificationTime its modification time when listed, epoch milliseconds
 * @param partition every partition key with its directory text, in the keys' order ({@code
 *     __DEFAULT_PARTITION__}: null); empty for a table without partition keys
 */
@PublicEvolving
public record ListedFile(
        String path, long length, long modificationTime, Map<String, String> partition) {
    public ListedFile {
        Objects.requireNonNull(path, "path");
        partition = Collections.unmodifiableMap(new LinkedHashMap<>(partition));
    }

    /**
     * The value of partition key {@code key} as the readers give it for a column of {@code type}:
     * Flink's internal representation, or null for {@code __DEFAULT_PARTITION__}.
     *
     * @throws UnsupportedFileException when the text does not parse as the type
     */
    public Object partitionValue(String key, LogicalType type) throws UnsupportedFileException {
        String text = partition.get(key);
        if (text == null) {
            throw new IllegalArgumentException(
                    "Cannot type partition key "
                            + key
                            + " of "
                            + path
                            + ": the keys are "
                            + partition.keySet());
        }
        return PartitionValues.parse(text, type, FileContext.of(path).column(key));
    }
}
