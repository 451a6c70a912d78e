package io.pqx.format.schema;

import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.parquet.schema.Type;

/**
 * A Parquet MAP (or legacy MAP_KEY_VALUE) read as a Flink MAP (or MULTISET, when the Flink type
 * says so). Levels work as in {@link ListNode}: {@code entryDefinitionLevel} is where a key/value
 * entry exists, entries repeat at {@code repetitionLevel()}.
 *
 * <p>The key and value are the first and second field of the repeated group, whatever their names.
 * A key is normally REQUIRED (its definition level is {@code entryDefinitionLevel}); Presto/Trino
 * wrote OPTIONAL keys, which are accepted. A Flink key type may be nullable over a REQUIRED key
 * (Flink allows nullable key types; pqx writes keys REQUIRED and rejects null keys).
 *
 * <p>For MULTISET&lt;T&gt; (written as MAP&lt;T, INT NOT NULL&gt;) {@code flinkType} is the
 * MULTISET, {@code key} reads T and {@code value} the INT NOT NULL counts.
 *
 * @param value null for a map written without a value field; its values read as null, and the
 *     derived Flink value type is nullable BOOLEAN
 */
@Internal
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
