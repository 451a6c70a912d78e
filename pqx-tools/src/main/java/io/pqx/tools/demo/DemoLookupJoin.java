package io.pqx.tools.demo;

import io.pqx.tools.metrics.PqxCounters;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

/**
 * The demo's lookup join: a batch SQL INSERT writes a small dimension table {@code customers} (pqx,
 * {@value #CUSTOMERS} rows, odd ids only, a bloom filter on {@code id}), then a generated probe
 * stream of {@value #PROBES} keys, each key three times and half of them absent, is joined with it
 * {@code FOR SYSTEM_TIME AS OF} its processing time, through pqx's lookup function behind Flink's
 * partial cache. Prints the join's count and id sum against the ones computed here, and the lookup
 * metrics (pqx's {@code pqxLookup*}, Flink's cache {@code hitCount}/{@code missCount}/{@code
 * loadCount}, from {@link PqxCounters}). One run per instance.
 */
final class DemoLookupJoin {
    static final int CUSTOMERS = 10_000;
    static final int PROBES = 3_000;

    /** Distinct probe keys: each is probed {@code PROBES / DISTINCT_KEYS} times. */
    static final int DISTINCT_KEYS = 1_000;

    private DemoLookupJoin() {}

    static String customersTable(String path) {
        return "CREATE TABLE customers (\n"
                + "  id INT,\n"
                + "  name STRING,\n"
                + "  tier STRING\n"
                + ") WITH (\n"
                + "  'connector' = 'pqx',\n"
                + "  'path' = '"
                + path
                + "',\n"
                + "  'sink.row-group.rows' = '2000',\n"
                + "  'sink.page.row-limit' = '500',\n"
                + "  'sink.bloom-filter.columns' = 'id',\n"
                + "  'lookup.cache' = 'PARTIAL',\n"
                + "  'lookup.partial-cache.max-rows' = '10000'\n"
                + ")";
    }

    static final String CUSTOMER_IDS =
            "CREATE TEMPORARY TABLE customer_seq (seq INT) WITH (\n"
                    + "  'connector' = 'datagen',\n"
                    + "  'number-of-rows' = '"
                    + CUSTOMERS
                    + "',\n"
                    + "  'fields.seq.kind' = 'sequence',\n"
                    + "  'fields.seq.start' = '1',\n"
                    + "  'fields.seq.end' = '"
                    + CUSTOMERS
                    + "'\n"
                    + ")";

    /** Customer {@code seq} gets the odd id {@code 2 seq - 1}. */
    static final String INSERT_CUSTOMERS =
            "INSERT INTO customers\n"
                    + "SELECT 2 * seq - 1, CONCAT('customer ', CAST(2 * seq - 1 AS STRING)),\n"
                    + "  CASE MOD(seq, 3) WHEN 0 THEN 'gold' WHEN 1 THEN 'silver' ELSE 'bronze' END\n"
                    + "FROM customer_seq";

    /** Probe {@code pk} asks for customer {@code (pk mod 1000) * 17 + 1}. */
    static final String PROBE_TABLE =
            "CREATE TEMPORARY TABLE probes (\n"
                    + "  pk INT,\n"
                    + "  customer_id AS MOD(pk, "
                    + DISTINCT_KEYS
                    + ") * 17 + 1,\n"
                    + "  proc AS PROCTIME()\n"
                    + ") WITH (\n"
                    + "  'connector' = 'datagen',\n"
                    + "  'number-of-rows' = '"
                    + PROBES
                    + "',\n"
                    + "  'rows-per-second' = '100000',\n"
                    + "  'fields.pk.kind' = 'sequence',\n"
                    + "  'fields.pk.start' = '0',\n"
                    + "  'fields.pk.end' = '"
                    + (PROBES - 1)
                    + "'\n"
                    + ")";

    static final String JOIN =
            "SELECT COUNT(*) AS joined, SUM(CAST(c.id AS BIGINT)) AS id_sum\n"
                    + "FROM probes AS p\n"
                    + "  JOIN customers FOR SYSTEM_TIME AS OF p.proc AS c ON c.id = p.customer_id";

