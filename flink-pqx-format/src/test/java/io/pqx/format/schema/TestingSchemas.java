package io.pqx.format.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.error.FileContext;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Test helpers for the schema tests here and in e2e-tests: parse a message, convert it, build Flink
 * types from DataTypes.
 */
public final class TestingSchemas {

    public static final FileContext CTX = FileContext.of("test.parquet");

    private TestingSchemas() {}

    public static MessageType parse(String message) {
        return MessageTypeParser.parseMessageType(message);
    }

    public static ParquetSchema convert(String message) throws Exception {
        return ParquetToFlinkSchema.convert(parse(message), null, CTX);
    }

    public static ParquetSchema convert(MessageType message, @Nullable RowType declared)
            throws Exception {
        return ParquetToFlinkSchema.convert(message, declared, CTX);
    }

    /** A NOT NULL row of alternating names and DataTypes. */
    public static RowType row(Object... namesAndTypes) {
        String[] names = new String[namesAndTypes.length / 2];
        LogicalType[] types = new LogicalType[namesAndTypes.length / 2];
        for (int i = 0; i < names.length; i++) {
            names[i] = (String) namesAndTypes[2 * i];
            Object t = namesAndTypes[2 * i + 1];
            types[i] = t instanceof DataType ? ((DataType) t).getLogicalType() : (LogicalType) t;
        }
        return RowType.of(false, types, names);
    }

    /** A Flink type from its SQL text, e.g. "ARRAY<INT NOT NULL>". */
    public static LogicalType sql(String text) {
        return LogicalTypeParser.parse(text, TestingSchemas.class.getClassLoader());
    }

    /** Invariants every tree must satisfy, checked against parquet-column's own descriptors. */
    public static void assertConsistent(ParquetSchema schema) {
        List<ColumnDescriptor> columns = schema.messageType().getColumns();
        assertThat(schema.leaves()).hasSameSizeAs(columns);
        for (int i = 0; i < columns.size(); i++) {
            assertThat(schema.leaves().get(i).column()).isEqualTo(columns.get(i));
            assertThat(schema.leaves().get(i).leafIndex()).isEqualTo(i);
        }
        assertConsistentLevels(schema);
    }

    /** Level invariants, which also hold for a projection (whose leaf indexes are the file's). */
    public static void assertConsistentLevels(ParquetSchema schema) {
        assertThat(schema.rowType().getFieldCount()).isEqualTo(schema.fields().size());
        for (int i = 0; i < schema.fields().size(); i++) {
            assertThat(schema.fields().get(i).flinkType()).isEqualTo(schema.rowType().getTypeAt(i));
            assertNode(schema.fields().get(i), 0, 0);
        }
        for (PrimitiveNode leaf : schema.leaves()) {
            assertThat(leaf.column().getMaxDefinitionLevel()).isEqualTo(leaf.definitionLevel());
            assertThat(leaf.column().getMaxRepetitionLevel()).isEqualTo(leaf.repetitionLevel());
            assertThat(leaf.column().getPrimitiveType()).isEqualTo(leaf.parquetType());
        }
    }

    private static void assertNode(SchemaNode node, int parentDef, int parentRep) {
        int expectedDef = parentDef + (node.nullable() ? 1 : 0);
        if (node instanceof PrimitiveNode
                || node instanceof StructNode
                || node instanceof VariantNode) {
            assertThat(node.definitionLevel()).as(node.name()).isIn(expectedDef, parentDef);
            assertThat(node.repetitionLevel()).as(node.name()).isEqualTo(parentRep);
        }
        if (node instanceof VariantNode variant) {
            // the group's own row, at the same levels, under a VARIANT of the same nullability
            assertThat(variant.physical().definitionLevel()).isEqualTo(node.definitionLevel());
            assertThat(variant.physical().flinkType().isNullable()).isEqualTo(node.nullable());
            assertNode(variant.physical(), parentDef, parentRep);
        } else if (node instanceof StructNode) {
            for (SchemaNode field : ((StructNode) node).fields()) {
                assertNode(field, node.definitionLevel(), node.repetitionLevel());
            }
        } else if (node instanceof ListNode) {
            ListNode list = (ListNode) node;
            assertThat(list.elementDefinitionLevel()).isEqualTo(list.definitionLevel() + 1);
            assertThat(list.repetitionLevel()).isEqualTo(parentRep + 1);
            assertNode(list.element(), list.elementDefinitionLevel(), list.repetitionLevel());
            LogicalType elementType = list.element().flinkType();
            assertThat(list.flinkType().getChildren()).containsExactly(elementType);
        } else if (node instanceof MapNode) {
            MapNode map = (MapNode) node;
            assertThat(map.entryDefinitionLevel()).isEqualTo(map.definitionLevel() + 1);
            assertThat(map.repetitionLevel()).isEqualTo(parentRep + 1);
            assertNode(map.key(), map.entryDefinitionLevel(), map.repetitionLevel());
            if (map.value() != null) {
                assertNode(map.value(), map.entryDefinitionLevel(), map.repetitionLevel());
            }
        }
    }
}
