package io.pqx.format;

import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;

/**
 * A three-column table (id INT NOT NULL, price DECIMAL(5, 2), name STRING) and a writer of it into
 * memory, for the writer tests here and in e2e-tests.
 */
public final class TestingPriceRows {

    private TestingPriceRows() {}

    public static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("price", DataTypes.DECIMAL(5, 2)),
                                    DataTypes.FIELD("name", DataTypes.STRING()))
                            .getLogicalType();

    public static RowData row(int id, String price, String name) {
        return GenericRowData.of(
                id,
                price == null ? null : DecimalData.fromBigDecimal(new BigDecimal(price), 10, 2),
                name == null ? null : StringData.fromString(name));
    }

    public static ParquetWriter open(ByteArrayOutputStream bytes) throws IOException {
        return ParquetWriter.builder(TYPE)
                .options(WriteOptions.defaults())
                .open(new PositionOutputStream(bytes), "memory.parquet");
    }
}
