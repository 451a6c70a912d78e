package io.pqx.format.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

class FlinkToParquetSchemaVariantTest {
    private static final RowType ROW =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()))
                            .getLogicalType();

    private static LogicalType type(org.apache.flink.table.types.DataType t) {
        return t.getLogicalType();
    }

    @Test
    void anUnshreddedVariantIsAnAnnotatedGroupOfMetadataAndValue() {
        MessageType expected =
                MessageTypeParser.parseMessageType(
                        "message flink_schema { required int64 id; optional group v (VARIANT(1)) {"
                                + " required binary metadata; required binary value; } }");
        assertThat(FlinkToParquetSchema.toParquet(ROW)).isEqualTo(expected);
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(ROW);
        assertThat(schema.rowType()).isEqualTo(ROW);
        assertThat(schema.messageType()).isEqualTo(expected);
        SchemaNode v = schema.fields().get(1);
        assertThat(v.flinkType().getTypeRoot()).isEqualTo(LogicalTypeRoot.VARIANT);
        assertThat(schema.leaves())
                .extracting(PrimitiveNode::path)
                .containsExactly("id", "v.metadata", "v.value");
        assertThat(schema.leaves().get(2).definitionLevel()).isEqualTo(1);
        assertThat(FlinkToParquetSchema.declaredTypeText(ROW)).contains("VARIANT");
    }

    @Test
    void aShreddedVariantFollowsTheShreddingLayout() {
        LogicalType shredding =
                type(
                        DataTypes.ROW(
                                DataTypes.FIELD("user_id", DataTypes.BIGINT()),
                                DataTypes.FIELD("ts", DataTypes.TIMESTAMP(6)),
                                DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING()))));
        MessageType expected =
                MessageTypeParser.parseMessageType(
                        "message flink_schema { required int64 id; optional group v (VARIANT(1)) {"
                                + " required binary metadata; optional binary value;"
                                + " optional group typed_value {"
                                + "  required group user_id { optional binary value;"
                                + "   optional int64 typed_value; }"
                                + "  required group ts { optional binary value;"
                                + "   optional int64 typed_value (TIMESTAMP(MICROS,false)); }"
                                + "  required group tags { optional binary value;"
                                + "   optional group typed_value (LIST) { repeated group list {"
                                + "    required group element { optional binary value;"
                                + "     optional binary typed_value (STRING); } } } } } } }");
        Map<String, LogicalType> options = Map.of("v", shredding);
        assertThat(FlinkToParquetSchema.toParquet(ROW, options)).isEqualTo(expected);
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(ROW, options);
        assertThat(schema.rowType()).isEqualTo(ROW);
        assertThat(schema.leaves())
                .extracting(PrimitiveNode::path)
                .contains(
                        "v.typed_value.user_id.typed_value",
                        "v.typed_value.tags.typed_value.list.element.typed_value");
    }

    @Test
    void variantsNestedInRowsAndArraysAreVariantGroupsToo() {
        RowType row =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD(
                                                "r",
                                                DataTypes.ROW(
                                                        DataTypes.FIELD(
                                                                "v",
                                                                DataTypes.VARIANT().notNull()))),
                                        DataTypes.FIELD("a", DataTypes.ARRAY(DataTypes.VARIANT())))
                                .getLogicalType();
        ParquetSchema schema =
                FlinkToParquetSchema.toParquetSchema(row, Map.of("r.v", type(DataTypes.INT())));
        assertThat(schema.rowType()).isEqualTo(row);
        assertThat(schema.messageType().getType("r").asGroupType().getType("v").toString())
                .startsWith("required group v (VARIANT(1))");
        assertThat(schema.leaves())
                .extracting(PrimitiveNode::path)
                .containsExactly(
                        "r.v.metadata",
                        "r.v.value",
                        "r.v.typed_value",
                        "a.list.element.metadata",
                        "a.list.element.value");
    }

    @Test
    void refusesShreddingTypesTheSpecHasNoPlaceForAndKeysNamingNoVariant() {
        assertThatThrownBy(
                        () ->
                                FlinkToParquetSchema.toParquet(
                                        ROW, Map.of("v", type(DataTypes.TIMESTAMP(3)))))
                .hasMessageContaining("Cannot shred VARIANT column v")
                .hasMessageContaining("precision 6 or 9");
        assertThatThrownBy(
                        () ->
                                FlinkToParquetSchema.toParquet(
                                        ROW, Map.of("v", type(DataTypes.TIME()))))
                .hasMessageContaining("INT32 milliseconds");
        assertThatThrownBy(
                        () ->
                                FlinkToParquetSchema.toParquet(
                                        ROW,
                                        Map.of(
                                                "v",
                                                type(
                                                        DataTypes.MAP(
                                                                DataTypes.STRING(),
                                                                DataTypes.INT())))))
                .hasMessageContaining("cannot be shredded as this type");
        assertThatThrownBy(
                        () ->
                                FlinkToParquetSchema.toParquet(
                                        ROW, Map.of("id", type(DataTypes.INT()))))
                .hasMessageContaining("Cannot shred VARIANT column id")
                .hasMessageContaining("its VARIANT columns: v");
    }
}
