package io.pqx.format.schema;

import org.apache.flink.table.types.logical.LogicalType;
import org.apache.parquet.schema.Type;

import javax.annotation.Nullable;

/**
 * A Parquet MAP (or legacy MAP_KEY_VALUE) read as a Flink MAP (or MULTISET, when the Flink type says
 * so). Levels work as in {@link ListNode}: {@code entryDefinitionLevel} is where a key/value entry
 * exists, entries repeat at {@code repetitionLevel()}.
 *
 * @param value null for a map written without a value field; its values read as null
 */
public record MapNode(
        String name,
        LogicalType flinkType,
        Type parquetType,
        SchemaNode key,
        @Nullable SchemaNode value,
        int definitionLevel,
        int entryDefinitionLevel,
        int repetitionLevel)
        implements SchemaNode {}
