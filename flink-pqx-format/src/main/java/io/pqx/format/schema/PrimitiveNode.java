package io.pqx.format.schema;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType;

/**
 * A leaf column: one Parquet primitive read as one Flink atomic type.
 *
 * @param leafIndex the position of this column in {@code MessageType.getColumns()} of the file
 */
@Internal
public record PrimitiveNode(
        String name,
        LogicalType flinkType,
        PrimitiveType parquetType,
        ColumnDescriptor column,
        int definitionLevel,
        int repetitionLevel,
        int leafIndex)
        implements SchemaNode {

    /** The dotted column path, as used in error messages and options ("a.b.c"). */
    public String path() {
        return String.join(".", column.getPath());
    }
}
