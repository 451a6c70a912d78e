package io.pqx.format.schema;

import static io.pqx.format.schema.TestingSchemas.assertConsistent;
import static io.pqx.format.schema.TestingSchemas.convert;
import static io.pqx.format.schema.TestingSchemas.parse;
import static io.pqx.format.schema.TestingSchemas.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import java.util.Collections;
import java.util.List;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.junit.jupiter.api.Test;

class ParquetToFlinkSchemaTest {

    /**
     * Every type pqx writes, nullable and NOT NULL, as (written type, type read without declared).
     */
    private static final String[][] WRITTEN_AND_DERIVED = {
        {"BOOLEAN", "BOOLEAN"},
        {"TINYINT NOT NULL", "TINYINT NOT NULL"},
        {"SMALLINT", "SMALLINT"},
        {"INT", "INT"},
        {"BIGINT NOT NULL", "BIGINT NOT NULL"},
        {"FLOAT", "FLOAT"},
        {"DOUBLE", "DOUBLE"},
        {"DECIMAL(5, 2)", "DECIMAL(5, 2)"},
        {"DECIMAL(18, 4) NOT NULL", "DECIMAL(18, 4) NOT NULL"},
        {"DECIMAL(38, 0)", "DECIMAL(38, 0)"},
        {"CHAR(3)", "STRING"},
        {"VARCHAR(20) NOT NULL", "STRING NOT NULL"},
        {"STRING", "STRING"},
        {"BINARY(4)", "BYTES"},
        {"VARBINARY(9)", "BYTES"},
        {"BYTES NOT NULL", "BYTES NOT NULL"},
        {"DATE", "DATE"},
        {"TIME(0)", "TIME(3)"},
        {"TIME(3)", "TIME(3)"},
        {"TIME(9) NOT NULL", "TIME(3) NOT NULL"},
        {"TIMESTAMP(0)", "TIMESTAMP(3)"},
        {"TIMESTAMP(3)", "TIMESTAMP(3)"},
        {"TIMESTAMP(5)", "TIMESTAMP(6)"},
        {"TIMESTAMP(6) NOT NULL", "TIMESTAMP(6) NOT NULL"},
        {"TIMESTAMP(8)", "TIMESTAMP(9)"},
        {"TIMESTAMP_LTZ(1)", "TIMESTAMP_LTZ(3)"},
        {"TIMESTAMP_LTZ(6)", "TIMESTAMP_LTZ(6)"},
        {"TIMESTAMP_LTZ(9) NOT NULL", "TIMESTAMP_LTZ(9) NOT NULL"},
        {"ARRAY<INT>", "ARRAY<INT>"},
        {"ARRAY<VARCHAR(4) NOT NULL> NOT NULL", "ARRAY<STRING NOT NULL> NOT NULL"},
        {"MAP<STRING, BIGINT>", "MAP<STRING NOT NULL, BIGINT>"},
        {
            "MAP<INT NOT NULL, CHAR(2) NOT NULL> NOT NULL",
            "MAP<INT NOT NULL, STRING NOT NULL> NOT NULL"
        },
        {"MULTISET<STRING>", "MAP<STRING NOT NULL, INT NOT NULL>"},
        {"MULTISET<ROW<a INT>> NOT NULL", "MAP<ROW<a INT> NOT NULL, INT NOT NULL> NOT NULL"},
        {"ROW<a INT NOT NULL, b TIMESTAMP(2)>", "ROW<a INT NOT NULL, b TIMESTAMP(3)>"},
        {
            "ARRAY<ROW<x ARRAY<MAP<VARCHAR(3), ARRAY<TIME(0)>>>, y MULTISET<BINARY(2)>>>",
            "ARRAY<ROW<x ARRAY<MAP<STRING NOT NULL, ARRAY<TIME(3)>>>,"
                    + " y MAP<BYTES NOT NULL, INT NOT NULL>>>"
        },
    };

    private static RowType written() {
        StringBuilder sb = new StringBuilder("ROW<");
        for (int i = 0; i < WRITTEN_AND_DERIVED.length; i++) {
            sb.append(i == 0 ? "" : ", ")
                    .append("f")
                    .append(i)
                    .append(' ')
                    .append(WRITTEN_AND_DERIVED[i][0]);
        }
        return (RowType) sql(sb.append("> NOT NULL").toString());
    }

