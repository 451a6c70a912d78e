package io.pqx.format.schema;

import org.apache.flink.table.types.logical.LogicalType;
import org.apache.parquet.schema.Type;

/**
 * A Parquet LIST (standard 3-level, any legacy 2-level form, or an unannotated repeated field) read
 * as a Flink ARRAY.
 *
 * <p>With {@code d} the definition level of a leaf: {@code d < definitionLevel()} means the list is
 * null; {@code d == definitionLevel()} (when {@code < elementDefinitionLevel}) means it is empty;
 * {@code d >= elementDefinitionLevel} means an element slot exists (the element itself may still be
 * null below {@code element().definitionLevel()}). Elements repeat at {@code repetitionLevel()}.
 *
 * @param elementDefinitionLevel definition level at which an element slot exists
 */
public record ListNode(
        String name,
        LogicalType flinkType,
        Type parquetType,
        SchemaNode element,
        int definitionLevel,
        int elementDefinitionLevel,
        int repetitionLevel)
        implements SchemaNode {}
