package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.utils.JoinedRowData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

/** Which value of a failed row has the wrong Java class, named by its column path. */
class ValueClassCheckTest {
    static final RowType INNER =
            RowType.of(new LogicalType[] {new IntType()}, new String[] {"zip"});
    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {new BigIntType(), INNER, new ArrayType(new VarCharType(10))},
                    new String[] {"id", "address", "tags"});
    static final int[] ALL = {0, 1, 2};

    private static String first(RowData row) {
        return ValueClassCheck.first(TYPE, row, ALL).map(m -> m.describe("column")).orElse("none");
    }

    @Test
    void namesNestedFieldsAndArrayElements() {
        StringData tag = StringData.fromString("t");
        assertThat(first(GenericRowData.of(1L, GenericRowData.of(5), array(tag))))
                .isEqualTo("none");
        assertThat(first(GenericRowData.of(1, null, null)))
                .isEqualTo(
                        "column id is BIGINT, held as java.lang.Long, but the value is a"
                                + " java.lang.Integer");
        assertThat(first(GenericRowData.of(1L, GenericRowData.of("5"), null)))
                .isEqualTo(
                        "column address.zip is INT, held as java.lang.Integer, but the value is a"
                                + " java.lang.String");
        assertThat(first(GenericRowData.of(1L, null, array(tag, "u"))))
                .isEqualTo(
                        "column tags[] is VARCHAR(10), held as"
                                + " org.apache.flink.table.data.StringData, but the value is a"
                                + " java.lang.String");
    }

    @Test
    void probesOtherRowDataWithTypedGetters() {
        JoinedRowData joined =
                new JoinedRowData(GenericRowData.of("x"), GenericRowData.of(null, null));
        assertThat(first(joined))
                .startsWith(
                        "column id is BIGINT, held as java.lang.Long, but the value is a value it"
                                + " cannot read: ");
    }

    private static GenericArrayData array(Object... elements) {
        return new GenericArrayData(elements);
    }
}
