package io.pqx.format.schema;

import static io.pqx.format.schema.TestingSchemas.convert;
import static io.pqx.format.schema.TestingSchemas.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import java.util.List;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VariantType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/** How variant groups map to Flink: annotated, unannotated (Spark 4.0) and broken shapes. */
class VariantSchemaTest {

    private static MessageType parse(String schema) {
        return MessageTypeParser.parseMessageType(schema);
    }

    @Test
    void annotatedGroupReadsAsVariantOfItsRepetition() throws Exception {
        ParquetSchema schema =
                TestingSchemas.convert(
                        parse(
                                "message m { required group a (VARIANT(1)) { required binary"
                                        + " metadata; required binary value; } optional group b"
                                        + " (VARIANT(1)) { required binary metadata; optional"
                                        + " binary value; optional group typed_value { required"
                                        + " group x { optional binary value; optional int64"
                                        + " typed_value (TIMESTAMP(NANOS,true)); } } } }"),
                        null);
        assertThat(schema.rowType()).isEqualTo(sql("ROW<a VARIANT NOT NULL, b VARIANT> NOT NULL"));
        assertThat(((VariantNode) schema.fields().get(0)).shredded()).isFalse();
        VariantNode b = (VariantNode) schema.fields().get(1);
        assertThat(b.shredded()).isTrue();
        assertThat(b.path()).isEqualTo("b");
        // inside a variant, a timestamp leaf is read raw: the variant encodes it as stored
        assertThat(b.physical().leaves().get(3).flinkType()).isEqualTo(sql("BIGINT"));
        assertThat(schema.leaves()).hasSize(6);
    }

    @Test
    void unannotatedLayoutIsVariantOnlyWhenDeclared() throws Exception {
        MessageType spark =
                parse(
                        "message m { optional group v { required binary metadata; required binary"
                                + " value; } }");
        assertThat(convert(spark, null).rowType())
                .isEqualTo(
                        sql(
                                "ROW<v ROW<metadata BYTES NOT NULL, `value` BYTES NOT NULL>> NOT NULL"));
        RowType declared = (RowType) sql("ROW<v VARIANT>");
        ParquetSchema asVariant = convert(spark, declared);
        assertThat(asVariant.rowType()).isEqualTo(declared);
        assertThat(asVariant.fields().get(0)).isInstanceOf(VariantNode.class);
        // asked for by name, as the SQL connector does for a declared VARIANT column
        ParquetSchema asked =
                ParquetToFlinkSchema.readAsVariant(convert(spark, null), List.of("v"));
        assertThat(asked.rowType().getTypeAt(0)).isEqualTo(new VariantType(true));
        assertThat(asked.leaves()).isEqualTo(convert(spark, null).leaves());
    }

    @Test
    void otherGroupsAreNotReadAsVariant() throws Exception {
        MessageType three =
                parse(
                        "message m { optional group v { required binary metadata; required binary"
                                + " value; optional binary extra; } }");
        assertThat(convert(three, (RowType) sql("ROW<v VARIANT>")).rowType().getTypeAt(0))
                .isInstanceOf(RowType.class);
        assertThatThrownBy(
                        () ->
                                ParquetToFlinkSchema.readAsVariant(
                                        convert(three, null), List.of("v")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Cannot read v as VARIANT");
        // a declared ROW over a VARIANT group does not fit: the file's types are used
        MessageType annotated =
                parse(
                        "message m { optional group v (VARIANT(1)) { required binary metadata;"
                                + " required binary value; } }");
        assertThat(
                        convert(
                                        annotated,
                                        (RowType) sql("ROW<v ROW<metadata BYTES, `value` BYTES>>"))
                                .rowType()
                                .getTypeAt(0))
                .isEqualTo(new VariantType(true));
    }

    /** The refusal a broken variant group carries, thrown when the variant is read. */
    private static Exception shapeError(String message) throws Exception {
        return ((VariantNode) convert(message).fields().get(0)).shapeError();
    }

    @Test
    void shapesTheSpecForbidsAreRefusedWhenRead() throws Exception {
        assertThat(
                        shapeError(
                                "message m { optional group v (VARIANT(1)) { required binary"
                                        + " value; } }"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("it has no binary metadata field")
                .hasMessageContaining("column v");
        assertThat(
                        shapeError(
                                "message m { optional group v (VARIANT(1)) { required binary"
                                        + " metadata; } }"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("neither a value nor a typed_value");
        assertThat(
                        shapeError(
                                "message m { optional group v (VARIANT(1)) { required binary"
                                        + " metadata; optional binary value; optional group"
                                        + " typed_value { optional group a { optional binary value;"
                                        + " } } } }"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("shredded field a is not a REQUIRED group");
        assertThat(
                        shapeError(
                                "message m { optional group v (VARIANT(1)) { required binary"
                                        + " metadata; optional binary value; optional int32"
                                        + " typed_value (TIME(MILLIS,false)); } }"))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessageContaining("is not a type the shredding spec allows");
        // a well-formed group carries none
        assertThat(
                        shapeError(
                                "message m { optional group v (VARIANT(1)) { required binary"
                                        + " metadata; optional binary value; optional int32"
                                        + " typed_value (DATE); } }"))
                .isNull();
    }
}