    @Test
    void roundTripsEveryFlinkTypeExactlyWithTheDeclaredType() throws Exception {
        RowType rowType = written();
        MessageType message = FlinkToParquetSchema.toParquet(rowType);
        ParquetSchema schema = TestingSchemas.convert(message, rowType);
        assertThat(schema.rowType()).isEqualTo(rowType);
        assertThat(schema.messageType()).isSameAs(message);
        assertConsistent(schema);
        for (int i = 0; i < rowType.getFieldCount(); i++) {
            assertThat(schema.fields().get(i).flinkType()).isEqualTo(rowType.getTypeAt(i));
        }
    }

    @Test
    void derivesTheFileTypesWithoutTheDeclaredType() throws Exception {
        RowType rowType = written();
        ParquetSchema schema =
                TestingSchemas.convert(FlinkToParquetSchema.toParquet(rowType), null);
        for (int i = 0; i < WRITTEN_AND_DERIVED.length; i++) {
            assertThat(schema.rowType().getTypeAt(i))
                    .as("f%d %s", i, WRITTEN_AND_DERIVED[i][0])
                    .isEqualTo(sql(WRITTEN_AND_DERIVED[i][1]));
        }
        assertThat(schema.rowType().isNullable()).isFalse();
        assertConsistent(schema);
    }

    @Test
    void toParquetSchemaGivesTheWrittenRowTypeAndTree() {
        RowType rowType = written();
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(rowType);
        assertThat(schema.rowType()).isEqualTo(rowType);
        assertThat(schema.messageType()).isEqualTo(FlinkToParquetSchema.toParquet(rowType));
        assertConsistent(schema);
    }

    @Test
    void keepsANullableRowTypeAndKeyTypesAsDeclared() throws Exception {
        RowType rowType = (RowType) sql("ROW<m MAP<INT, STRING>, s MULTISET<INT>>");
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(rowType);
        assertThat(schema.rowType()).isEqualTo(rowType);
        MapNode map = (MapNode) schema.fields().get(0);
        assertThat(map.key().flinkType()).isEqualTo(sql("INT"));
        assertThat(map.key().definitionLevel()).isEqualTo(2);
        assertThat(((PrimitiveNode) map.key()).column().getMaxDefinitionLevel()).isEqualTo(2);
    }

    @Test
    void ignoresADeclaredTypeThatDoesNotFitTheFile() throws Exception {
        MessageType message =
                FlinkToParquetSchema.toParquet(
                        (RowType) sql("ROW<a INT, b STRING, c TIMESTAMP(3)>"));
        RowType derived = (RowType) sql("ROW<a INT, b STRING, c TIMESTAMP(3)> NOT NULL");
        String[] misfits = {
            "ROW<a INT, b STRING>", // fewer fields
            "ROW<a INT, B STRING, c TIMESTAMP(3)>", // another name
            "ROW<a BIGINT, b STRING, c TIMESTAMP(3)>", // another type
            "ROW<a INT NOT NULL, b STRING, c TIMESTAMP(3)>", // another nullability
            "ROW<a INT, b BYTES, c TIMESTAMP(3)>",
            "ROW<a INT, b STRING, c TIMESTAMP(6)>", // another unit
            "ROW<a INT, b STRING, c TIMESTAMP_LTZ(3)>", // another kind
            "ROW<a INT, b ARRAY<STRING>, c TIMESTAMP(3)>",
        };
        for (String misfit : misfits) {
            ParquetSchema schema = TestingSchemas.convert(message, (RowType) sql(misfit));
            assertThat(schema.rowType()).as(misfit).isEqualTo(derived);
        }
    }

    @Test
    void acceptsDeclaredTypesReadableFromTheFile() throws Exception {
        MessageType message =
                parse(
                        "message m {\n"
                                + "  optional binary s (STRING);\n"
                                + "  optional binary b;\n"
                                + "  optional int64 t (TIME(NANOS,false));\n"
                                + "  optional int96 i96;\n"
                                + "  optional group counts (MAP) {\n"
                                + "    repeated group key_value { required binary key (STRING);"
                                + " required int32 value; }\n"
                                + "  }\n"
                                + "  optional group keys (MAP) {\n"
                                + "    repeated group key_value { required int32 key; }\n"
                                + "  }\n"
                                + "}");
        RowType declared =
                (RowType)
                        sql(
                                "ROW<s CHAR(7), b VARBINARY(3), t TIME(0), i96 TIMESTAMP(7),"
                                        + " counts MULTISET<VARCHAR(2)>, keys MAP<INT, DOUBLE>>");
        assertThat(TestingSchemas.convert(message, declared).rowType()).isEqualTo(declared);

        RowType notNullValues =
                (RowType)
                        sql(
                                "ROW<s CHAR(7), b VARBINARY(3), t TIME(0), i96 TIMESTAMP(7), counts"
                                        + " MULTISET<VARCHAR(2)>, keys MAP<INT, DOUBLE NOT NULL>>");
        // a map without value field has only null values
        assertThat(TestingSchemas.convert(message, notNullValues).rowType())
                .isNotEqualTo(notNullValues);
    }

