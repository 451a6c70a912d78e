package io.pqx.format.schema;

import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.parquet.schema.Type;

/**
 * A Parquet group read as a Flink ROW; {@code fields} are in schema order (in a projection, the
 * selected ones, and {@code parquetType} is the group cut down to them).
 */
@Internal
public record StructNode(
        String name,
        LogicalType flinkType,
        Type parquetType,
        List<SchemaNode> fields,
        int definitionLevel,
        int repetitionLevel)
        implements SchemaNode {

    public StructNode {
        fields = List.copyOf(fields);
    }
}
