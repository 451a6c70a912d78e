package io.pqx.e2e.cluster;

import io.pqx.e2e.cluster.jobs.GeneratedRows;
import io.pqx.e2e.cluster.jobs.PayloadFunction;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pqx's SQL connector on a real multi-process cluster: {@code INSERT INTO} a partitioned {@code
 * 'connector'='pqx'} table {@code SELECT} from Flink's {@code datagen} (a rate-limited sequence),
 * planned in the test JVM and run by the cluster (SQL runtime from its class path as in Flink's
 * {@code lib/}; pqx and the SQL function {@code payload_of} from the job jar), parallelism 2 over
 * two one-slot TaskManagers, checkpoints every 200 ms. One TaskManager is SIGKILLed mid-job and a
 * replacement started; the job restores on it and finishes. DuckDB then finds every row committed
 * exactly once in its partition directory with its payload, and no hidden file left.
 */
class ClusterSqlITCase extends ClusterTest {
    static final long ROWS = 200_000;

    /** Both subtasks together: so generating every row takes at least 20 s. */
    static final long ROWS_PER_SECOND = 10_000;

    /**
     * So long after the job starts running, the rate limit has let fewer than {@link #ROWS} rows be
     * generated: a kill before it is mid-job.
     */
    static final Duration MID_JOB = Duration.ofSeconds(15);

    @Test
    void aTaskManagerKilledMidInsertLosesAndDuplicatesNoCommittedRow(@TempDir Path table)
            throws Exception {
        try {
            StreamExecutionEnvironment env = environment();
            StreamTableEnvironment sql = StreamTableEnvironment.create(env);
            sql.createTemporarySystemFunction("payload_of", PayloadFunction.class);
            sql.executeSql(
                    "CREATE TABLE src (id BIGINT NOT NULL) WITH ("
                            + " 'connector' = 'datagen',"
                            + " 'fields.id.kind' = 'sequence',"
                            + " 'fields.id.start' = '0',"
                            + " 'fields.id.end' = '"
                            + (ROWS - 1)
                            + "',"
                            + " 'rows-per-second' = '"
                            + ROWS_PER_SECOND
                            + "')");
            sql.executeSql(
                    "CREATE TABLE pqx_table (id BIGINT NOT NULL, part INT NOT NULL, payload STRING)"
                            + " PARTITIONED BY (part) WITH ("
                            + " 'connector' = 'pqx',"
                            + " 'path' = '"
                            + table.toUri()
                            + "',"
                            + " 'sink.row-group.rows' = '10000',"
                            + " 'sink.rolling-policy.file-size' = '1 mb')");
            long submitted = System.nanoTime();
            TableResult insert =
                    sql.executeSql(
                            "INSERT INTO pqx_table SELECT id, CAST(id % "
                                    + GeneratedRows.PARTS
                                    + " AS INT), payload_of(id) FROM src");
            JobClient job = insert.getJobClient().orElseThrow();
            KillAndCheck.killMidJobThenCheckTable(
                    cluster, job, "sql", ROWS, table, MID_JOB, submitted);
        } catch (Throwable e) {
            cluster.printLogTails();
            throw e;
        }
    }
}