    @Test
    void rejectsMultisetOverMapWithNullableCounts() throws Exception {
        MessageType message =
                parse(
                        "message m { optional group c (MAP) { repeated group key_value {"
                                + " required binary key (STRING); optional int32 value; } } }");
        ParquetSchema schema =
                TestingSchemas.convert(message, (RowType) sql("ROW<c MULTISET<STRING>>"));
        assertThat(schema.rowType()).isEqualTo(sql("ROW<c MAP<STRING NOT NULL, INT>> NOT NULL"));
    }

    /**
     * ARRAY&lt;ROW&lt;b ARRAY&lt;MAP&lt;STRING, ARRAY&lt;INT&gt;&gt;&gt;&gt;&gt;, all nullable but
     * the key, so each level adds one definition level:
     *
     * <pre>
     * optional group a (LIST)                      def 1
     *   repeated group list                        def 2 rep 1 (element slot)
     *     optional group element                   def 3
     *       optional group b (LIST)                def 4
     *         repeated group list                  def 5 rep 2
     *           optional group element (MAP)       def 6
     *             repeated group key_value         def 7 rep 3
     *               required binary key            def 7
     *               optional group value (LIST)    def 8
     *                 repeated group list          def 9 rep 4
     *                   optional int32 element     def 10
     * </pre>
     */
    @Test
    void computesDremelLevelsThroughDeeplyNestedTypes() throws Exception {
        RowType rowType =
                (RowType)
                        sql("ROW<id INT NOT NULL, a ARRAY<ROW<b ARRAY<MAP<STRING, ARRAY<INT>>>>>>");
        ParquetSchema schema =
                TestingSchemas.convert(FlinkToParquetSchema.toParquet(rowType), rowType);

        PrimitiveNode id = (PrimitiveNode) schema.fields().get(0);
        assertLevels(id, 0, 0);
        assertThat(id.leafIndex()).isEqualTo(0);

        ListNode a = (ListNode) schema.fields().get(1);
        assertLevels(a, 1, 1);
        assertThat(a.elementDefinitionLevel()).isEqualTo(2);
        StructNode element = (StructNode) a.element();
        assertLevels(element, 3, 1);
        ListNode b = (ListNode) element.fields().get(0);
        assertLevels(b, 4, 2);
        assertThat(b.elementDefinitionLevel()).isEqualTo(5);
        MapNode map = (MapNode) b.element();
        assertLevels(map, 6, 3);
        assertThat(map.entryDefinitionLevel()).isEqualTo(7);
        PrimitiveNode key = (PrimitiveNode) map.key();
        assertLevels(key, 7, 3);
        assertThat(key.leafIndex()).isEqualTo(1);
        assertThat(key.path()).isEqualTo("a.list.element.b.list.element.key_value.key");
        ListNode value = (ListNode) map.value();
        assertLevels(value, 8, 4);
        assertThat(value.elementDefinitionLevel()).isEqualTo(9);
        PrimitiveNode leaf = (PrimitiveNode) value.element();
        assertLevels(leaf, 10, 4);
        assertThat(leaf.leafIndex()).isEqualTo(2);
        assertThat(leaf.path())
                .isEqualTo("a.list.element.b.list.element.key_value.value.list.element");
        assertThat(leaf.column().getMaxDefinitionLevel()).isEqualTo(10);
        assertThat(leaf.column().getMaxRepetitionLevel()).isEqualTo(4);
        assertThat(schema.leaves()).containsExactly(id, key, leaf);
        assertConsistent(schema);
    }

