package io.pqx.format.schema;

import static io.pqx.format.schema.TestingSchemas.sql;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampKind;
import org.apache.flink.table.types.logical.TimestampType;
import org.junit.jupiter.api.Test;

class DeclaredTypeMatcherTest {

    private static boolean readable(String derived, String declared) {
        return DeclaredTypeMatcher.readable(sql(derived), sql(declared));
    }

    @Test
    void readsStringsAsAnyCharacterType() {
        assertThat(readable("STRING", "CHAR(1) NOT NULL")).isTrue();
        assertThat(readable("STRING", "VARCHAR(100)")).isTrue();
        assertThat(readable("BYTES", "CHAR(1)")).isFalse();
        assertThat(readable("STRING", "BYTES")).isFalse();
    }

    @Test
    void readsByteArraysAsAnyBinaryTypeAndFixedOnlyAsItsLength() {
        assertThat(readable("BYTES", "BINARY(3)")).isTrue();
        assertThat(readable("BYTES", "VARBINARY(3)")).isTrue();
        assertThat(readable("BINARY(16)", "BINARY(16)")).isTrue();
        assertThat(readable("BINARY(16)", "BINARY(8)")).isFalse();
        assertThat(readable("BINARY(16)", "BYTES")).isFalse();
    }

    @Test
    void readsTimesAtAnyPrecisionAndTimestampsInTheSameUnit() {
        assertThat(readable("TIME(3)", "TIME(0)")).isTrue();
        assertThat(readable("TIME(9)", "TIME(3)")).isTrue();
        assertThat(readable("TIMESTAMP(3)", "TIMESTAMP(0)")).isTrue();
        assertThat(readable("TIMESTAMP(3)", "TIMESTAMP(4)")).isFalse();
        assertThat(readable("TIMESTAMP(6)", "TIMESTAMP(4)")).isTrue();
        assertThat(readable("TIMESTAMP(6)", "TIMESTAMP(7)")).isFalse();
        assertThat(readable("TIMESTAMP(9)", "TIMESTAMP(7)")).isTrue();
        assertThat(readable("TIMESTAMP_LTZ(6)", "TIMESTAMP_LTZ(5)")).isTrue();
        assertThat(readable("TIMESTAMP_LTZ(6)", "TIMESTAMP(6)")).isFalse();
        assertThat(readable("TIMESTAMP(6)", "TIMESTAMP_LTZ(6)")).isFalse();
    }

    @Test
    void readsOtherTypesOnlyAsThemselves() {
        assertThat(readable("DECIMAL(10, 2)", "DECIMAL(10, 2) NOT NULL")).isTrue();
        assertThat(readable("DECIMAL(10, 2)", "DECIMAL(10, 3)")).isFalse();
        assertThat(readable("DECIMAL(10, 2)", "DECIMAL(11, 2)")).isFalse();
        assertThat(readable("INT", "BIGINT")).isFalse();
        assertThat(readable("SMALLINT", "TINYINT")).isFalse();
        assertThat(readable("DATE", "DATE")).isTrue();
    }

    @Test
    void keepsATimeAttributeKindOfTheDeclaredType() throws Exception {
        TimestampType rowtime = new TimestampType(true, TimestampKind.ROWTIME, 3);
        RowType declared = RowType.of(new LogicalType[] {rowtime}, new String[] {"ts"});
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(declared);
        assertThat(schema.rowType()).isEqualTo(declared);
        assertThat(((TimestampType) schema.fields().get(0).flinkType()).getKind())
                .isEqualTo(TimestampKind.ROWTIME);
    }

    @Test
    void acceptsNullableDeclaredKeysOnlyForMapKeys() throws Exception {
        ParquetSchema file =
                TestingSchemas.convert(
                        "message m { optional group m (MAP) { repeated group key_value { required"
                                + " int32 key; optional group value { required int32 x; } } } }");
        assertThat(
                        DeclaredTypeMatcher.match(
                                file.fields(),
                                (RowType) sql("ROW<m MAP<INT, ROW<x INT NOT NULL>>>")))
                .isPresent();
        // the required x inside the value must stay NOT NULL
        assertThat(
                        DeclaredTypeMatcher.match(
                                file.fields(), (RowType) sql("ROW<m MAP<INT, ROW<x INT>>>")))
                .isEmpty();
        // and an optional map cannot be declared NOT NULL
        assertThat(
                        DeclaredTypeMatcher.match(
                                file.fields(),
                                (RowType) sql("ROW<m MAP<INT, ROW<x INT NOT NULL>> NOT NULL>")))
                .isEmpty();
    }

    @Test
    void retypesEveryNodeOfTheTree() throws Exception {
        RowType declared =
                (RowType) sql("ROW<a ARRAY<ROW<c CHAR(2), t TIME(0)>>, m MULTISET<VARCHAR(5)>>");
        ParquetSchema derived =
                TestingSchemas.convert(FlinkToParquetSchema.toParquet(declared), null);
        List<SchemaNode> typed =
                DeclaredTypeMatcher.match(derived.fields(), declared).orElseThrow();
        ListNode a = (ListNode) typed.get(0);
        StructNode element = (StructNode) a.element();
        assertThat(element.fields().get(0).flinkType()).isEqualTo(sql("CHAR(2)"));
        assertThat(element.fields().get(1).flinkType()).isEqualTo(sql("TIME(0)"));
        MapNode m = (MapNode) typed.get(1);
        assertThat(m.flinkType()).isEqualTo(sql("MULTISET<VARCHAR(5)>"));
        assertThat(m.key().flinkType()).isEqualTo(sql("VARCHAR(5)"));
        assertThat(m.value().flinkType()).isEqualTo(sql("INT NOT NULL"));
        // levels and columns are those of the derived tree
        assertThat(ParquetSchema.of(derived.messageType(), declared, typed).leaves())
                .extracting(PrimitiveNode::column)
                .containsExactlyElementsOf(
                        derived.leaves().stream().map(PrimitiveNode::column).toList());
    }
}
