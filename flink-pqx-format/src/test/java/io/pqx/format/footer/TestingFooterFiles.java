package io.pqx.format.footer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.schema.EdgeInterpolationAlgorithm;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * A schema of every kind of field, its footer, and a file around that footer, for the footer writer
 * tests here and in e2e-tests.
 */
public final class TestingFooterFiles {

    private TestingFooterFiles() {}

    /** Every annotation the format defines, nested groups, repeated fields and field ids. */
    public static MessageType complexSchema() {
        MessageType parsed =
                MessageTypeParser.parseMessageType(
                        "message complex {\n"
                                + "  required boolean b = 1;\n"
                                + "  optional int32 i8 (INTEGER(8,true)) = 2;\n"
                                + "  optional int32 u16 (INTEGER(16,false));\n"
                                + "  optional int32 u32 (INTEGER(32,false));\n"
                                + "  optional int64 u64 (INTEGER(64,false));\n"
                                + "  optional int64 i64 (INTEGER(64,true));\n"
                                + "  required int96 legacy_ts;\n"
                                + "  optional float f;\n"
                                + "  optional double d;\n"
                                + "  optional binary s (STRING);\n"
                                + "  optional binary e (ENUM);\n"
                                + "  optional binary j (JSON);\n"
                                + "  optional binary bs (BSON);\n"
                                + "  optional binary raw;\n"
                                + "  optional int32 dec9 (DECIMAL(9,2));\n"
                                + "  optional int64 dec18 (DECIMAL(18,4));\n"
                                + "  optional fixed_len_byte_array(16) dec38 (DECIMAL(38,10));\n"
                                + "  optional binary decb (DECIMAL(50,3));\n"
                                + "  optional int32 day (DATE);\n"
                                + "  optional int32 tms (TIME(MILLIS,true));\n"
                                + "  optional int64 tus (TIME(MICROS,false));\n"
                                + "  optional int64 tns (TIME(NANOS,true));\n"
                                + "  optional int64 tsms (TIMESTAMP(MILLIS,true));\n"
                                + "  optional int64 tsus (TIMESTAMP(MICROS,false));\n"
                                + "  optional int64 tsns (TIMESTAMP(NANOS,false));\n"
                                + "  optional fixed_len_byte_array(16) id (UUID);\n"
                                + "  optional fixed_len_byte_array(2) half (FLOAT16);\n"
                                + "  optional fixed_len_byte_array(12) span (INTERVAL);\n"
                                + "  optional fixed_len_byte_array(3) flba;\n"
                                + "  repeated int32 reps;\n"
                                + "  optional group l (LIST) = 9 {\n"
                                + "    repeated group list {\n"
                                + "      optional group element {\n"
                                + "        required int32 x = 10;\n"
                                + "        optional group m (MAP) {\n"
                                + "          repeated group key_value {\n"
                                + "            required binary key (STRING);\n"
                                + "            optional group value (LIST) {\n"
                                + "              repeated group list { required double element; }\n"
                                + "            }\n"
                                + "          }\n"
                                + "        }\n"
                                + "      }\n"
                                + "    }\n"
                                + "  }\n"
                                + "  optional group legacy (MAP) {\n"
                                + "    repeated group map (MAP_KEY_VALUE) {\n"
                                + "      required int32 key;\n"
                                + "      optional binary value (UTF8);\n"
                                + "    }\n"
                                + "  }\n"
                                + "}");
        List<Type> fields = new ArrayList<>(parsed.getFields());
        fields.add(
                Types.optional(PrimitiveTypeName.BINARY)
                        .as(LogicalTypeAnnotation.geometryType("OGC:CRS84"))
                        .named("geom"));
        fields.add(
                Types.optional(PrimitiveTypeName.BINARY)
                        .as(LogicalTypeAnnotation.geometryType(null))
                        .named("geom_default"));
        fields.add(
                Types.optional(PrimitiveTypeName.BINARY)
                        .as(
                                LogicalTypeAnnotation.geographyType(
                                        "srid:4326", EdgeInterpolationAlgorithm.VINCENTY))
                        .named("geog"));
        fields.add(
                Types.optional(PrimitiveTypeName.INT32)
                        .as(LogicalTypeAnnotation.unknownType())
                        .named("always_null"));
        fields.add(
                Types.optionalGroup()
                        .as(LogicalTypeAnnotation.variantType((byte) 1))
                        .required(PrimitiveTypeName.BINARY)
                        .named("metadata")
                        .optional(PrimitiveTypeName.BINARY)
                        .named("value")
                        .optional(PrimitiveTypeName.INT64)
                        .named("typed_value")
                        .named("v"));
        return new MessageType("complex", fields);
    }

    public static FileMetaData footer(MessageType schema) {
        FileMetaData footer =
                new FileMetaData(1, SchemaElements.toThrift(schema), 0, new ArrayList<>());
        footer.setCreated_by("pqx test");
        footer.addToKey_value_metadata(new KeyValue("k").setValue("v"));
        footer.addToKey_value_metadata(new KeyValue("no value"));
        return footer;
    }

    public static byte[] file(FileMetaData footer) throws IOException {
        return TestingFooters.withFooter(ParquetMagic.MAGIC.clone(), footer);
    }
}
