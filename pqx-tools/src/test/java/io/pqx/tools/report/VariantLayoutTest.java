package io.pqx.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.metadata.SchemaView;
import java.util.List;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * The shredding layout of VARIANT groups, from Parquet schemas written here; corpus files are
 * covered by {@code SchemaCommandTest}.
 */
class VariantLayoutTest {

    @Test
    void aSchemaWithoutVariantHasNoLayout() {
        assertThat(
                        layout(
                                "message m {",
                                "  required int32 id;",
                                "  optional group s {",
                                "    optional binary value;",
                                "  }",
                                "}"))
                .isEmpty();
    }

    @Test
    void namesEveryShreddedTypeByItsVariantType() {
        String[] types = {
            "boolean",
            "int32 (INTEGER(8,true))",
            "int32 (INTEGER(16,true))",
            "int32",
            "int64 (INTEGER(64,true))",
            "float",
            "double",
            "int32 (DECIMAL(9,2))",
            "int64 (DECIMAL(18,0))",
            "fixed_len_byte_array(16) (DECIMAL(38,10))",
            "int32 (DATE)",
            "int64 (TIME(MICROS,false))",
            "int64 (TIMESTAMP(MICROS,true))",
            "int64 (TIMESTAMP(MICROS,false))",
            "int64 (TIMESTAMP(NANOS,true))",
            "int64 (TIMESTAMP(NANOS,false))",
            "binary",
            "binary (STRING)",
            "fixed_len_byte_array(16) (UUID)",
            "int64 (TIME(NANOS,false))",
            "binary (JSON)"
        };
        String[] expected = {
            "boolean",
            "int8",
            "int16",
            "int32",
            "int64",
            "float",
            "double",
            "decimal4(9,2)",
            "decimal8(18,0)",
            "decimal16(38,10)",
            "date",
            "time",
            "timestamp_tz",
            "timestamp_ntz",
            "timestamp_nanos_tz",
            "timestamp_nanos_ntz",
            "binary",
            "string",
            "uuid",
            "of Parquet type int64 (TIME(NANOS,false)), no Variant type",
            "of Parquet type binary (JSON), no Variant type"
        };
        for (int i = 0; i < types.length; i++) {
            String type = types[i];
            String physical = type.contains(" (") ? type.substring(0, type.indexOf(" (")) : type;
            String annotation = type.contains(" (") ? type.substring(type.indexOf(" (")) : "";
            assertThat(
                            layout(
                                    "message m {",
                                    "  optional group v (VARIANT(1)) {",
                                    "    required binary metadata;",
                                    "    optional " + physical + " typed_value" + annotation + ";",
                                    "  }",
                                    "}"))
                    .as(type)
                    .isEqualTo(
                            "variant v: VARIANT(1), shredded\n  $  typed_value "
                                    + expected[i]
                                    + "\n");
        }
    }

    @Test
    void showsObjectsAndArraysByTheirPlaceInTheValue() {
        assertThat(
                        layout(
                                "message m {",
                                "  required int32 id;",
                                "  optional group s {",
                                "    optional group v (VARIANT(1)) {",
                                "      required binary metadata;",
                                "      optional binary value;",
                                "      optional group typed_value {",
                                "        required group items {",
                                "          optional binary value;",
                                "          optional group typed_value (LIST) {",
                                "            repeated group list {",
                                "              required group element {",
                                "                optional binary value;",
                                "                optional int64 typed_value;",
                                "              }",
                                "            }",
                                "          }",
                                "        }",
                                "        required group a-b {",
                                "          optional binary typed_value (STRING);",
                                "        }",
                                "        required group 日 {",
                                "          optional binary value;",
                                "        }",
                                "      }",
                                "    }",
                                "  }",
                                "  required group plain (VARIANT(1)) {",
                                "    required binary metadata;",
                                "    required binary value;",
                                "  }",
                                "}"))
                .isEqualTo(
                        "variant s.v: VARIANT(1), shredded\n"
                                + "  $           value, typed_value object\n"
                                + "  $.items     value, typed_value array\n"
                                + "  $.items[*]  value, typed_value int64\n"
                                + "  $[\"a-b\"]    typed_value string\n"
                                + "  $[\"日\"]      value\n"
                                + "variant plain: VARIANT(1), not shredded\n");
    }

    /**
     * A MAP where an object or array belongs: marked, and its fields are no places in the value.
     */
    @Test
    void marksAGroupThatIsNoVariantType() {
        assertThat(
                        layout(
                                "message m {",
                                "  optional group v (VARIANT(1)) {",
                                "    required binary metadata;",
                                "    optional group typed_value (MAP) {",
                                "      repeated group key_value {",
                                "        required binary key (STRING);",
                                "        optional int32 value;",
                                "      }",
                                "    }",
                                "  }",
                                "}"))
                .isEqualTo(
                        "variant v: VARIANT(1), shredded\n"
                                + "  $  typed_value of Parquet type group (MAP), no Variant type\n");
    }

    /** A name parquet-column prints but cannot parse back: a note, not a failed command. */
    @Test
    void aSchemaTextThatDoesNotParseGivesANote() {
        MessageType message =
                Types.buildMessage()
                        .optionalGroup()
                        .as(LogicalTypeAnnotation.variantType((byte) 1))
                        .required(PrimitiveTypeName.BINARY)
                        .named("metadata")
                        .optional(PrimitiveTypeName.BINARY)
                        .named("value")
                        .named("my var")
                        .named("m");
        assertThat(
                        VariantLayout.of(
                                new SchemaView(message.toString(), List.of("my var"), List.of())))
                .startsWith("variant layout: not shown, the schema's text does not parse back (")
                .endsWith(")\n");
    }

    private static String layout(String... lines) {
        MessageType message = MessageTypeParser.parseMessageType(String.join("\n", lines));
        return VariantLayout.of(new SchemaView(message.toString(), List.of(), List.of()));
    }
}