    /** The probe's key of {@code pk}, as {@link #PROBE_TABLE} computes it. */
    static long probeKey(long pk) {
        return (pk % DISTINCT_KEYS) * 17 + 1;
    }

    /** Whether {@code id} is a customer's: odd, within the ids written. */
    static boolean isCustomer(long id) {
        return id >= 1 && id <= 2L * CUSTOMERS - 1 && (id & 1) == 1;
    }

    /** Writes the dimension table under {@code dir}, joins the probes with it, prints it all. */
    static void run(Path dir, DemoCluster cluster, PrintStream out) throws Exception {
        long start = System.nanoTime();
        String path = dir.toUri().toString();
        TableEnvironment batch =
                TableEnvironment.create(
                        EnvironmentSettings.newInstance()
                                .inBatchMode()
                                .withConfiguration(cluster.client(false))
                                .build());
        batch.executeSql(customersTable(path));
        batch.executeSql(CUSTOMER_IDS);
        batch.executeSql(PROBE_TABLE);
        batch.executeSql(INSERT_CUSTOMERS).await();

        long expectedMatches = 0;
        long expectedSum = 0;
        for (long pk = 0; pk < PROBES; pk++) {
            long id = probeKey(pk);
            if (isCustomer(id)) {
                expectedMatches++;
                expectedSum += id;
            }
        }
        PqxCounters.reset();
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = batch.executeSql(JOIN).collect()) {
            it.forEachRemaining(rows::add);
        }
        long matches = rows.size() == 1 ? ((Number) rows.get(0).getField(0)).longValue() : -1;
        Object sumField = rows.size() == 1 ? rows.get(0).getField(1) : null;
        long sum = sumField == null ? 0 : ((Number) sumField).longValue();
        boolean right = matches == expectedMatches && sum == expectedSum;
        out.printf(
                "a lookup join: %,d probes (%,d keys, each %d times, half of them absent) joined"
                        + " with a pqx dimension table of %,d customers (lookup.cache = PARTIAL):%n"
                        + "  %s%n  %s%n    %d, %d%n  expected %,d matches, id sum %d: %s%n",
                PROBES,
                DISTINCT_KEYS,
                PROBES / DISTINCT_KEYS,
                CUSTOMERS,
                customersTable(path).replace("\n", "\n  "),
                JOIN.replace("\n", "\n  "),
                matches,
                sum,
                expectedMatches,
                expectedSum,
                right ? "as expected" : "MISMATCH");
        out.printf(
                "  lookups: %s%n  (%.1f s: writing the dimension table, then the join)%n",
                LookupMetrics.now(), (System.nanoTime() - start) / 1e9);
    }

    /** The lookup metrics of the last join, from its counters. */
    record LookupMetrics(
            long lookups,
            long rowGroupsRead,
            long rowGroupsSkipped,
            long filesOpened,
            long hits,
            long misses,
            long loads) {
        static String now() {
            return new LookupMetrics(
                            PqxCounters.total("pqxLookups"),
                            PqxCounters.total("pqxLookupRowGroupsRead"),
                            PqxCounters.total("pqxLookupRowGroupsSkipped"),
                            PqxCounters.total("pqxLookupFilesOpened"),
                            PqxCounters.total(PqxCounters.CACHE_PREFIX + "hitCount"),
                            PqxCounters.total(PqxCounters.CACHE_PREFIX + "missCount"),
                            PqxCounters.total(PqxCounters.CACHE_PREFIX + "loadCount"))
                    .toString();
        }

        @Override
        public String toString() {
            return String.format(
                    "%,d into the files (%.2f row groups read and %.2f skipped per"
                            + " lookup, %,d files opened); cache: %,d hits, %,d misses, %,d loads",
                    lookups,
                    rowGroupsRead / (double) Math.max(1, lookups),
                    rowGroupsSkipped / (double) Math.max(1, lookups),
                    filesOpened,
                    hits,
                    misses,
                    loads);
        }
    }
}
