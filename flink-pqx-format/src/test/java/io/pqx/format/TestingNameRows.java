package io.pqx.format;

import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;

/**
 * A table of ids and names, and a writer of it to a file with given options, for the page tests
 * here and in e2e-tests.
 */
public final class TestingNameRows {

    private TestingNameRows() {}

    public static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("name", DataTypes.STRING()))
                            .getLogicalType();

    public static List<RowData> rows(int n) {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(GenericRowData.of((long) i, StringData.fromString("name-" + i)));
        }
        return rows;
    }

    public static Path write(Path dir, WriteOptions options, int n) throws Exception {
        Path file = dir.resolve("p.parquet");
        Files.deleteIfExists(file);
        TestingWriters.write(file, TYPE, options, rows(n));
        return file;
    }
}
