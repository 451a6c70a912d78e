package io.pqx.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Discovery run. */
class SqlClientITCase extends ClusterTest {
    static final long ROWS = 40_000;

    @Test
    void sqlClientSession(@TempDir Path table) throws Exception {
        String path = table.toUri().toString();
        List<String> script =
                List.of(
                        "SET 'sql-client.execution.result-mode' = 'tableau'",
                        "SET 'table.dml-sync' = 'true'",
                        "SET 'execution.runtime-mode' = 'streaming'",
                        "SET 'execution.checkpointing.interval' = '500 ms'",
                        "SET 'parallelism.default' = '2'",
                        "ADD JAR '" + SqlClientArtifacts.connectorJar() + "'",
                        "CREATE TABLE gen (id BIGINT NOT NULL) WITH ('connector' = 'datagen',"
                                + " 'number-of-rows' = '" + ROWS + "',"
                                + " 'rows-per-second' = '8000',"
                                + " 'fields.id.kind' = 'sequence', 'fields.id.start' = '0',"
                                + " 'fields.id.end' = '" + (ROWS - 1) + "')",
                        "CREATE TABLE events (id BIGINT NOT NULL, part INT NOT NULL, payload STRING)"
                                + " PARTITIONED BY (part) WITH ('connector' = 'pqx', 'path' = '"
                                + path + "')",
                        "INSERT INTO events SELECT id, CAST(id % 4 AS INT),"
                                + " CONCAT('row-', CAST(id AS STRING)) FROM gen",
                        "SET 'execution.runtime-mode' = 'batch'",
                        "EXPLAIN SELECT id, payload FROM events WHERE part = 1 AND id BETWEEN 1000"
                                + " AND 1040",
                        "SELECT id, payload FROM events WHERE part = 1 AND id BETWEEN 1000 AND 1040",
                        "CREATE TABLE probe (k BIGINT NOT NULL, proc AS PROCTIME()) WITH ("
                                + " 'connector' = 'datagen', 'number-of-rows' = '10',"
                                + " 'fields.k.kind' = 'sequence',"
                                + " 'fields.k.start' = '" + (ROWS - 5) + "', 'fields.k.end' = '"
                                + (ROWS + 4) + "')",
                        "SELECT p.k, d.part, d.payload FROM probe AS p JOIN events FOR SYSTEM_TIME"
                                + " AS OF p.proc AS d ON p.k = d.id",
                        "ADD JAR '" + SqlClientArtifacts.userJar("flink-sql-parquet-2.3.0.jar") + "'",
                        "ADD JAR '" + SqlClientArtifacts.userJar("hadoop-client-api-3.4.1.jar") + "'",
                        "ADD JAR '" + SqlClientArtifacts.userJar("hadoop-client-runtime-3.4.1.jar")
                                + "'",
                        "CREATE TABLE events_fs (id BIGINT, payload STRING, part INT)"
                                + " PARTITIONED BY (part) WITH ('connector' = 'filesystem',"
                                + " 'path' = '" + path + "', 'format' = 'parquet')",
                        "SELECT part, COUNT(*) AS n, SUM(id) AS s FROM events_fs GROUP BY part",
                        "SELECT COUNT(*) AS same_rows FROM events AS p JOIN events_fs AS f"
                                + " ON p.id = f.id AND p.part = f.part AND p.payload = f.payload");
        try {
            FlinkSqlClient.Result result =
                    new FlinkSqlClient(cluster).run("session", script, Duration.ofMinutes(4));
            System.out.println("EXIT " + result.exitCode());
            System.out.println(result.output());
            assertThat(result.exitCode()).isZero();
        } catch (Throwable e) {
            cluster.printLogTails();
            throw e;
        }
    }
}
