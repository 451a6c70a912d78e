package io.pqx.format.schema;

import static io.pqx.format.schema.TestingSchemas.convert;
import static io.pqx.format.schema.TestingSchemas.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import org.junit.jupiter.api.Test;

/**
 * Every LIST and MAP shape of the "Backward-compatibility rules" of the Parquet LogicalTypes spec,
 * plus the shapes of the parquet-testing files that use them.
 */
class CollectionLayoutsTest {

    private static ParquetSchema assertReadsAs(String fields, String rowType) throws Exception {
        ParquetSchema schema = convert("message m {\n" + fields + "\n}");
        assertThat(schema.rowType()).isEqualTo(sql(rowType));
        TestingSchemas.assertConsistent(schema);
        return schema;
    }

    private static void assertList(SchemaNode node, int def, int elementDef, int rep) {
        ListNode list = (ListNode) node;
        assertThat(list.definitionLevel()).as("definition level").isEqualTo(def);
        assertThat(list.elementDefinitionLevel())
                .as("element definition level")
                .isEqualTo(elementDef);
        assertThat(list.repetitionLevel()).as("repetition level").isEqualTo(rep);
    }

    @Test
    void readsTheStandardThreeLevelList() throws Exception {
        ParquetSchema schema =
                assertReadsAs(
                        "optional group my_list (LIST) {"
                                + " repeated group list { optional binary element (STRING); } }",
                        "ROW<my_list ARRAY<STRING>> NOT NULL");
        assertList(schema.fields().get(0), 1, 2, 1);
        assertThat(schema.leaves().get(0).definitionLevel()).isEqualTo(3);
    }

    @Test
    void ruleOneRepeatedPrimitiveIsTheRequiredElement() throws Exception {
        ParquetSchema schema =
                assertReadsAs(
                        "optional group my_list (LIST) { repeated int32 element; }",
                        "ROW<my_list ARRAY<INT NOT NULL>> NOT NULL");
        assertList(schema.fields().get(0), 1, 2, 1);
        PrimitiveNode element = (PrimitiveNode) ((ListNode) schema.fields().get(0)).element();
        assertThat(element.definitionLevel()).isEqualTo(2);
        assertThat(element.path()).isEqualTo("my_list.element");
    }

    @Test
    void ruleTwoRepeatedGroupOfSeveralFieldsIsTheRequiredElement() throws Exception {
        ParquetSchema schema =
                assertReadsAs(
                        "optional group my_list (LIST) { repeated group element {"
                                + " required binary str (STRING); required int32 num; } }",
                        "ROW<my_list ARRAY<ROW<str STRING NOT NULL, num INT NOT NULL> NOT NULL>>"
                                + " NOT NULL");
        StructNode element = (StructNode) ((ListNode) schema.fields().get(0)).element();
        assertThat(element.definitionLevel()).isEqualTo(2);
        assertThat(element.repetitionLevel()).isEqualTo(1);
    }

    @Test
    void ruleThreeRepeatedGroupWhoseOnlyFieldRepeatsIsTheElement() throws Exception {
        ParquetSchema schema =
                assertReadsAs(
                        "optional group my_list (LIST) { repeated group array (LIST) {"
                                + " repeated int32 array; } }",
                        "ROW<my_list ARRAY<ARRAY<INT NOT NULL> NOT NULL>> NOT NULL");
        ListNode outer = (ListNode) schema.fields().get(0);
        assertList(outer, 1, 2, 1);
        assertList(outer.element(), 2, 3, 2);
        assertThat(schema.leaves().get(0).definitionLevel()).isEqualTo(3);
        assertThat(schema.leaves().get(0).repetitionLevel()).isEqualTo(2);

        // the same rule for an unannotated group: a one-field ROW holding a list
        assertReadsAs(
                "optional group my_list (LIST) { repeated group bag { repeated int32 x; } }",
                "ROW<my_list ARRAY<ROW<x ARRAY<INT NOT NULL> NOT NULL> NOT NULL>> NOT NULL");
    }

