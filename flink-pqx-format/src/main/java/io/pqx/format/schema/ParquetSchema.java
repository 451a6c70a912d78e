package io.pqx.format.schema;

import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.schema.MessageType;

import java.util.List;

/**
 * A Parquet file schema paired with the Flink {@link RowType} it reads as, and the tree of
 * {@link SchemaNode}s linking the two field by field. {@code fields} lines up with
 * {@code rowType.getFields()}; {@code leaves} lists every leaf in {@code messageType.getColumns()}
 * order.
 */
public record ParquetSchema(
        MessageType messageType, RowType rowType, List<SchemaNode> fields, List<PrimitiveNode> leaves) {}
