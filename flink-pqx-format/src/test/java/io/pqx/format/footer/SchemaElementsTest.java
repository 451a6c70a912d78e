package io.pqx.format.footer;

import static io.pqx.format.footer.TestingFooterFiles.complexSchema;
import static org.apache.parquet.schema.LogicalTypeAnnotation.decimalType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.intType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.timeType;
import static org.apache.parquet.schema.LogicalTypeAnnotation.timestampType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.JsonType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.MicroSeconds;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.TimestampType;
import org.apache.parquet.format.Type;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SchemaElementsTest {
    private static final FileContext CTX = FileContext.of("s.parquet");

    @Test
    void roundTripsAComplexSchema() throws CorruptFileException {
        MessageType schema = complexSchema();
        List<SchemaElement> elements = SchemaElements.toThrift(schema);
        assertThat(elements.get(0).getName()).isEqualTo("complex");
        assertThat(elements.get(0).getNum_children()).isEqualTo(schema.getFieldCount());
        assertThat(SchemaElements.fromThrift(elements, CTX)).isEqualTo(schema);
    }

    private static SchemaElement element(String name) {
        return SchemaElements.toThrift(complexSchema()).stream()
                .filter(e -> e.getName().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void writesConvertedTypesOnlyWhereTheyMeanTheSame() {
        assertThat(element("tsms").getConverted_type()).isEqualTo(ConvertedType.TIMESTAMP_MILLIS);
        assertThat(element("tms").getConverted_type()).isEqualTo(ConvertedType.TIME_MILLIS);
        // The legacy TIME_*/TIMESTAMP_* types imply UTC; local and NANOS types have none.
        assertThat(element("tsus").isSetConverted_type()).isFalse();
        assertThat(element("tus").isSetConverted_type()).isFalse();
        assertThat(element("tns").isSetConverted_type()).isFalse();
        assertThat(element("u16").getConverted_type()).isEqualTo(ConvertedType.UINT_16);
        assertThat(element("s").getConverted_type()).isEqualTo(ConvertedType.UTF8);
        assertThat(element("id").isSetConverted_type()).isFalse();
        assertThat(element("id").getLogicalType().isSetUUID()).isTrue();
        // INTERVAL exists only as a converted type.
        assertThat(element("span").getConverted_type()).isEqualTo(ConvertedType.INTERVAL);
        assertThat(element("span").isSetLogicalType()).isFalse();
        SchemaElement decimal = element("dec38");
        assertThat(decimal.getConverted_type()).isEqualTo(ConvertedType.DECIMAL);
        assertThat(decimal.getScale()).isEqualTo(10);
        assertThat(decimal.getPrecision()).isEqualTo(38);
        assertThat(decimal.getType_length()).isEqualTo(16);
        assertThat(decimal.getLogicalType().getDECIMAL().getPrecision()).isEqualTo(38);
        assertThat(element("i8").getField_id()).isEqualTo(2);
        assertThat(element("geog").getLogicalType().getGEOGRAPHY().getCrs()).isEqualTo("srid:4326");
        assertThat(element("v").getLogicalType().getVARIANT().getSpecification_version())
                .isEqualTo((byte) 1);
    }

    static Stream<Arguments> convertedTypes() {
        return Stream.of(
                Arguments.of(
                        ConvertedType.UTF8,
                        PrimitiveTypeName.BINARY,
                        LogicalTypeAnnotation.stringType()),
                Arguments.of(
                        ConvertedType.ENUM,
                        PrimitiveTypeName.BINARY,
                        LogicalTypeAnnotation.enumType()),
                Arguments.of(
                        ConvertedType.JSON,
                        PrimitiveTypeName.BINARY,
                        LogicalTypeAnnotation.jsonType()),
                Arguments.of(
                        ConvertedType.BSON,
                        PrimitiveTypeName.BINARY,
                        LogicalTypeAnnotation.bsonType()),
                Arguments.of(
                        ConvertedType.DATE,
                        PrimitiveTypeName.INT32,
                        LogicalTypeAnnotation.dateType()),
                Arguments.of(
                        ConvertedType.TIME_MILLIS,
                        PrimitiveTypeName.INT32,
                        timeType(true, TimeUnit.MILLIS)),
                Arguments.of(
                        ConvertedType.TIME_MICROS,
                        PrimitiveTypeName.INT64,
                        timeType(true, TimeUnit.MICROS)),
                Arguments.of(
                        ConvertedType.TIMESTAMP_MILLIS,
                        PrimitiveTypeName.INT64,
                        timestampType(true, TimeUnit.MILLIS)),
                Arguments.of(
                        ConvertedType.TIMESTAMP_MICROS,
                        PrimitiveTypeName.INT64,
                        timestampType(true, TimeUnit.MICROS)),
                Arguments.of(ConvertedType.INT_8, PrimitiveTypeName.INT32, intType(8, true)),
                Arguments.of(ConvertedType.INT_16, PrimitiveTypeName.INT32, intType(16, true)),
                Arguments.of(ConvertedType.INT_32, PrimitiveTypeName.INT32, intType(32, true)),
                Arguments.of(ConvertedType.INT_64, PrimitiveTypeName.INT64, intType(64, true)),
                Arguments.of(ConvertedType.UINT_8, PrimitiveTypeName.INT32, intType(8, false)),
                Arguments.of(ConvertedType.UINT_16, PrimitiveTypeName.INT32, intType(16, false)),
                Arguments.of(ConvertedType.UINT_32, PrimitiveTypeName.INT32, intType(32, false)),
                Arguments.of(ConvertedType.UINT_64, PrimitiveTypeName.INT64, intType(64, false)),
                Arguments.of(ConvertedType.DECIMAL, PrimitiveTypeName.INT64, decimalType(3, 12)));
    }

    @ParameterizedTest
    @MethodSource("convertedTypes")
    void readsLegacyConvertedTypes(
            ConvertedType converted, PrimitiveTypeName physical, LogicalTypeAnnotation expected)
            throws CorruptFileException {
        SchemaElement leaf =
                new SchemaElement("x")
                        .setType(PhysicalTypes.toThrift(physical))
                        .setRepetition_type(FieldRepetitionType.OPTIONAL)
                        .setConverted_type(converted);
        if (converted == ConvertedType.DECIMAL) {
            leaf.setScale(3).setPrecision(12);
        }
        MessageType schema = SchemaElements.fromThrift(List.of(root(1), leaf), CTX);
        assertThat(schema.getType(0).getLogicalTypeAnnotation()).isEqualTo(expected);
    }

    @Test
    void readsLegacyIntervalAndGroupConvertedTypes() throws CorruptFileException {
        List<SchemaElement> elements =
                List.of(
                        root(3),
                        new SchemaElement("span")
                                .setType(Type.FIXED_LEN_BYTE_ARRAY)
                                .setType_length(12)
                                .setRepetition_type(FieldRepetitionType.REQUIRED)
                                .setConverted_type(ConvertedType.INTERVAL),
                        group("l", FieldRepetitionType.OPTIONAL, 1)
                                .setConverted_type(ConvertedType.LIST),
                        group("list", FieldRepetitionType.REPEATED, 1),
                        leaf("element", Type.INT32),
                        group("m", FieldRepetitionType.OPTIONAL, 1)
                                .setConverted_type(ConvertedType.MAP),
                        group("map", FieldRepetitionType.REPEATED, 2)
                                .setConverted_type(ConvertedType.MAP_KEY_VALUE),
                        leaf("key", Type.INT32),
                        leaf("value", Type.INT64));
        MessageType schema = SchemaElements.fromThrift(elements, CTX);
        assertThat(schema.getType("span").getLogicalTypeAnnotation())
                .isEqualTo(LogicalTypeAnnotation.intervalType());
        assertThat(schema.getType("l").getLogicalTypeAnnotation())
                .isEqualTo(LogicalTypeAnnotation.listType());
        assertThat(schema.getType("m").getLogicalTypeAnnotation())
                .isEqualTo(LogicalTypeAnnotation.mapType());
        assertThat(schema.getType("m").asGroupType().getType("map").getLogicalTypeAnnotation())
                .isEqualTo(LogicalTypeAnnotation.MapKeyValueTypeAnnotation.getInstance());
    }

    @Test
    void readsAnUnknownFutureLogicalTypeAsNoAnnotation() throws CorruptFileException {
        SchemaElement unknown = leaf("u", Type.BYTE_ARRAY);
        unknown.setLogicalType(new LogicalType()); // no union member set: an id from the future
        SchemaElement fallback = leaf("f", Type.BYTE_ARRAY);
        fallback.setLogicalType(new LogicalType()).setConverted_type(ConvertedType.UTF8);
        MessageType schema = SchemaElements.fromThrift(List.of(root(2), unknown, fallback), CTX);
        assertThat(schema.getType("u").getLogicalTypeAnnotation()).isNull();
        assertThat(schema.getType("f").getLogicalTypeAnnotation())
                .isEqualTo(LogicalTypeAnnotation.stringType());
    }

    @Test
    void prefersTheLogicalTypeOverTheConvertedType() throws CorruptFileException {
        SchemaElement ts = leaf("ts", Type.INT64);
        ts.setLogicalType(
                        LogicalType.TIMESTAMP(
                                new TimestampType(
                                        false,
                                        org.apache.parquet.format.TimeUnit.MICROS(
                                                new MicroSeconds()))))
                .setConverted_type(ConvertedType.TIMESTAMP_MICROS);
        MessageType schema = SchemaElements.fromThrift(List.of(root(1), ts), CTX);
        assertThat(schema.getType("ts").getLogicalTypeAnnotation())
                .isEqualTo(timestampType(false, TimeUnit.MICROS));
    }

    @Test
    void readsTheSchemaOfARealFileWithAnUnknownLogicalType() throws Exception {
        byte[] bytes =
                TestingFooters.bytes(TestingParquetFiles.data("unknown-logical-type.parquet"));
        MessageType schema =
                SchemaElements.fromThrift(TestingFooters.footer(bytes).getSchema(), CTX);
        assertThat(schema.getType("column with unknown type").getLogicalTypeAnnotation()).isNull();
        assertThat(schema.getType("column with known type").getLogicalTypeAnnotation())
                .isEqualTo(LogicalTypeAnnotation.stringType());
    }

    // --- corrupt schemas -------------------------------------------------------------------

    private static SchemaElement root(int children) {
        return new SchemaElement("root").setNum_children(children);
    }

    private static SchemaElement group(String name, FieldRepetitionType repetition, int children) {
        return new SchemaElement(name).setRepetition_type(repetition).setNum_children(children);
    }

    private static SchemaElement leaf(String name, Type type) {
        return new SchemaElement(name)
                .setType(type)
                .setRepetition_type(FieldRepetitionType.REQUIRED);
    }

    private static void assertCorrupt(List<SchemaElement> elements, String message) {
        assertThatThrownBy(() -> SchemaElements.fromThrift(elements, CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(message);
    }

    @Test
    void rejectsSiblingsLeftWithoutElementsByANestedGroup() {
        // the root's two children fit the three elements left, but the group takes the last one
        assertCorrupt(
                List.of(
                        root(2),
                        group("g", FieldRepetitionType.REQUIRED, 2),
                        leaf("a", Type.INT32),
                        leaf("b", Type.INT32)),
                "Cannot read schema: the root declares 2 children but the schema elements end after"
                        + " its child 1 (s.parquet)");
    }

    @Test
    void rejectsAnAnnotationThatContradictsTheTypeInItsOwnWordsWithoutACause() {
        SchemaElement leaf = leaf("t", Type.INT32).setLogicalType(LogicalType.JSON(new JsonType()));
        assertThatThrownBy(() -> SchemaElements.fromThrift(List.of(root(1), leaf), CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read schema: field 't' is invalid: JSON can only annotate BINARY"
                                + " (s.parquet)")
                .hasNoCause();
    }

    @Test
    void rejectsAnEmptyElementList() {
        assertCorrupt(
                List.of(), "Cannot read schema: the footer has no schema elements (s.parquet)");
    }

    @Test
    void rejectsARootThatIsNotAGroup() {
        assertCorrupt(
                List.of(leaf("root", Type.INT32)),
                "Cannot read schema: the root element 'root' is not a group (s.parquet)");
    }

    @Test
    void rejectsMoreChildrenThanElements() {
        assertCorrupt(
                List.of(
                        root(2),
                        group("g", FieldRepetitionType.OPTIONAL, 3),
                        leaf("a", Type.INT32)),
                "Cannot read schema: group 'g' declares 3 children but only 1 schema elements"
                        + " follow (s.parquet)");
    }

    @Test
    void rejectsElementsOutsideTheTree() {
        assertCorrupt(
                List.of(root(1), leaf("a", Type.INT32), leaf("b", Type.INT32)),
                "Cannot read schema: the schema tree covers 2 of the footer's 3 schema elements"
                        + " (s.parquet)");
    }

    @Test
    void rejectsANegativeChildCount() {
        assertCorrupt(
                List.of(root(1), group("g", FieldRepetitionType.OPTIONAL, -1)),
                "Cannot read schema: group 'g' has a negative child count -1 (s.parquet)");
    }

    @Test
    void rejectsAFieldWithoutRepetition() {
        assertCorrupt(
                List.of(root(1), new SchemaElement("a").setType(Type.INT32)),
                "Cannot read schema: field 'a' has no repetition type (s.parquet)");
    }

    @Test
    void rejectsDuplicateSiblingNames() {
        assertCorrupt(
                List.of(
                        root(1),
                        group("g", FieldRepetitionType.OPTIONAL, 2),
                        leaf("a", Type.INT32),
                        leaf("a", Type.INT64)),
                "Cannot read schema: group 'g' has two fields named 'a' (s.parquet)");
    }

    @Test
    void rejectsAFixedLengthArrayWithoutLength() {
        assertCorrupt(
                List.of(root(1), leaf("f", Type.FIXED_LEN_BYTE_ARRAY)),
                "Cannot read schema: FIXED_LEN_BYTE_ARRAY field 'f' has no valid type_length"
                        + " (s.parquet)");
    }

    @Test
    void rejectsALeafWithoutType() {
        assertCorrupt(
                List.of(
                        root(1),
                        new SchemaElement("x").setRepetition_type(FieldRepetitionType.REQUIRED)),
                "Cannot read schema: field 'x' has neither a type nor children (s.parquet)");
    }

    @Test
    void rejectsADecimalConvertedTypeWithoutPrecision() {
        assertCorrupt(
                List.of(root(1), leaf("d", Type.INT32).setConverted_type(ConvertedType.DECIMAL)),
                "Cannot read schema: field 'd' is invalid: DECIMAL converted type has no precision"
                        + " (s.parquet)");
    }

    @Test
    void rejectsAnAnnotationThatContradictsThePhysicalType() {
        assertThatThrownBy(
                        () ->
                                SchemaElements.fromThrift(
                                        List.of(
                                                root(1),
                                                leaf("d", Type.INT32)
                                                        .setConverted_type(ConvertedType.DECIMAL)
                                                        .setPrecision(20)),
                                        CTX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith("Cannot read schema: field 'd' is invalid: ")
                .hasMessageEndingWith(" (s.parquet)");
    }

    @Test
    void rejectsSchemasNestedTooDeep() {
        List<SchemaElement> elements = new ArrayList<>();
        elements.add(root(1));
        for (int i = 0; i < 600; i++) {
            elements.add(group("g" + i, FieldRepetitionType.OPTIONAL, 1));
        }
        elements.add(leaf("x", Type.INT32));
        assertCorrupt(
                elements,
                "Cannot read schema: the schema nests deeper than 500 levels (s.parquet)");
    }

    @Test
    void givesEveryLeafATypeDefinedColumnOrder() {
        MessageType schema = complexSchema();
        assertThat(SchemaElements.typeDefinedColumnOrders(schema))
                .hasSize(schema.getColumns().size())
                .allMatch(order -> order.isSetTYPE_ORDER());
    }

    @Test
    void keepsEmptyGroups() throws CorruptFileException {
        MessageType schema =
                SchemaElements.fromThrift(
                        List.of(root(1), group("empty", FieldRepetitionType.OPTIONAL, 0)), CTX);
        assertThat(schema.getType("empty").asGroupType().getFieldCount()).isZero();
    }
}