    @Test
    void ruleFourArrayOrTupleNamedGroupIsTheElement() throws Exception {
        assertReadsAs(
                "optional group my_list (LIST) { repeated group array { required binary str"
                        + " (STRING); } }",
                "ROW<my_list ARRAY<ROW<str STRING NOT NULL> NOT NULL>> NOT NULL");
        assertReadsAs(
                "optional group my_list (LIST) { repeated group my_list_tuple {"
                        + " required binary str (STRING); } }",
                "ROW<my_list ARRAY<ROW<str STRING NOT NULL> NOT NULL>> NOT NULL");
        // _tuple of another name is rule 5
        assertReadsAs(
                "optional group my_list (LIST) { repeated group other_tuple {"
                        + " required binary str (STRING); } }",
                "ROW<my_list ARRAY<STRING NOT NULL>> NOT NULL");
    }

    @Test
    void ruleFiveOtherwiseTheOnlyFieldIsTheElementWithItsRepetition() throws Exception {
        ParquetSchema schema =
                assertReadsAs(
                        "optional group my_list (LIST) { repeated group element {"
                                + " optional binary str (STRING); } }",
                        "ROW<my_list ARRAY<STRING>> NOT NULL");
        assertThat(schema.leaves().get(0).definitionLevel()).isEqualTo(3);
        assertThat(schema.leaves().get(0).path()).isEqualTo("my_list.element.str");
        // Hive's names
        assertReadsAs(
                "required group l (LIST) { repeated group bag { optional int32 array_element; } }",
                "ROW<l ARRAY<INT> NOT NULL> NOT NULL");
    }

    @Test
    void readsOldListStructureOfParquetAvro() throws Exception {
        // parquet-testing data/old_list_structure.parquet
        ParquetSchema schema =
                assertReadsAs(
                        "required group a (LIST) { repeated group array (LIST) { repeated int32"
                                + " array; } }",
                        "ROW<a ARRAY<ARRAY<INT NOT NULL> NOT NULL> NOT NULL> NOT NULL");
        assertList(schema.fields().get(0), 0, 1, 1);
        assertList(((ListNode) schema.fields().get(0)).element(), 1, 2, 2);
        assertThat(schema.leaves().get(0).path()).isEqualTo("a.array.array");
    }

    @Test
    void readsUnannotatedRepeatedFieldsAsRequiredListsOfRequiredElements() throws Exception {
        // parquet-testing data/repeated_primitive_no_list.parquet
        ParquetSchema schema =
                assertReadsAs(
                        "repeated int32 Int32_list;\n"
                                + "repeated binary String_list (STRING);\n"
                                + "required group group_of_lists {\n"
                                + "  repeated int32 Int32_list_in_group;\n"
                                + "  repeated binary String_list_in_group (STRING);\n"
                                + "}",
                        "ROW<Int32_list ARRAY<INT NOT NULL> NOT NULL, String_list ARRAY<STRING NOT"
                                + " NULL> NOT NULL, group_of_lists ROW<Int32_list_in_group ARRAY<INT"
                                + " NOT NULL> NOT NULL, String_list_in_group ARRAY<STRING NOT NULL> NOT"
                                + " NULL> NOT NULL> NOT NULL");
        ListNode list = (ListNode) schema.fields().get(0);
        assertList(list, 0, 1, 1);
        assertThat(list.parquetType()).isSameAs(list.element().parquetType());
        assertThat(list.element().definitionLevel()).isEqualTo(1);
    }

    @Test
    void readsUnannotatedRepeatedGroupAsListOfRows() throws Exception {
        // parquet-testing data/repeated_no_annotation.parquet
        ParquetSchema schema =
                assertReadsAs(
                        "required int32 id;\n"
                                + "optional group phoneNumbers {\n"
                                + "  repeated group phone { required int64 number; optional binary kind"
                                + " (STRING); }\n"
                                + "}",
                        "ROW<id INT NOT NULL, phoneNumbers ROW<phone ARRAY<ROW<number BIGINT NOT"
                                + " NULL, kind STRING> NOT NULL> NOT NULL>> NOT NULL");
        StructNode phoneNumbers = (StructNode) schema.fields().get(1);
        assertList(phoneNumbers.fields().get(0), 1, 2, 1);
        assertThat(schema.leaves())
                .extracting(PrimitiveNode::definitionLevel)
                .containsExactly(0, 2, 3);
    }

