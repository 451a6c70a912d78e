package io.pqx.format.schema;

import org.apache.flink.annotation.Internal;
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
 * <p>For a LIST group, {@code parquetType} is the annotated group. For an unannotated REPEATED
 * field (a NOT NULL list of NOT NULL elements, {@code definitionLevel} equal to the parent's),
 * {@code parquetType} is the repeated field itself, which is also the element's type. In a legacy
 * 2-level list the element node's {@code parquetType} is the repeated field, read as REQUIRED.
 *
 * @param elementDefinitionLevel definition level at which an element slot exists
 */
@Internal
public record ListNode(
        String name,
        LogicalType flinkType,
        Type parquetType,
        SchemaNode element,
        int definitionLevel,
        int elementDefinitionLevel,
        int repetitionLevel)
        implements SchemaNode {}
