package io.pqx.source;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/** Parquet files written by pqx's own writer for the source's tests, and their rows. */
public final class TestingSourceFiles {
    private TestingSourceFiles() {}

    /** id BIGINT NOT NULL, name STRING, price DOUBLE, qty INT. */
    public static final RowType ORDERS =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new DoubleType(),
                        new IntType()
                    },
                    new String[] {"id", "name", "price", "qty"});

    /**
     * The order of this id: name "n{id}" (null for multiples of 7), price id * 1.5, qty id % 100.
     */
    public static RowData order(long id) {
        return GenericRowData.of(
                id,
                id % 7 == 0 ? null : StringData.fromString("n" + id),
                id * 1.5,
                (int) (id % 100));
    }

    public static List<RowData> orders(long fromId, long toIdExclusive) {
        List<RowData> rows = new ArrayList<>();
        for (long id = fromId; id < toIdExclusive; id++) {
            rows.add(order(id));
        }
        return rows;
    }

    /**
     * Writes {@code rows} to {@code file} (its directories created) in row groups of {@code
     * rowGroupRows}.
     */
    public static Path write(Path file, RowType type, List<RowData> rows, long rowGroupRows)
            throws IOException {
        Files.createDirectories(file.getParent());
        WriteOptions options =
                WriteOptions.builder().rowGroupRows(rowGroupRows).pageRowLimit(100).build();
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowData row : rows) {
                w.write(row);
            }
        }
        return file;
    }

    public static Path writeOrders(Path file, long fromId, long toId, long rowGroupRows)
            throws IOException {
        return write(file, ORDERS, orders(fromId, toId), rowGroupRows);
    }

    /** "id|name|price|qty" of an ORDERS row, for comparing rows whatever their class. */
    public static String describe(RowData r) {
        return r.getLong(0)
                + "|"
                + (r.isNullAt(1) ? "null" : r.getString(1).toString())
                + "|"
                + r.getDouble(2)
                + "|"
                + r.getInt(3);
    }
}