    @Test
    void readsARepeatedListGroupOutsideAListAsListOfLists() throws Exception {
        ParquetSchema schema =
                assertReadsAs(
                        "repeated group x (LIST) { repeated int32 e; }",
                        "ROW<x ARRAY<ARRAY<INT NOT NULL> NOT NULL> NOT NULL> NOT NULL");
        assertList(schema.fields().get(0), 0, 1, 1);
        assertList(((ListNode) schema.fields().get(0)).element(), 1, 2, 2);
    }

    @Test
    void readsNestedStandardLists() throws Exception {
        // parquet-testing data/nested_lists.snappy.parquet
        ParquetSchema schema =
                assertReadsAs(
                        "optional group a (LIST) { repeated group list { optional group element"
                                + " (LIST) { repeated group list { optional group element (LIST) {"
                                + " repeated group list { optional binary element (STRING); } } } } }"
                                + " }\n"
                                + "required int32 b;",
                        "ROW<a ARRAY<ARRAY<ARRAY<STRING>>>, b INT NOT NULL> NOT NULL");
        assertThat(schema.leaves().get(0).definitionLevel()).isEqualTo(7);
        assertThat(schema.leaves().get(0).repetitionLevel()).isEqualTo(3);
    }

    @Test
    void readsTheStandardMap() throws Exception {
        ParquetSchema schema =
                assertReadsAs(
                        "optional group m (MAP) { repeated group key_value {"
                                + " required binary key (STRING); optional int32 value; } }",
                        "ROW<m MAP<STRING NOT NULL, INT>> NOT NULL");
        MapNode map = (MapNode) schema.fields().get(0);
        assertThat(map.definitionLevel()).isEqualTo(1);
        assertThat(map.entryDefinitionLevel()).isEqualTo(2);
        assertThat(map.repetitionLevel()).isEqualTo(1);
        assertThat(map.key().definitionLevel()).isEqualTo(2);
        assertThat(map.value().definitionLevel()).isEqualTo(3);
    }

    @Test
    void readsMapsByPositionWhateverTheirNames() throws Exception {
        assertReadsAs(
                "optional group my_map (MAP) { repeated group map {"
                        + " required binary str (STRING); required int32 num; } }",
                "ROW<my_map MAP<STRING NOT NULL, INT NOT NULL>> NOT NULL");
    }

    @Test
    void readsMapKeyValueOutsideMapAsMap() throws Exception {
        assertReadsAs(
                "optional group my_map (MAP_KEY_VALUE) { repeated group map {"
                        + " required binary key (STRING); optional int32 value; } }",
                "ROW<my_map MAP<STRING NOT NULL, INT>> NOT NULL");
    }

    @Test
    void readsImpalaMapsWithMapKeyValueRepeatedGroup() throws Exception {
        // parquet-testing data/nullable.impala.parquet
        ParquetSchema schema =
                assertReadsAs(
                        "optional group int_Map_Array (LIST) { repeated group list { optional group"
                                + " element (MAP) { repeated group map (MAP_KEY_VALUE) { required"
                                + " binary key (STRING); optional int32 value; } } } }",
                        "ROW<int_Map_Array ARRAY<MAP<STRING NOT NULL, INT>>> NOT NULL");
        assertThat(schema.leaves())
                .extracting(PrimitiveNode::definitionLevel)
                .containsExactly(4, 5);
        assertThat(schema.leaves())
                .extracting(PrimitiveNode::repetitionLevel)
                .containsExactly(2, 2);
    }

