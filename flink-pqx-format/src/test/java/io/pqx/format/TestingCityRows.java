package io.pqx.format;

import io.pqx.format.options.SortingColumnSpec;
import io.pqx.format.options.WriteOptions;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;

/**
 * A table of ids, cities (every tenth null) and notes of growing length, with a sort order, for the
 * footer tests here and in e2e-tests.
 */
public final class TestingCityRows {

    private TestingCityRows() {}

    public static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("city", DataTypes.STRING()),
                                    DataTypes.FIELD("note", DataTypes.STRING()))
                            .getLogicalType();

    public static List<RowData> rows(int n) {
        String[] cities = {"Berlin", "Lisbon", "Oslo", "Quito"};
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(
                    GenericRowData.of(
                            (long) i,
                            i % 10 == 9 ? null : StringData.fromString(cities[i % 4]),
                            StringData.fromString("note-" + "z".repeat(i % 30) + i)));
        }
        return rows;
    }

    /** Three row groups of rows sorted by id descending, nulls first, then city ascending. */
    public static final WriteOptions SORTED =
            WriteOptions.builder()
                    .rowGroupRows(40)
                    .sortingColumn(new SortingColumnSpec("id", false, true))
                    .sortingColumn(new SortingColumnSpec("city", true, false))
                    .build();
}
