package io.pqx.format.schema;

import static io.pqx.format.schema.TestingSchemas.convert;
import static io.pqx.format.schema.TestingSchemas.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import org.apache.flink.table.types.logical.VariantType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/** The Parquet-to-Flink table of COMMON.md, one annotation per field. */
class PrimitiveTypeMappingTest {

    private static void assertReadsAs(String field, String flinkType) throws Exception {
        ParquetSchema schema = convert("message m { " + field + "; }");
        assertThat(schema.rowType().getTypeAt(0)).as(field).isEqualTo(sql(flinkType));
    }

    @Test
    void mapsIntegersBySignAndWidth() throws Exception {
        assertReadsAs("required boolean x", "BOOLEAN NOT NULL");
        assertReadsAs("required int32 x", "INT NOT NULL");
        assertReadsAs("optional int32 x", "INT");
        assertReadsAs("optional int32 x (INTEGER(8,true))", "TINYINT");
        assertReadsAs("optional int32 x (INTEGER(16,true))", "SMALLINT");
        assertReadsAs("optional int32 x (INTEGER(32,true))", "INT");
        assertReadsAs("optional int32 x (INTEGER(8,false))", "SMALLINT");
        assertReadsAs("optional int32 x (INTEGER(16,false))", "INT");
        assertReadsAs("optional int32 x (INTEGER(32,false))", "BIGINT");
        assertReadsAs("optional int32 x (INT_8)", "TINYINT");
        assertReadsAs("optional int32 x (UINT_32)", "BIGINT");
        assertReadsAs("required int64 x", "BIGINT NOT NULL");
        assertReadsAs("optional int64 x (INTEGER(64,true))", "BIGINT");
        assertReadsAs("optional int64 x (INTEGER(64,false))", "DECIMAL(20, 0)");
        assertReadsAs("optional int64 x (UINT_64)", "DECIMAL(20, 0)");
    }

    @Test
    void mapsFloatingPointIncludingFloat16() throws Exception {
        assertReadsAs("optional float x", "FLOAT");
        assertReadsAs("required double x", "DOUBLE NOT NULL");
        assertReadsAs("optional fixed_len_byte_array(2) x (FLOAT16)", "FLOAT");
    }

    @Test
    void mapsDecimalsOnEveryPhysicalType() throws Exception {
        assertReadsAs("optional int32 x (DECIMAL(9,2))", "DECIMAL(9, 2)");
        assertReadsAs("optional int64 x (DECIMAL(18,0))", "DECIMAL(18, 0)");
        assertReadsAs("optional fixed_len_byte_array(16) x (DECIMAL(38,10))", "DECIMAL(38, 10)");
        assertReadsAs("required binary x (DECIMAL(25,5))", "DECIMAL(25, 5) NOT NULL");
    }

    @Test
    void mapsDatesTimesAndTimestamps() throws Exception {
        assertReadsAs("optional int32 x (DATE)", "DATE");
        assertReadsAs("optional int32 x (TIME(MILLIS,false))", "TIME(3)");
        assertReadsAs("optional int32 x (TIME(MILLIS,true))", "TIME(3)");
        assertReadsAs("optional int64 x (TIME(MICROS,false))", "TIME(6)");
        assertReadsAs("optional int64 x (TIME(NANOS,true))", "TIME(9)");
        assertReadsAs("optional int32 x (TIME_MILLIS)", "TIME(3)");
        assertReadsAs("optional int64 x (TIME_MICROS)", "TIME(6)");
        assertReadsAs("optional int64 x (TIMESTAMP(MILLIS,false))", "TIMESTAMP(3)");
        assertReadsAs("optional int64 x (TIMESTAMP(MICROS,false))", "TIMESTAMP(6)");
        assertReadsAs("optional int64 x (TIMESTAMP(NANOS,false))", "TIMESTAMP(9)");
        assertReadsAs("optional int64 x (TIMESTAMP(MILLIS,true))", "TIMESTAMP_LTZ(3)");
        assertReadsAs("optional int64 x (TIMESTAMP(MICROS,true))", "TIMESTAMP_LTZ(6)");
        assertReadsAs("optional int64 x (TIMESTAMP(NANOS,true))", "TIMESTAMP_LTZ(9)");
        // legacy converted types are UTC-adjusted
        assertReadsAs("optional int64 x (TIMESTAMP_MILLIS)", "TIMESTAMP_LTZ(3)");
        assertReadsAs("optional int64 x (TIMESTAMP_MICROS)", "TIMESTAMP_LTZ(6)");
        assertReadsAs("optional int96 x", "TIMESTAMP(9)");
    }

    @Test
    void mapsByteArraysByAnnotation() throws Exception {
        assertReadsAs("optional binary x (STRING)", "STRING");
        assertReadsAs("optional binary x (UTF8)", "STRING");
        assertReadsAs("optional binary x (ENUM)", "STRING");
        assertReadsAs("optional binary x (JSON)", "STRING");
        assertReadsAs("optional binary x (BSON)", "BYTES");
        assertReadsAs("optional binary x", "BYTES");
        assertReadsAs("optional binary x (GEOMETRY)", "BYTES");
        assertReadsAs("optional binary x (GEOGRAPHY)", "BYTES");
        assertReadsAs("required fixed_len_byte_array(16) x (UUID)", "BINARY(16) NOT NULL");
        assertReadsAs("optional fixed_len_byte_array(12) x (INTERVAL)", "BINARY(12)");
        assertReadsAs("optional fixed_len_byte_array(7) x", "BINARY(7)");
    }

