package io.pqx.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.flink.api.common.JobID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pqx's SQL connector jar in Flink 2.3's own SQL client, as a user runs it: {@code sql-client
 * embedded -f script.sql} in its own JVM ({@link FlinkSqlClient}: a distribution's lib/, the
 * client, the gateway and flink-python on its class path, none of pqx), submitting to the
 * multi-process cluster of {@link ClusterTest} (whose class path has no pqx either). pqx arrives by
 * one {@code ADD JAR} of {@code flink-sql-connector-pqx-<version>.jar} and nothing else. In one
 * session:
 *
 * <ol>
 *   <li>{@code INSERT INTO} a partitioned {@code 'connector'='pqx'} table from a bounded {@code
 *       datagen} sequence, streaming, parallelism 2, checkpoints every 500 ms (the job finishes,
 *       having completed checkpoints);
 *   <li>in batch mode, a filtered {@code SELECT}: its rows are exactly the rows generated that pass
 *       the filter, and its {@code EXPLAIN} shows the partition and the filter pushed into pqx's
 *       scan;
 *   <li>a lookup join of a {@code datagen} probe against the pqx table: matched keys get their row,
 *       missing keys none;
 *   <li>two partitions copied into pqx tables compressed with snappy and lz4_raw, whose codecs
 *       pqx's jar leaves to Flink's lib/, and read back;
 *   <li>{@code ADD JAR} of {@code flink-sql-parquet-2.3.0.jar} (with Hadoop's client jars, which
 *       Flink's parquet format needs), and a {@code 'connector'='filesystem', 'format'='parquet'}
 *       table over pqx's files: Flink's reader reads every row pqx wrote, and a join of the two
 *       tables runs both connectors in one job, in one class loader, each with its own parquet-java
 *       (pqx's relocated).
 * </ol>
 *
 * The client's output is checked statement by statement ({@link SqlClientOutput}): no {@code
 * [ERROR]}, and each result as computed here from the generated rows.
 */
class SqlClientITCase extends ClusterTest {
    static final long ROWS = 40_000;
    static final int PARTS = 4;
    static final String INSERT_JOB = "pqx-sql-client-insert";

    /**
     * The session's statements, in order: {@link #add} returns a statement's index, which is where
     * {@link SqlClientOutput} finds what the client printed for it.
     */
    private final List<String> script = new ArrayList<>();

    private int add(String statement) {
        script.add(statement);
        return script.size() - 1;
    }

    @Test
    void aSessionWritesReadsFiltersAndLooksUpWithPqxsJarBesideFlinksParquet(
            @TempDir Path table, @TempDir Path codecs) throws Exception {
        String path = table.toUri().toString();
        add("SET 'sql-client.execution.result-mode' = 'tableau'");
        add("SET 'table.dml-sync' = 'true'");
        add("SET 'execution.runtime-mode' = 'streaming'");
        add("SET 'execution.checkpointing.interval' = '500 ms'");
        add("SET 'parallelism.default' = '2'");
        add("ADD JAR '" + SqlClientArtifacts.connectorJar() + "'");
        add(
                "CREATE TABLE gen (id BIGINT NOT NULL) WITH ('connector' = 'datagen',"
                        + " 'number-of-rows' = '"
                        + ROWS
                        + "', 'rows-per-second' = '8000',"
                        + " 'fields.id.kind' = 'sequence', 'fields.id.start' = '0',"
                        + " 'fields.id.end' = '"
                        + (ROWS - 1)
                        + "')");
        add(
                "CREATE TABLE events (id BIGINT NOT NULL, part INT NOT NULL, payload STRING)"
                        + " PARTITIONED BY (part) WITH ('connector' = 'pqx', 'path' = '"
                        + path
                        + "')");
        add("SET 'pipeline.name' = '" + INSERT_JOB + "'");
        int insert =
                add(
                        "INSERT INTO events SELECT id, CAST(id % "
                                + PARTS
                                + " AS INT),"
                                + " CONCAT('row-', CAST(id AS STRING)) FROM gen");
        add("RESET 'pipeline.name'");
        add("SET 'execution.runtime-mode' = 'batch'");
        String filtered =
                "SELECT id, payload FROM events WHERE part = 1 AND id BETWEEN 1000 AND 1040";
        int explain = add("EXPLAIN " + filtered);
        int select = add(filtered);
        add(
                "CREATE TABLE probe (k BIGINT NOT NULL, proc AS PROCTIME()) WITH ("
                        + " 'connector' = 'datagen', 'number-of-rows' = '10',"
                        + " 'fields.k.kind' = 'sequence', 'fields.k.start' = '"
                        + (ROWS - 5)
                        + "',"
                        + " 'fields.k.end' = '"
                        + (ROWS + 4)
                        + "')");
        int lookup =
                add(
                        "SELECT p.k, d.part, d.payload FROM probe AS p JOIN events FOR SYSTEM_TIME"
                                + " AS OF p.proc AS d ON p.k = d.id");
        // snappy-java and lz4-java are Flink's (lib/), not in pqx's jar: pages in both codecs
        for (String codec : List.of("snappy", "lz4_raw")) {
            add(
                    "CREATE TABLE events_"
                            + codec
                            + " (id BIGINT NOT NULL, part INT NOT NULL,"
                            + " payload STRING) PARTITIONED BY (part) WITH ('connector' = 'pqx', 'path' = '"
                            + codecs.resolve(codec).toUri()
                            + "', 'sink.compression.codec' = '"
                            + codec
                            + "')");
        }
        add("INSERT INTO events_snappy SELECT * FROM events WHERE part = 2");
        add("INSERT INTO events_lz4_raw SELECT * FROM events WHERE part = 3");
        int codecReads =
                add(
                        "SELECT part, COUNT(*) AS n, SUM(id) AS s FROM events_snappy GROUP BY part"
                                + " UNION ALL SELECT part, COUNT(*) AS n, SUM(id) AS s FROM events_lz4_raw"
                                + " GROUP BY part");
        add("ADD JAR '" + SqlClientArtifacts.userJar("flink-sql-parquet-2.3.0.jar") + "'");
        add("ADD JAR '" + SqlClientArtifacts.userJar("hadoop-client-api-3.4.1.jar") + "'");
        add("ADD JAR '" + SqlClientArtifacts.userJar("hadoop-client-runtime-3.4.1.jar") + "'");
        add(
                "CREATE TABLE events_fs (id BIGINT, payload STRING, part INT) PARTITIONED BY (part)"
                        + " WITH ('connector' = 'filesystem', 'path' = '"
                        + path
                        + "',"
                        + " 'format' = 'parquet')");
        int flinkReads =
                add("SELECT part, COUNT(*) AS n, SUM(id) AS s FROM events_fs GROUP BY part");
        int sideBySide =
                add(
                        "SELECT COUNT(*) AS same_rows FROM events AS p JOIN events_fs AS f"
                                + " ON p.id = f.id AND p.part = f.part AND p.payload = f.payload");
        try {
            FlinkSqlClient.Result result =
                    new FlinkSqlClient(cluster).run("session", script, Duration.ofMinutes(5));
            System.out.println(
                    "[sql-client] exit " + result.exitCode() + ", output:\n" + result.output());
            // the client exits 0 after a failed statement too: its output says [ERROR]
            assertThat(result.output()).doesNotContain("[ERROR]").doesNotContain("Exception");
            assertThat(result.exitCode()).isZero();
            SqlClientOutput out = SqlClientOutput.parse(result.output());
            assertThat(out.prompts()).isEqualTo(script.size() + 1);

            assertThat(out.statement(insert))
                    .contains("[INFO] Complete execution of the SQL update statement.");
            List<JobID> insertJobs = cluster.rest().jobsNamed(INSERT_JOB);
            assertThat(insertJobs).hasSize(1);
            assertThat(cluster.rest().jobState(insertJobs.get(0))).isEqualTo("FINISHED");
            long checkpoints = cluster.rest().checkpoints(insertJobs.get(0)).completed();
            assertThat(checkpoints).isGreaterThanOrEqualTo(2);

            assertThat(out.statement(explain))
                    .contains(
                            "TableSourceScan(table=[[default_catalog, default_database, events,"
                                    + " partitions=[{part=1}], filter=[and(>=(id, 1000), <=(id, 1040))]");

            List<List<String>> expectedSelect = new ArrayList<>();
            for (long id = 1000; id <= 1040; id++) {
                if (id % PARTS == 1) {
                    expectedSelect.add(List.of(Long.toString(id), "row-" + id));
                }
            }
            assertThat(sorted(out.rows(select))).isEqualTo(expectedSelect);

            List<List<String>> expectedLookup = new ArrayList<>();
            for (long k = ROWS - 5; k <= ROWS + 4; k++) {
                if (k < ROWS) { // keys past the last row have none: an inner join drops them
                    expectedLookup.add(
                            List.of(Long.toString(k), Long.toString(k % PARTS), "row-" + k));
                }
            }
            assertThat(sorted(out.rows(lookup))).isEqualTo(expectedLookup);

            List<List<String>> expectedParts = new ArrayList<>();
            for (int part = 0; part < PARTS; part++) {
                long n = 0;
                long sum = 0;
                for (long id = part; id < ROWS; id += PARTS) {
                    n++;
                    sum += id;
                }
                expectedParts.add(
                        List.of(Integer.toString(part), Long.toString(n), Long.toString(sum)));
            }
            assertThat(sorted(out.rows(flinkReads))).isEqualTo(expectedParts);
            assertThat(sorted(out.rows(codecReads)))
                    .isEqualTo(List.of(expectedParts.get(2), expectedParts.get(3)));

            assertThat(out.rows(sideBySide)).containsExactly(List.of(Long.toString(ROWS)));
            System.out.printf(
                    "[sql-client] %d rows inserted over %d checkpoints; filter, lookup join,"
                            + " flink-sql-parquet's reads and the join of both connectors as"
                            + " expected%n",
                    ROWS, checkpoints);
        } catch (Throwable e) {
            cluster.printLogTails();
            throw e;
        }
    }

    /** Rows ordered by their first cell as a number (the cluster returns them in any order). */
    private static List<List<String>> sorted(List<List<String>> rows) {
        List<List<String>> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparingLong(r -> Long.parseLong(r.get(0))));
        return copy;
    }
}
