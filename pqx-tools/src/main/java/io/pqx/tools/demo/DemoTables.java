package io.pqx.tools.demo;

/**
 * The demo's SQL: a generated stream of orders ({@code datagen}) and the partitioned pqx table it
 * is written into, by day. Ids are a sequence, each order {@value #SECONDS_PER_ORDER} s after the
 * one before from 2026-11-01, so days fill one after another and ids are ordered within a file (its
 * row groups' statistics then prune well). Constants and statement texts only.
 */
final class DemoTables {
    private DemoTables() {}

    static final int SECONDS_PER_ORDER = 3;
    static final int ROW_GROUP_ROWS = 5_000;

    /** A day's file rolls once the stream has left the day for this long. */
    static final int QUIET_SECONDS = 4;

    static String ordersTable(String path) {
        return "CREATE TABLE orders (\n"
                + "  id BIGINT,\n"
                + "  customer_id INT,\n"
                + "  amount DECIMAL(10, 2),\n"
                + "  status STRING,\n"
                + "  ts TIMESTAMP(3),\n"
                + "  `day` STRING\n"
                + ") PARTITIONED BY (`day`) WITH (\n"
                + "  'connector' = 'pqx',\n"
                + "  'path' = '"
                + path
                + "',\n"
                + "  'sink.row-group.rows' = '"
                + ROW_GROUP_ROWS
                + "',\n"
                + "  'sink.page.row-limit' = '1000',\n"
                + "  'sink.bloom-filter.columns' = 'customer_id',\n"
                + "  'sink.rolling-policy.inactivity-interval' = '"
                + QUIET_SECONDS
                + " s',\n"
                + "  'sink.rolling-policy.check-interval' = '1 s',\n"
                + "  'sink.partition-commit.success-file' = 'true'\n"
                + ")";
    }

    static String generator(long rows, long rowsPerSecond) {
        return "CREATE TEMPORARY TABLE generated (\n"
                + "  id BIGINT, customer_id INT, cents INT, status_code INT\n"
                + ") WITH (\n"
                + "  'connector' = 'datagen',\n"
                + "  'number-of-rows' = '"
                + rows
                + "',\n"
                + "  'rows-per-second' = '"
                + rowsPerSecond
                + "',\n"
                + "  'fields.id.kind' = 'sequence',\n"
                + "  'fields.id.start' = '0',\n"
                + "  'fields.id.end' = '"
                + (rows - 1)
                + "',\n"
                + "  'fields.customer_id.min' = '1',\n"
                + "  'fields.customer_id.max' = '5000',\n"
                + "  'fields.cents.min' = '100',\n"
                + "  'fields.cents.max' = '100000',\n"
                + "  'fields.status_code.min' = '0',\n"
                + "  'fields.status_code.max' = '3'\n"
                + ")";
    }

    static final String INSERT =
            "INSERT INTO orders\n"
                    + "SELECT id, customer_id, CAST(cents AS DECIMAL(10, 2)) / 100,\n"
                    + "  CASE status_code WHEN 0 THEN 'new' WHEN 1 THEN 'paid' WHEN 2 THEN 'shipped'"
                    + " ELSE 'returned' END,\n"
                    + "  ts, DATE_FORMAT(ts, 'yyyy-MM-dd')\n"
                    + "FROM (SELECT *, TIMESTAMPADD(SECOND, CAST(id * "
                    + SECONDS_PER_ORDER
                    + " AS INT),"
                    + " TIMESTAMP '2026-11-01 00:00:00') AS ts FROM generated)";

    /** A selective filter: ten orders by id, found through row-group statistics. */
    static String selective(long from) {
        return "SELECT id, customer_id, amount, status FROM orders WHERE id BETWEEN "
                + from
                + " AND "
                + (from + 9);
    }

    /** An aggregate over a range of partitions, reading only their files. */
    static final String PER_DAY =
            "SELECT `day`, COUNT(*) AS orders, SUM(amount) AS revenue\n"
                    + "FROM orders WHERE `day` BETWEEN '2026-11-02' AND '2026-11-04' GROUP BY `day`";

    /** Counts and bounds answered from the footers alone. */
    static final String FROM_FOOTERS =
            "SELECT COUNT(*) AS orders, MIN(id) AS first_id," + " MAX(id) AS last_id FROM orders";
}