    @Test
    void fallsBackToThePhysicalTypeForUnknownOrMisplacedAnnotations() throws Exception {
        assertReadsAs("optional int32 x (UNKNOWN)", "INT");
        assertReadsAs("optional binary x (UNKNOWN)", "BYTES");
        // TIME on INT32 must be MILLIS; FLOAT16 must be 2 bytes
        assertReadsAs(
                misplaced(
                        PrimitiveTypeName.INT32,
                        0,
                        LogicalTypeAnnotation.timeType(false, TimeUnit.MICROS)),
                "INT");
        assertReadsAs(
                misplaced(
                        PrimitiveTypeName.INT64,
                        0,
                        LogicalTypeAnnotation.timeType(false, TimeUnit.MILLIS)),
                "BIGINT");
        assertReadsAs(
                misplaced(
                        PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
                        4,
                        LogicalTypeAnnotation.float16Type()),
                "BINARY(4)");
        assertReadsAs(
                misplaced(PrimitiveTypeName.INT64, 0, LogicalTypeAnnotation.dateType()), "BIGINT");
        assertReadsAs(
                misplaced(PrimitiveTypeName.INT32, 0, LogicalTypeAnnotation.intType(64, false)),
                "INT");
        assertReadsAs(
                misplaced(PrimitiveTypeName.BINARY, 0, LogicalTypeAnnotation.uuidType()), "BYTES");
    }

    /**
     * A type whose annotation does not fit its physical type (the Types builder would refuse it).
     */
    private static PrimitiveType misplaced(
            PrimitiveTypeName physical, int length, LogicalTypeAnnotation annotation) {
        return new PrimitiveType(Repetition.OPTIONAL, physical, length, "x")
                .withLogicalTypeAnnotation(annotation);
    }

    private static void assertReadsAs(PrimitiveType type, String flinkType) throws Exception {
        ParquetSchema schema = TestingSchemas.convert(new MessageType("m", type), null);
        assertThat(schema.rowType().getTypeAt(0)).as(type.toString()).isEqualTo(sql(flinkType));
    }

    @Test
    void readsVariantGroupAsVariant() throws Exception {
        MessageType message =
                Types.buildMessage()
                        .addField(
                                Types.optionalGroup()
                                        .as(LogicalTypeAnnotation.variantType((byte) 1))
                                        .required(PrimitiveTypeName.BINARY)
                                        .named("metadata")
                                        .optional(PrimitiveTypeName.BINARY)
                                        .named("value")
                                        .optional(PrimitiveTypeName.INT64)
                                        .named("typed_value")
                                        .named("v"))
                        .named("m");
        ParquetSchema schema = TestingSchemas.convert(message, null);
        assertThat(schema.rowType().getTypeAt(0)).isEqualTo(new VariantType(true));
        VariantNode variant = (VariantNode) schema.fields().get(0);
        assertThat(variant.shredded()).isTrue();
        assertThat(variant.physical().flinkType())
                .isEqualTo(sql("ROW<metadata BYTES NOT NULL, `value` BYTES, typed_value BIGINT>"));
    }

    @Test
    void rejectsDecimalPrecisionAboveFlinksMaximum() {
        assertThatThrownBy(
                        () ->
                                convert(
                                        "message m { optional group g { optional binary d"
                                                + " (DECIMAL(39,2)); } }"))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessage(
                        "Cannot read DECIMAL column: precision 39 is above 38, the most Flink's"
                                + " DECIMAL allows (test.parquet, column g.d)");
    }

    @Test
    void rejectsDecimalWithScaleAbovePrecisionAsCorrupt() {
        // scale 5 > precision 3: the Types builder refuses it, a footer may still say it
        MessageType message =
                new MessageType(
                        "m",
                        new PrimitiveType(Repetition.OPTIONAL, PrimitiveTypeName.INT32, "d")
                                .withLogicalTypeAnnotation(
                                        LogicalTypeAnnotation.decimalType(5, 3)));
        assertThatThrownBy(() -> TestingSchemas.convert(message, null))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read DECIMAL column: precision 3 and scale 5 do not satisfy 0 <="
                                + " scale <= precision, 1 <= precision (test.parquet, column d)");
    }

    @Test
    void rejectsZeroLengthFixedByteArray() {
        MessageType message =
                new MessageType(
                        "m",
                        new PrimitiveType(
                                Repetition.OPTIONAL,
                                PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
                                0,
                                "f"));
        assertThatThrownBy(() -> TestingSchemas.convert(message, null))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessage(
                        "Cannot read FIXED_LEN_BYTE_ARRAY column: length 0 is below 1, the least"
                                + " Flink's BINARY(n) allows (test.parquet, column f)");
    }
}
