package io.pqx.e2e.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A continuous SELECT over a growing pqx table, whose job fails and restores from its checkpoints
 * while files keep appearing: every row is delivered once (the collect sink is exactly-once with
 * checkpoints), none lost, none twice.
 */
class SqlContinuousFailoverITCase {
    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    static final int FILES = 12;
    static final int ROWS_PER_FILE = 50;
    static final AtomicInteger FAILURES = new AtomicInteger();

    @TempDir Path dir;

    /** Passes a value through; throws once, the first time it sees the failing id. */
    public static final class FailOnce extends ScalarFunction {
        private int failAt;

        @Override
        public void open(FunctionContext context) {
            failAt = 7 * ROWS_PER_FILE + 3; // in a file published after some checkpoints
        }

        public Integer eval(Integer id) {
            if (id != null && id == failAt && FAILURES.compareAndSet(0, 1)) {
                throw new IllegalStateException("injected failure at id " + id);
            }
            return id;
        }
    }

    private void publish(int file) throws Exception {
        String dt = file % 2 == 0 ? "even" : "odd";
        Path partition = Files.createDirectories(dir.resolve("dt=" + dt));
        Path hidden = partition.resolve(".f" + file + ".parquet");
        RowType type =
                RowType.of(
                        new LogicalType[] {new IntType(), new VarCharType(VarCharType.MAX_LENGTH)},
                        new String[] {"id", "note"});
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(WriteOptions.builder().rowGroupRows(20).build())
                        .create(new org.apache.flink.core.fs.Path(hidden.toUri()))) {
            for (int i = 0; i < ROWS_PER_FILE; i++) {
                int id = file * ROWS_PER_FILE + i;
                w.write(GenericRowData.of(id, StringData.fromString("n" + id)));
            }
        }
        Files.move(hidden, partition.resolve("f" + file + ".parquet"));
    }

    @Test
    void aFailedContinuousSelectRestoresWithoutLossOrDuplicates() throws Exception {
        FAILURES.set(0);
        for (int f = 0; f < 3; f++) {
            publish(f);
        }
        Configuration c = new Configuration();
        c.setString("execution.checkpointing.interval", "300 ms");
        // at least 1 s between checkpoints: see the Flink 2.3.0 restart caveat in
        // docs/operations.md
        c.setString("execution.checkpointing.min-pause", "1 s");
        c.setString("restart-strategy.type", "fixed-delay");
        c.setString("restart-strategy.fixed-delay.attempts", "3");
        c.setString("restart-strategy.fixed-delay.delay", "200 ms");
        c.setString("parallelism.default", "2");
        TableEnvironment t =
                TableEnvironment.create(
                        EnvironmentSettings.newInstance()
                                .inStreamingMode()
                                .withConfiguration(c)
                                .build());
        t.createTemporarySystemFunction("fail_once", FailOnce.class);
        t.executeSql(
                "CREATE TABLE g (id INT, note STRING, dt STRING) PARTITIONED BY (dt) WITH ("
                        + "'connector'='pqx', 'path'='"
                        + dir.toUri()
                        + "', 'source.monitor-interval'='100 ms',"
                        + " 'source.split.target-size'='1b')");
        List<Integer> got = new ArrayList<>();
        try (CloseableIterator<Row> it =
                t.executeSql("SELECT fail_once(id) FROM g WHERE note IS NOT NULL").collect()) {
            int published = 3;
            long deadline = System.currentTimeMillis() + 120_000;
            while (got.size() < FILES * ROWS_PER_FILE && System.currentTimeMillis() < deadline) {
                if (published < FILES && got.size() >= (published - 1) * ROWS_PER_FILE) {
                    Thread.sleep(400); // a checkpoint or two between files
                    publish(published++);
                }
                if (it.hasNext()) {
                    got.add((Integer) it.next().getField(0));
                }
            }
        }
        assertThat(FAILURES.get()).as("the failure was injected").isEqualTo(1);
        Set<Integer> distinct = new HashSet<>(got);
        assertThat(got).as("no row twice").hasSameSizeAs(distinct);
        assertThat(distinct).hasSize(FILES * ROWS_PER_FILE);
        for (int id = 0; id < FILES * ROWS_PER_FILE; id++) {
            assertThat(distinct).contains(id);
        }
    }
}
