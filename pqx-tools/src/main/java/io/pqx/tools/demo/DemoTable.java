package io.pqx.tools.demo;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.RowType;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The generated table of the demo: an order-lines-like table of a dozen columns (integers, low- and
 * high-cardinality strings, decimals of each physical width, a date, timestamps, a list and a map,
 * with nulls). Row {@code i} depends only on {@code i}, so every run (and every parallel instance,
 * once the demo is a Flink job) produces the same rows.
 *
 * <p>Stateless and thread-safe.
 */
public final class DemoTable {

    private static final String[] STATUSES = {"OPEN", "SHIPPED", "DELIVERED", "RETURNED"};
    private static final String[] TAGS = {"gift", "fragile", "express", "bulk", "eco"};
    private static final long START_MILLIS = 1_767_225_600_000L; // 2026-01-01T00:00:00Z
    private static final int START_DAY = 20_454; // 2026-01-01

    private DemoTable() {}

    /** The Flink type of a row of the table. */
    public static RowType rowType() {
        return (RowType)
                DataTypes.ROW(
                                DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                DataTypes.FIELD("customer_id", DataTypes.INT().notNull()),
                                DataTypes.FIELD("quantity", DataTypes.SMALLINT()),
                                DataTypes.FIELD("status", DataTypes.STRING().notNull()),
                                DataTypes.FIELD("comment", DataTypes.STRING()),
                                DataTypes.FIELD("price", DataTypes.DECIMAL(9, 2)),
                                DataTypes.FIELD("total", DataTypes.DECIMAL(18, 2)),
                                DataTypes.FIELD("tax", DataTypes.DECIMAL(25, 6)),
                                DataTypes.FIELD("weight_kg", DataTypes.DOUBLE()),
                                DataTypes.FIELD("priority", DataTypes.BOOLEAN()),
                                DataTypes.FIELD("ship_date", DataTypes.DATE()),
                                DataTypes.FIELD("created_at", DataTypes.TIMESTAMP(3)),
                                DataTypes.FIELD("updated_at", DataTypes.TIMESTAMP_LTZ(6)),
                                DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())),
                                DataTypes.FIELD(
                                        "attributes",
                                        DataTypes.MAP(
                                                DataTypes.STRING().notNull(), DataTypes.INT())))
                        .notNull()
                        .getLogicalType();
    }

    /** Row {@code i} of the table. */
    public static RowData row(long i) {
        SplittableRandom random = new SplittableRandom(i * 0x9E3779B97F4A7C15L);
        int quantity = 1 + random.nextInt(50);
        long priceCents = 100 + random.nextInt(100_000);
        long millis = START_MILLIS + i * 60_000L + random.nextInt(60_000);
        return GenericRowData.of(
                i,
                1000 + random.nextInt(500),
                i % 97 == 0 ? null : (short) quantity,
                StringData.fromString(STATUSES[random.nextInt(STATUSES.length)]),
                random.nextInt(10) == 0
                        ? null
                        : StringData.fromString(
                                "order " + i + " note " + Long.toHexString(random.nextLong())),
                DecimalData.fromUnscaledLong(priceCents, 9, 2),
                DecimalData.fromUnscaledLong(priceCents * quantity, 18, 2),
                DecimalData.fromBigDecimal(
                        BigDecimal.valueOf(priceCents * quantity * 19L, 4), 25, 6),
                random.nextInt(20) == 0 ? null : Math.round(random.nextDouble() * 100_000) / 1000.0,
                random.nextInt(4) == 0,
                (int) (START_DAY + i / 100 + random.nextInt(7)),
                TimestampData.fromEpochMillis(millis),
                TimestampData.fromEpochMillis(millis + 3_600_000L, random.nextInt(1000) * 1000),
                tags(random),
                attributes(random, quantity));
    }

    private static GenericArrayData tags(SplittableRandom random) {
        int n = random.nextInt(4);
        if (n == 3) {
            return null;
        }
        StringData[] tags = new StringData[n];
        for (int k = 0; k < n; k++) {
            tags[k] = StringData.fromString(TAGS[random.nextInt(TAGS.length)]);
        }
        return new GenericArrayData(tags);
    }

    private static GenericMapData attributes(SplittableRandom random, int quantity) {
        Map<StringData, Integer> map = new LinkedHashMap<>();
        map.put(StringData.fromString("boxes"), 1 + quantity / 10);
        if (random.nextBoolean()) {
            map.put(
                    StringData.fromString("floor"),
                    random.nextInt(3) == 0 ? null : random.nextInt(20));
        }
        return new GenericMapData(map);
    }
}
