package io.pqx.format.schema;

import static io.pqx.format.schema.TestingSchemas.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

class ParquetSchemaTest {

    private final ParquetSchema schema =
            FlinkToParquetSchema.toParquetSchema(
                    (RowType)
                            sql(
                                    "ROW<id INT NOT NULL, tags ARRAY<STRING>, m MAP<STRING, ROW<x"
                                            + " DOUBLE>>, r ROW<`a.b` INT, c ROW<d DATE>>>"));

    @Test
    void findsLeavesByTheirParquetColumnPath() {
        assertThat(schema.findLeaf("id").orElseThrow().leafIndex()).isEqualTo(0);
        assertThat(schema.findLeaf("tags.list.element").orElseThrow().leafIndex()).isEqualTo(1);
        assertThat(schema.findLeaf("m.key_value.value.x").orElseThrow().leafIndex()).isEqualTo(3);
        assertThat(schema.findLeaf("r.c.d").orElseThrow().flinkType()).isEqualTo(sql("DATE"));
        assertThat(schema.findLeaf("tags")).isEmpty();
        assertThat(schema.findLeaf("R.c.d")).isEmpty();
    }

    @Test
    void findsFieldsByTheirFlinkPath() {
        assertThat(schema.findField("tags").orElseThrow()).isInstanceOf(ListNode.class);
        assertThat(schema.findField("r.a.b").orElseThrow().flinkType()).isEqualTo(sql("INT"));
        assertThat(schema.findField("r.c").orElseThrow()).isInstanceOf(StructNode.class);
        assertThat(schema.findField("r.c.d").orElseThrow())
                .isSameAs(schema.findLeaf("r.c.d").orElseThrow());
        assertThat(schema.findField("m.key")).isEmpty();
        assertThat(schema.findField("r.x")).isEmpty();
    }

    @Test
    void listsLeavesUnderEachNodeInColumnOrder() {
        List<PrimitiveNode> all = new ArrayList<>();
        for (SchemaNode field : schema.fields()) {
            all.addAll(field.leaves());
        }
        assertThat(all).isEqualTo(schema.leaves());
        assertThat(schema.fields().get(2).leaves())
                .extracting(PrimitiveNode::path)
                .containsExactly("m.key_value.key", "m.key_value.value.x");
    }

    @Test
    void describesTheTreeWithTypesLevelsAndLeaves() {
        assertThat(schema.describe())
                .isEqualTo(
                        "message flink_schema (6 leaves)\n"
                                + "  id: INT NOT NULL  [leaf 0 id, def 0, rep 0]\n"
                                + "  tags: ARRAY<STRING>  [list, def 1, element def 2, rep 1]\n"
                                + "    element: STRING  [leaf 1 tags.list.element, def 3, rep 1]\n"
                                + "  m: MAP<STRING, ROW<`x` DOUBLE>>  [map, def 1, entry def 2, rep"
                                + " 1]\n"
                                + "    key: STRING  [leaf 2 m.key_value.key, def 2, rep 1]\n"
                                + "    value: ROW<`x` DOUBLE>  [struct, def 3, rep 1]\n"
                                + "      x: DOUBLE  [leaf 3 m.key_value.value.x, def 4, rep 1]\n"
                                + "  r: ROW<`a.b` INT, `c` ROW<`d` DATE>>  [struct, def 1, rep 0]\n"
                                + "    a.b: INT  [leaf 4 r.a.b, def 2, rep 0]\n"
                                + "    c: ROW<`d` DATE>  [struct, def 2, rep 0]\n"
                                + "      d: DATE  [leaf 5 r.c.d, def 3, rep 0]\n");
        assertThat(schema.toString()).isEqualTo(schema.describe());
    }

    @Test
    void describesAMapWithoutValueField() throws Exception {
        ParquetSchema keysOnly =
                TestingSchemas.convert(
                        "message m { required group k (MAP) { repeated group key_value {"
                                + " required int32 key; } } }");
        assertThat(keysOnly.describe())
                .isEqualTo(
                        "message m (1 leaves)\n"
                                + "  k: MAP<INT NOT NULL, BOOLEAN> NOT NULL  [map, def 0, entry def 1,"
                                + " rep 1]\n"
                                + "    key: INT NOT NULL  [leaf 0 k.key_value.key, def 1, rep 1]\n"
                                + "    (no value field)\n");
    }

    @Test
    void isImmutable() {
        assertThatThrownBy(() -> schema.fields().clear())
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> schema.leaves().clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
