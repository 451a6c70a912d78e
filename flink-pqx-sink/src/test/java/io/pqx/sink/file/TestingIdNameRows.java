package io.pqx.sink.file;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/** Test rows: {@code ROW<id BIGINT NOT NULL, name STRING>}. */
final class TestingIdNameRows {
    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false), new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "name"});

    private TestingIdNameRows() {}

    static List<RowData> ids(long from, long to) {
        List<RowData> rows = new ArrayList<>();
        for (long i = from; i < to; i++) {
            rows.add(GenericRowData.of(i, StringData.fromString("name-" + (i % 97))));
        }
        return rows;
    }
}