    @Test
    void requiredLevelsAddNoDefinitionLevel() throws Exception {
        ParquetSchema schema =
                TestingSchemas.convert(
                        FlinkToParquetSchema.toParquet(
                                (RowType)
                                        sql(
                                                "ROW<a ARRAY<ROW<b MAP<INT NOT NULL, ARRAY<INT NOT"
                                                        + " NULL> NOT NULL> NOT NULL> NOT NULL> NOT"
                                                        + " NULL>")),
                        null);
        ListNode a = (ListNode) schema.fields().get(0);
        assertLevels(a, 0, 1);
        assertThat(a.elementDefinitionLevel()).isEqualTo(1);
        StructNode row = (StructNode) a.element();
        assertLevels(row, 1, 1);
        MapNode b = (MapNode) row.fields().get(0);
        assertLevels(b, 1, 2);
        assertThat(b.entryDefinitionLevel()).isEqualTo(2);
        assertLevels(b.key(), 2, 2);
        ListNode value = (ListNode) b.value();
        assertLevels(value, 2, 3);
        assertThat(value.elementDefinitionLevel()).isEqualTo(3);
        assertLevels(value.element(), 3, 3);
        assertConsistent(schema);
    }

    @Test
    void rejectsDuplicateFieldNamesAsCorrupt() {
        PrimitiveType x = new PrimitiveType(Repetition.OPTIONAL, PrimitiveTypeName.INT32, "x");
        MessageType message =
                new MessageType("m", new GroupType(Repetition.OPTIONAL, "g", List.<Type>of(x, x)));
        assertThatThrownBy(() -> TestingSchemas.convert(message, null))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read group: field name x appears twice (test.parquet, column g.x)");
    }

    @Test
    void rejectsGroupWithoutFields() {
        MessageType message =
                new MessageType("m", new GroupType(Repetition.OPTIONAL, "g", List.<Type>of()));
        assertThatThrownBy(() -> TestingSchemas.convert(message, null))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessage(
                        "Cannot read group: it has no fields, so it has no column to read"
                                + " (test.parquet, column g)");
    }

    @Test
    void rejectsBlankFieldName() {
        MessageType message =
                new MessageType(
                        "m", new PrimitiveType(Repetition.OPTIONAL, PrimitiveTypeName.INT32, " "));
        assertThatThrownBy(() -> TestingSchemas.convert(message, null))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessage(
                        "Cannot read field: Flink needs a field name that is not blank"
                                + " (test.parquet, column  )");
    }

    @Test
    void rejectsNestingDeeperThanTheLimit() {
        Type type = new PrimitiveType(Repetition.OPTIONAL, PrimitiveTypeName.INT32, "x");
        // deep enough to overflow the stack of a recursive walk
        for (int i = 0; i < 100_000; i++) {
            type = new GroupType(Repetition.OPTIONAL, "g", type);
        }
        MessageType message = new MessageType("m", type);
        assertThatThrownBy(() -> TestingSchemas.convert(message, null))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessage(
                        "Cannot read schema: it nests deeper than 256 levels (test.parquet, column "
                                + String.join(".", Collections.nCopies(257, "g"))
                                + ")");
    }

    @Test
    void readsAnEmptyMessage() throws Exception {
        ParquetSchema schema = TestingSchemas.convert(new MessageType("m", List.<Type>of()), null);
        assertThat(schema.fields()).isEmpty();
        assertThat(schema.leaves()).isEmpty();
        assertThat(schema.rowType().getFieldCount()).isZero();
    }

    @Test
    void numbersLeavesInFileColumnOrder() throws Exception {
        ParquetSchema schema =
                convert(
                        "message m { optional group s { optional int32 a; optional group t {"
                                + " required binary b; } } repeated int64 r; optional double d; }");
        List<ColumnDescriptor> columns = schema.messageType().getColumns();
        assertThat(schema.leaves()).hasSize(4);
        for (int i = 0; i < columns.size(); i++) {
            assertThat(schema.leaves().get(i).leafIndex()).isEqualTo(i);
            assertThat(schema.leaves().get(i).column()).isEqualTo(columns.get(i));
        }
        assertThat(schema.leaves())
                .extracting(PrimitiveNode::path)
                .containsExactly("s.a", "s.t.b", "r", "d");
    }

    private static void assertLevels(SchemaNode node, int def, int rep) {
        assertThat(node.definitionLevel()).as("%s definition level", node.name()).isEqualTo(def);
        assertThat(node.repetitionLevel()).as("%s repetition level", node.name()).isEqualTo(rep);
    }
}
