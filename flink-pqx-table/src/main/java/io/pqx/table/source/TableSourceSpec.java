package io.pqx.table.source;

import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.types.logical.RowType;

/**
 * What a pqx table's DDL says for its scans, validated by the factory: the table's name (for
 * messages), its base path, its physical row type (partition columns included), its partition keys,
 * the directory value of a null partition value, and its options. Immutable (the options are
 * copied).
 */
@Internal
public record TableSourceSpec(
        String tableName,
        String path,
        RowType rowType,
        List<String> partitionKeys,
        String defaultPartitionName,
        Configuration options) {
    /** The key of the table's {@code path} option, for messages. */
    public static final String PATH_KEY = "path";

    public TableSourceSpec {
        partitionKeys = List.copyOf(partitionKeys);
        options = new Configuration(options);
    }
}
