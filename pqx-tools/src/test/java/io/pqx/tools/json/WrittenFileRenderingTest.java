package io.pqx.tools.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.io.File;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written by pqx's ParquetWriter, read back by pqx's reader and rendered: every Flink type
 * the writer supports, nulls and nesting. Expected lines follow from the values written and the
 * rules of JSON-RENDERING.md.
 */
class WrittenFileRenderingTest {

    @TempDir File tmp;

    @Test
    void rendersEveryWritableType() throws Exception {
        RowType type =
                rowType(
                        DataTypes.FIELD("b", DataTypes.BOOLEAN()),
                        DataTypes.FIELD("i8", DataTypes.TINYINT()),
                        DataTypes.FIELD("i16", DataTypes.SMALLINT()),
                        DataTypes.FIELD("i32", DataTypes.INT()),
                        DataTypes.FIELD("i64", DataTypes.BIGINT().notNull()),
                        DataTypes.FIELD("f", DataTypes.FLOAT()),
                        DataTypes.FIELD("d", DataTypes.DOUBLE()),
                        DataTypes.FIELD("d32", DataTypes.DECIMAL(5, 2)),
                        DataTypes.FIELD("d64", DataTypes.DECIMAL(15, 3)),
                        DataTypes.FIELD("dfix", DataTypes.DECIMAL(30, 10)),
                        DataTypes.FIELD("c", DataTypes.CHAR(3)),
                        DataTypes.FIELD("s", DataTypes.STRING()),
                        DataTypes.FIELD("bin", DataTypes.BINARY(2)),
                        DataTypes.FIELD("bytes", DataTypes.BYTES()),
                        DataTypes.FIELD("day", DataTypes.DATE()),
                        DataTypes.FIELD("t", DataTypes.TIME(3)),
                        DataTypes.FIELD("ts3", DataTypes.TIMESTAMP(3)),
                        DataTypes.FIELD("ts6", DataTypes.TIMESTAMP(6)),
                        DataTypes.FIELD("ts9", DataTypes.TIMESTAMP(9)),
                        DataTypes.FIELD("ltz", DataTypes.TIMESTAMP_LTZ(3)));
        RowData full =
                GenericRowData.of(
                        false,
                        (byte) -128,
                        (short) 32767,
                        -7,
                        Long.MAX_VALUE,
                        Float.MIN_VALUE,
                        2.0E-3,
                        DecimalData.fromUnscaledLong(-99999, 5, 2),
                        DecimalData.fromUnscaledLong(1, 15, 3),
                        DecimalData.fromBigDecimal(
                                new BigDecimal("-12345678901234567890.0123456789"), 30, 10),
                        StringData.fromString("ab "),
                        StringData.fromString("tab\there \\ \u001f ü"),
                        new byte[] {(byte) 0xca, (byte) 0xfe},
                        new byte[0],
                        2_932_897,
                        45_296_789,
                        TimestampData.fromEpochMillis(-1L),
                        TimestampData.fromEpochMillis(86_400_000L, 1000),
                        TimestampData.fromEpochMillis(0L, 1),
                        TimestampData.fromEpochMillis(1_767_323_045_500L));
        GenericRowData nulls = new GenericRowData(type.getFieldCount());
        nulls.setField(4, 0L);
        assertThat(writeAndRender(type, full, nulls))
                .containsExactly(
                        "{\"b\":false,\"i8\":-128,\"i16\":32767,\"i32\":-7,\"i64\":9223372036854775807,"
                                + "\"f\":1.0E-45,\"d\":0.002,\"d32\":-999.99,\"d64\":0.001,\"dfix\":-12345678901234567890.0123456789,\"c\":\"ab"
                                + " \",\"s\":\"tab\\there \\\\ \\u001f"
                                + " ü\",\"bin\":\"0xcafe\",\"bytes\":\"0x\","
                                + "\"day\":\"+10000-01-01\",\"t\":\"12:34:56.789\","
                                + "\"ts3\":\"1969-12-31T23:59:59.999\",\"ts6\":\"1970-01-02T00:00:00.000001\","
                                + "\"ts9\":\"1970-01-01T00:00:00.000000001\",\"ltz\":\"2026-01-02T03:04:05.5Z\"}",
                        "{\"b\":null,\"i8\":null,\"i16\":null,\"i32\":null,\"i64\":0,\"f\":null,\"d\":null,"
                                + "\"d32\":null,\"d64\":null,\"dfix\":null,\"c\":null,\"s\":null,\"bin\":null,"
                                + "\"bytes\":null,\"day\":null,\"t\":null,\"ts3\":null,\"ts6\":null,\"ts9\":null,"
                                + "\"ltz\":null}");
    }

    @Test
    void rendersNestedCollectionsThreeLevelsDeep() throws Exception {
        RowType type =
                rowType(
                        DataTypes.FIELD("id", DataTypes.INT().notNull()),
                        DataTypes.FIELD(
                                "orders",
                                DataTypes.ARRAY(
                                        DataTypes.ROW(
                                                DataTypes.FIELD("sku", DataTypes.STRING()),
                                                DataTypes.FIELD(
                                                        "qty",
                                                        DataTypes.MAP(
                                                                DataTypes.STRING().notNull(),
                                                                DataTypes.ARRAY(
                                                                        DataTypes.INT())))))),
                        DataTypes.FIELD("tags", DataTypes.MULTISET(DataTypes.STRING().notNull())));
        Map<StringData, GenericArrayData> qty = new LinkedHashMap<>();
        qty.put(StringData.fromString("x"), new GenericArrayData(new Integer[] {1, null}));
        qty.put(StringData.fromString("y"), null);
        qty.put(StringData.fromString("z"), new GenericArrayData(new Integer[0]));
        Map<StringData, Integer> tags = new LinkedHashMap<>();
        tags.put(StringData.fromString("red"), 2);
        RowData first =
                GenericRowData.of(
                        1,
                        new GenericArrayData(
                                new Object[] {
                                    GenericRowData.of(
                                            StringData.fromString("a"), new GenericMapData(qty)),
                                    null,
                                    GenericRowData.of(null, null)
                                }),
                        new GenericMapData(tags));
        RowData second = GenericRowData.of(2, new GenericArrayData(new Object[0]), null);
        assertThat(writeAndRender(type, first, second))
                .containsExactly(
                        "{\"id\":1,\"orders\":[{\"sku\":\"a\",\"qty\":[{\"key\":\"x\",\"value\":[1,null]},"
                                + "{\"key\":\"y\",\"value\":null},{\"key\":\"z\",\"value\":[]}]},null,"
                                + "{\"sku\":null,\"qty\":null}],\"tags\":[{\"key\":\"red\",\"value\":2}]}",
                        "{\"id\":2,\"orders\":[],\"tags\":null}");
    }

    private List<String> writeAndRender(RowType type, RowData... rows) throws Exception {
        Path path = new Path(new File(tmp, "t-" + System.nanoTime() + ".parquet").toURI());
        try (ParquetWriter writer =
                ParquetWriter.builder(type).options(WriteOptions.builder().build()).create(path)) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
        List<String> lines = new ArrayList<>();
        try (ParquetReader reader = ParquetReader.open(path);
                CloseableIterator<RowData> it = reader.rows(reader.schema())) {
            JsonRowRenderer renderer = new JsonRowRenderer(reader.schema());
            while (it.hasNext()) {
                lines.add(renderer.render(it.next()));
            }
        }
        return lines;
    }

    private static RowType rowType(DataTypes.Field... fields) {
        return (RowType) DataTypes.ROW(fields).notNull().getLogicalType();
    }
}
