package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

class RowSorterTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("name", DataTypes.STRING()),
                                    DataTypes.FIELD("raw", DataTypes.BYTES()),
                                    DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.INT())))
                            .getLogicalType();

    private static RowData row(String name, byte[] raw) {
        return GenericRowData.of(StringData.fromString(name), raw, null);
    }

    @Test
    void sortsStringsNaturallyAndBytesUnsigned() {
        List<RowData> rows =
                new ArrayList<>(
                        List.of(
                                row("b", new byte[] {(byte) 0x80}),
                                row("a", new byte[] {0x01}),
                                row("c", new byte[] {0x7f})));
        RowSorter.of(TYPE, List.of(SortKey.parse("name"))).sort(rows);
        assertThat(rows).extracting(r -> r.getString(0).toString()).containsExactly("a", "b", "c");

        RowSorter.of(TYPE, List.of(SortKey.parse("raw"))).sort(rows);
        assertThat(rows).extracting(r -> r.getString(0).toString()).containsExactly("a", "c", "b");
    }

    @Test
    void refusesSortKeysWithoutNaturalOrder() {
        assertThatThrownBy(() -> RowSorter.of(TYPE, List.of(SortKey.parse("tags"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sort key 'tags'")
                .hasMessageContaining("cannot be sorted");
    }
}