    @Test
    void readsMapWithoutValueFieldAsNullValues() throws Exception {
        // parquet-testing data/map_no_value.parquet
        ParquetSchema schema =
                assertReadsAs(
                        "required group my_map_no_v (MAP) { repeated group key_value { required"
                                + " int32 key; } }",
                        "ROW<my_map_no_v MAP<INT NOT NULL, BOOLEAN> NOT NULL> NOT NULL");
        MapNode map = (MapNode) schema.fields().get(0);
        assertThat(map.value()).isNull();
        assertThat(map.entryDefinitionLevel()).isEqualTo(1);
        assertThat(schema.leaves()).hasSize(1);
    }

    @Test
    void acceptsOptionalMapKeysOfPrestoAndTrino() throws Exception {
        // parquet-testing data/incorrect_map_schema.parquet
        ParquetSchema schema =
                assertReadsAs(
                        "optional group my_map (MAP) { repeated group key_value (MAP_KEY_VALUE) {"
                                + " optional binary key (STRING); optional binary value (STRING); } }",
                        "ROW<my_map MAP<STRING, STRING>> NOT NULL");
        MapNode map = (MapNode) schema.fields().get(0);
        assertThat(map.key().definitionLevel()).isEqualTo(3);
    }

    @Test
    void readsNestedMaps() throws Exception {
        // parquet-testing data/nested_maps.snappy.parquet
        ParquetSchema schema =
                assertReadsAs(
                        "optional group a (MAP) { repeated group key_value { required binary key"
                                + " (STRING); optional group value (MAP) { repeated group key_value {"
                                + " required int32 key; required boolean value; } } } }",
                        "ROW<a MAP<STRING NOT NULL, MAP<INT NOT NULL, BOOLEAN NOT NULL>>> NOT"
                                + " NULL");
        assertThat(schema.leaves())
                .extracting(PrimitiveNode::definitionLevel)
                .containsExactly(2, 4, 4);
        assertThat(schema.leaves())
                .extracting(PrimitiveNode::repetitionLevel)
                .containsExactly(1, 2, 2);
    }

    @Test
    void rejectsListGroupsOfAnotherShape() {
        assertThatThrownBy(
                        () ->
                                convert(
                                        "message m { optional group l (LIST) {"
                                                + " repeated int32 a; repeated int32 b; } }"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read LIST column: the LIST group has 2 fields, it must have exactly"
                                + " one repeated field (test.parquet, column l)");
        assertThatThrownBy(
                        () ->
                                convert(
                                        "message m { optional group s { optional group l (LIST) {"
                                                + " optional int32 element; } } }"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read LIST column: the only field of the LIST group, element, is"
                                + " OPTIONAL, it must be REPEATED (test.parquet, column s.l)");
    }

    @Test
    void rejectsMapGroupsOfAnotherShape() {
        assertThatThrownBy(
                        () ->
                                convert(
                                        "message m { optional group m (MAP) { repeated group kv {"
                                                + " required int32 key; } optional int32 x; } }"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read MAP column: the MAP group has 2 fields, it must have exactly"
                                + " one repeated group (test.parquet, column m)");
        assertThatThrownBy(
                        () ->
                                convert(
                                        "message m { optional group m (MAP) { repeated int32 key; }"
                                                + " }"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read MAP column: the only field of the MAP group, key, is REPEATED"
                                + " primitive, it must be a REPEATED group (test.parquet, column m)");
        assertThatThrownBy(
                        () ->
                                convert(
                                        "message m { optional group m (MAP) {"
                                                + " optional group kv { required int32 key; } } }"))
                .hasMessage(
                        "Cannot read MAP column: the only field of the MAP group, kv, is OPTIONAL"
                                + " group, it must be a REPEATED group (test.parquet, column m)");
        assertThatThrownBy(
                        () ->
                                convert(
                                        "message m { optional group m (MAP) { repeated group kv {"
                                                + " required int32 key; optional int32 v1; optional"
                                                + " int32 v2; } } }"))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read MAP column: the key/value group kv has 3 fields, it must have"
                                + " a key and at most one value (test.parquet, column m)");
    }
}
