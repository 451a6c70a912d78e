package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.schema.FlinkToParquetSchema;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

class RowShredderTest {

    private static RowType type(DataType row) {
        return (RowType) row.getLogicalType();
    }

    private static RowGroupBuffer buffer(RowType rowType) {
        return new RowGroupBuffer(FlinkToParquetSchema.toParquetSchema(rowType), "test.parquet");
    }

    private static short[] levels(short[] levels, int count) {
        return Arrays.copyOf(levels, count);
    }

    private static short[] s(int... values) {
        short[] out = new short[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (short) values[i];
        }
        return out;
    }

    @Test
    void shredsListNullEmptyNullElementAndValuesIntoDremelLevels() {
        RowType rowType =
                type(DataTypes.ROW(DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING()))));
        RowGroupBuffer buf = buffer(rowType);
        buf.append(GenericRowData.of((Object) null), 0);
        buf.append(GenericRowData.of(new GenericArrayData(new Object[0])), 1);
        buf.append(GenericRowData.of(new GenericArrayData(new Object[] {null})), 2);
        buf.append(
                GenericRowData.of(
                        new GenericArrayData(
                                new Object[] {
                                    StringData.fromString("a"), StringData.fromString("bc")
                                })),
                3);

        LeafBuffer leaf = buf.leaf(0);
        assertThat(leaf.maxDefinition).isEqualTo(3);
        assertThat(leaf.maxRepetition).isEqualTo(1);
        assertThat(levels(leaf.definitionLevels, leaf.levelCount))
                .containsExactly(s(0, 1, 2, 3, 3));
        assertThat(levels(leaf.repetitionLevels, leaf.levelCount))
                .containsExactly(s(0, 0, 0, 0, 1));
        assertThat(leaf.valueCount).isEqualTo(2);
        assertThat(new String(leaf.bytes, 0, leaf.offsets[2], StandardCharsets.UTF_8))
                .isEqualTo("abc");
        assertThat(buf.rowCount()).isEqualTo(4);
    }

    @Test
    void shredsNestedListOfStructOfListWithRepetitionPerDepth() {
        RowType rowType =
                type(
                        DataTypes.ROW(
                                DataTypes.FIELD(
                                        "a",
                                        DataTypes.ARRAY(
                                                        DataTypes.ROW(
                                                                DataTypes.FIELD(
                                                                        "b",
                                                                        DataTypes.ARRAY(
                                                                                DataTypes.INT()
                                                                                        .notNull()))))
                                                .notNull())));
        RowGroupBuffer buf = buffer(rowType);
        // a = [ {b=[1,2]}, {b=[]}, null, {b=null}, {b=[3]} ]
        Object[] elems = {
            GenericRowData.of(new GenericArrayData(new int[] {1, 2})),
            GenericRowData.of(new GenericArrayData(new int[0])),
            null,
            GenericRowData.of((Object) null),
            GenericRowData.of(new GenericArrayData(new int[] {3})),
        };
        buf.append(GenericRowData.of(new GenericArrayData(elems)), 0);
        buf.append(GenericRowData.of(new GenericArrayData(new Object[0])), 1);

        LeafBuffer leaf = buf.leaf(0);
        // required a(list) > repeated list > optional element(row) > optional b(list)
        //   > repeated list > required element: max def 4, max rep 2
        assertThat(leaf.maxDefinition).isEqualTo(4);
        assertThat(leaf.maxRepetition).isEqualTo(2);
        assertThat(levels(leaf.repetitionLevels, leaf.levelCount))
                .containsExactly(s(0, 2, 1, 1, 1, 1, 0));
        assertThat(levels(leaf.definitionLevels, leaf.levelCount))
                .containsExactly(s(4, 4, 3, 1, 2, 4, 0));
        assertThat(Arrays.copyOf(leaf.ints, leaf.valueCount)).containsExactly(1, 2, 3);
    }

    @Test
    void shredsMapKeysAndValuesAtTheSameLevels() {
        RowType rowType =
                type(
                        DataTypes.ROW(
                                DataTypes.FIELD(
                                        "m", DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()))));
        RowGroupBuffer buf = buffer(rowType);
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(StringData.fromString("x"), 1);
        m.put(StringData.fromString("y"), null);
        buf.append(GenericRowData.of(new GenericMapData(m)), 0);
        buf.append(GenericRowData.of(new GenericMapData(Map.of())), 1);
        buf.append(GenericRowData.of((Object) null), 2);

        LeafBuffer keys = buf.leaf(0);
        LeafBuffer values = buf.leaf(1);
        assertThat(levels(keys.definitionLevels, keys.levelCount)).containsExactly(s(2, 2, 1, 0));
        assertThat(levels(keys.repetitionLevels, keys.levelCount)).containsExactly(s(0, 1, 0, 0));
        assertThat(levels(values.definitionLevels, values.levelCount))
                .containsExactly(s(3, 2, 1, 0));
        assertThat(Arrays.copyOf(values.ints, values.valueCount)).containsExactly(1);
    }

    @Test
    void rejectsNullInNotNullColumnAndUndoesThePartialRow() {
        RowType rowType =
                type(
                        DataTypes.ROW(
                                DataTypes.FIELD("a", DataTypes.INT()),
                                DataTypes.FIELD(
                                        "s",
                                        DataTypes.ROW(
                                                DataTypes.FIELD("b", DataTypes.INT().notNull())))));
        RowGroupBuffer buf = buffer(rowType);
        buf.append(GenericRowData.of(1, GenericRowData.of(2)), 0);

        assertThatThrownBy(
                        () -> buf.append(GenericRowData.of(3, GenericRowData.of((Object) null)), 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot write row 1: column s.b is NOT NULL but the value is null"
                                + " (test.parquet)");

        assertThat(buf.rowCount()).isEqualTo(1);
        assertThat(buf.leaf(0).valueCount).isEqualTo(1);
        assertThat(buf.leaf(0).levelCount).isEqualTo(1);
        buf.append(GenericRowData.of(4, null), 2);
        assertThat(Arrays.copyOf(buf.leaf(0).ints, buf.leaf(0).valueCount)).containsExactly(1, 4);
        assertThat(levels(buf.leaf(1).definitionLevels, buf.leaf(1).levelCount))
                .containsExactly(s(1, 0));
    }

    @Test
    void rejectsNullMapKeyNamingTheKeyColumn() {
        RowType rowType =
                type(
                        DataTypes.ROW(
                                DataTypes.FIELD(
                                        "m", DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()))));
        RowGroupBuffer buf = buffer(rowType);
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(StringData.fromString("x"), 1);
        m.put(null, 2);
        assertThatThrownBy(() -> buf.append(GenericRowData.of(new GenericMapData(m)), 7))
                .hasMessage(
                        "Cannot write row 7: column m.key_value.key is NOT NULL but the value"
                                + " is null (test.parquet)");
        assertThat(buf.leaf(0).levelCount).isZero();
        assertThat(buf.leaf(1).levelCount).isZero();
    }

    @Test
    void rejectsRowOfWrongArity() {
        RowGroupBuffer buf = buffer(type(DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT()))));
        assertThatThrownBy(() -> buf.append(GenericRowData.of(1, 2), 0))
                .hasMessage(
                        "Cannot write row 0: it has 2 fields but the schema has 1"
                                + " (test.parquet)");
    }
}
