package io.pqx.format.schema;

import static io.pqx.format.schema.TestingSchemas.parse;
import static io.pqx.format.schema.TestingSchemas.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SchemaProjectionTest {

    private static final RowType WRITTEN =
            (RowType)
                    sql(
                            "ROW<id BIGINT NOT NULL, Name STRING, addr ROW<street STRING, geo"
                                    + " ROW<lat DOUBLE, lon DOUBLE>, zip INT>, tags ARRAY<STRING>,"
                                    + " attrs MAP<STRING, INT>, ts TIMESTAMP(6)>");

    private ParquetSchema file;

    @BeforeEach
    void convertFile() throws Exception {
        file = FlinkToParquetSchema.toParquetSchema(WRITTEN);
    }

    @Test
    void selectsTopLevelColumnsInRequestedOrder() {
        ParquetSchema projected = SchemaProjection.project(file, List.of("ts", "tags", "id"));
        assertThat(projected.rowType())
                .isEqualTo(sql("ROW<ts TIMESTAMP(6), tags ARRAY<STRING>, id BIGINT NOT NULL>"));
        assertThat(projected.messageType())
                .isEqualTo(
                        parse(
                                "message flink_schema {\n"
                                        + "  optional int64 ts (TIMESTAMP(MICROS,false));\n"
                                        + "  optional group tags (LIST) {\n"
                                        + "    repeated group list { optional binary element (STRING);"
                                        + " }\n"
                                        + "  }\n"
                                        + "  required int64 id;\n"
                                        + "}"));
        assertThat(projected.leaves())
                .extracting(PrimitiveNode::leafIndex)
                .containsExactly(9, 6, 0);
        assertThat(projected.leaves())
                .extracting(PrimitiveNode::column)
                .containsExactly(
                        file.leaves().get(9).column(),
                        file.leaves().get(6).column(),
                        file.leaves().get(0).column());
        // the projected message's own columns line up with the leaves
        assertThat(projected.messageType().getColumns())
                .containsExactlyElementsOf(
                        projected.leaves().stream().map(PrimitiveNode::column).toList());
    }

    @Test
    void selectsNestedFieldsKeepingSchemaOrderAndLevels() {
        ParquetSchema projected =
                SchemaProjection.project(file, List.of("addr.zip", "addr.geo.lat", "attrs"));
        assertThat(projected.rowType())
                .isEqualTo(
                        sql("ROW<addr ROW<geo ROW<lat DOUBLE>, zip INT>, attrs MAP<STRING, INT>>"));
        assertThat(projected.messageType())
                .isEqualTo(
                        parse(
                                "message flink_schema {\n"
                                        + "  optional group addr {\n"
                                        + "    optional group geo { optional double lat; }\n"
                                        + "    optional int32 zip;\n"
                                        + "  }\n"
                                        + "  optional group attrs (MAP) {\n"
                                        + "    repeated group key_value {\n"
                                        + "      required binary key (STRING);\n"
                                        + "      optional int32 value;\n"
                                        + "    }\n"
                                        + "  }\n"
                                        + "}"));
        assertThat(projected.leaves())
                .extracting(PrimitiveNode::path)
                .containsExactly(
                        "addr.geo.lat", "addr.zip", "attrs.key_value.key", "attrs.key_value.value");
        assertThat(projected.leaves())
                .extracting(PrimitiveNode::leafIndex)
                .containsExactly(3, 5, 7, 8);
        PrimitiveNode lat = projected.leaves().get(0);
        assertThat(lat.definitionLevel()).isEqualTo(3);
        assertThat(lat.column()).isEqualTo(file.findLeaf("addr.geo.lat").orElseThrow().column());
        StructNode addr = (StructNode) projected.fields().get(0);
        assertThat(addr.definitionLevel()).isEqualTo(1);
        assertThat(addr.parquetType()).isEqualTo(projected.messageType().getType("addr"));
    }

    @Test
    void selectingAFieldAndItsSubFieldSelectsItWholeOnce() {
        ParquetSchema projected =
                SchemaProjection.project(file, List.of("addr.geo", "addr", "addr.zip", "id", "id"));
        assertThat(projected.rowType())
                .isEqualTo(
                        sql(
                                "ROW<addr "
                                        + WRITTEN.getTypeAt(2).asSerializableString()
                                        + ", id BIGINT NOT NULL>"));
        assertThat(projected.fields().get(0)).isEqualTo(file.fields().get(2));
    }

    @Test
    void matchesNamesCaseInsensitivelyWhenUniqueAndUsesTheFileNames() {
        ParquetSchema projected = SchemaProjection.project(file, List.of("NAME", "ADDR.Street"));
        assertThat(projected.rowType()).isEqualTo(sql("ROW<Name STRING, addr ROW<street STRING>>"));
        assertThat(projected.messageType().getFields())
                .extracting(Type::getName)
                .containsExactly("Name", "addr");
    }

    @Test
    void prefersAnExactMatchOverCaseInsensitiveOnes() throws Exception {
        ParquetSchema schema =
                TestingSchemas.convert("message m { optional int32 a; optional int32 A; }");
        assertThat(SchemaProjection.project(schema, List.of("A")).rowType())
                .isEqualTo(sql("ROW<A INT> NOT NULL"));
        assertThatThrownBy(() -> SchemaProjection.project(schema, List.of("a", "b")))
                .hasMessage("Cannot project column b: no field b (columns: a, A)");
    }

    @Test
    void rejectsAmbiguousCaseInsensitiveMatch() throws Exception {
        ParquetSchema schema =
                TestingSchemas.convert("message m { optional int32 ab; optional int32 AB; }");
        assertThatThrownBy(() -> SchemaProjection.project(schema, List.of("Ab")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot project column Ab: it matches several fields ignoring case: ab, AB"
                                + " (columns: ab, AB)");
    }

    @Test
    void matchesFieldNamesContainingDots() throws Exception {
        ParquetSchema schema =
                TestingSchemas.convert(
                        "message m { optional group a { optional int32 b; optional int32 c; }"
                                + " optional int32 a.b; }");
        assertThat(SchemaProjection.project(schema, List.of("a.b")).rowType())
                .isEqualTo(sql("ROW<`a.b` INT> NOT NULL"));
        assertThat(SchemaProjection.project(schema, List.of("a.c")).rowType())
                .isEqualTo(sql("ROW<a ROW<c INT>> NOT NULL"));
    }

    @Test
    void rejectsUnknownColumnsNamingThePathAndTheColumns() {
        assertThatThrownBy(() -> SchemaProjection.project(file, List.of("id", "nope")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot project column nope: no field nope"
                                + " (columns: id, Name, addr, tags, attrs, ts)");
        assertThatThrownBy(() -> SchemaProjection.project(file, List.of("addr.geo.alt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot project column addr.geo.alt: no field alt in addr.geo"
                                + " (columns: id, Name, addr, tags, attrs, ts)");
        assertThatThrownBy(() -> SchemaProjection.project(file, List.of("")))
                .hasMessage(
                        "Cannot project column : the path is empty"
                                + " (columns: id, Name, addr, tags, attrs, ts)");
    }

    @Test
    void rejectsPathsIntoListsMapsAndAtomicFields() {
        assertThatThrownBy(() -> SchemaProjection.project(file, List.of("tags.element")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot project column tags.element: tags is ARRAY<STRING>, only ROW fields"
                                + " can be selected into; select it whole"
                                + " (columns: id, Name, addr, tags, attrs, ts)");
        assertThatThrownBy(() -> SchemaProjection.project(file, List.of("attrs.key")))
                .hasMessageStartingWith(
                        "Cannot project column attrs.key: attrs is MAP<STRING, INT>,");
        assertThatThrownBy(() -> SchemaProjection.project(file, List.of("addr.zip.x")))
                .hasMessageStartingWith("Cannot project column addr.zip.x: zip is INT,");
    }

    @Test
    void projectsNothingToAnEmptySchema() {
        ParquetSchema projected = SchemaProjection.project(file, List.of());
        assertThat(projected.fields()).isEmpty();
        assertThat(projected.leaves()).isEmpty();
        assertThat(projected.messageType().getColumns()).isEmpty();
    }

    @Test
    void projectingEverythingGivesBackTheFileSchema() {
        ParquetSchema projected =
                SchemaProjection.project(
                        file, List.of("id", "Name", "addr", "tags", "attrs", "ts"));
        assertThat(projected.messageType()).isEqualTo(file.messageType());
        assertThat(projected.rowType()).isEqualTo(file.rowType());
        assertThat(projected.fields()).isEqualTo(file.fields());
        assertThat(projected.leaves()).isEqualTo(file.leaves());
    }

    @Test
    void keepsDeclaredTypesOfProjectedFields() throws Exception {
        RowType rowType = (RowType) sql("ROW<r ROW<c CHAR(3), m MULTISET<INT>, t TIME(0)>, x INT>");
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(rowType);
        ParquetSchema projected = SchemaProjection.project(schema, List.of("r.m", "r.c"));
        assertThat(projected.rowType()).isEqualTo(sql("ROW<r ROW<c CHAR(3), m MULTISET<INT>>>"));
        TestingSchemas.assertConsistentLevels(projected);
    }
}
