package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.catalog.GenericInMemoryCatalog;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.CollectionUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A continuous SELECT over a growing pqx table, and pqx tables in a catalog. */
class PqxTableStreamingITCase {
    @RegisterExtension static final MiniClusterExtension CLUSTER = new MiniClusterExtension();

    @TempDir Path dir;

    /** Writes ids [from, to) to a new file of partition dt, published at once (hidden, renamed). */
    private void publish(String dt, int from, int to) throws Exception {
        Path partition = Files.createDirectories(dir.resolve("dt=" + dt));
        Path hidden = partition.resolve(".part-" + from + ".parquet");
        RowType type = RowType.of(new LogicalType[] {new IntType()}, new String[] {"id"});
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(WriteOptions.builder().build())
                        .create(new org.apache.flink.core.fs.Path(hidden.toUri()))) {
            for (int i = from; i < to; i++) {
                w.write(GenericRowData.of(i));
            }
        }
        Files.move(hidden, partition.resolve("part-" + from + ".parquet"));
    }

    private static List<String> take(CloseableIterator<Row> it, int n) {
        List<String> got = new ArrayList<>();
        while (got.size() < n && it.hasNext()) {
            got.add(it.next().toString());
        }
        return got;
    }

    @Test
    void aContinuousSelectReadsFilesAndPartitionsThatAppearLater() throws Exception {
        publish("a", 0, 5);
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        t.executeSql(
                "CREATE TABLE g (id INT, dt STRING) PARTITIONED BY (dt) WITH ('connector'='pqx',"
                        + " 'path'='"
                        + dir.toUri()
                        + "', 'source.monitor-interval'='100ms')");
        TableResult result = t.executeSql("SELECT id, dt FROM g WHERE dt <> 'x' AND id >= 1");
        List<String> got = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            got.addAll(take(it, 4));
            publish("a", 5, 8);
            publish("b", 8, 10); // a partition that did not exist when the query was planned
            got.addAll(take(it, 5));
        }
        assertThat(got)
                .containsExactlyInAnyOrder(
                        "+I[1, a]",
                        "+I[2, a]",
                        "+I[3, a]",
                        "+I[4, a]",
                        "+I[5, a]",
                        "+I[6, a]",
                        "+I[7, a]",
                        "+I[8, b]",
                        "+I[9, b]");
    }

    @Test
    void aPushedWatermarkDrivesEventTimeWindowsOverTheFiles() throws Exception {
        Path data = Files.createDirectories(dir.resolve("w"));
        RowType type =
                RowType.of(
                        new LogicalType[] {new IntType(), new TimestampType(3)},
                        new String[] {"id", "ts"});
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(WriteOptions.builder().rowGroupRows(25).build())
                        .create(
                                new org.apache.flink.core.fs.Path(
                                        data.resolve("e.parquet").toUri()))) {
            for (int i = 0; i < 100; i++) { // one row a second from midnight: 10 rows per window
                w.write(GenericRowData.of(i, TimestampData.fromEpochMillis(i * 1000L)));
            }
        }
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        t.executeSql(
                "CREATE TABLE e (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)"
                        + " WITH ('connector'='pqx', 'path'='"
                        + data.toUri()
                        + "')");
        String query =
                "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE e, DESCRIPTOR(ts),"
                        + " INTERVAL '10' SECOND)) GROUP BY window_start, window_end";
        assertThat(t.explainSql(query)).contains("watermark=[");
        List<Row> windows = CollectionUtil.iteratorToList(t.executeSql(query).collect());
        assertThat(windows).hasSize(10).allMatch(r -> ((Long) r.getField(1)) == 10L);
    }

    @Test
    void tablesInAnInMemoryCatalogKeepTheirOptionsAcrossTableEnvironments() throws Exception {
        publish("a", 0, 3);
        GenericInMemoryCatalog catalog = new GenericInMemoryCatalog("mem");
        TableEnvironment first = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        first.registerCatalog("mem", catalog);
        first.executeSql(
                "CREATE TABLE mem.`default`.c (id INT, dt STRING) PARTITIONED BY (dt) WITH ("
                        + "'connector'='pqx', 'path'='"
                        + dir.toUri()
                        + "', 'source.batch-size'='2')");
        TableEnvironment second = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        second.registerCatalog("mem", catalog);
        assertThat(
                        CollectionUtil.iteratorToList(
                                second.executeSql("SELECT id FROM mem.`default`.c").collect()))
                .hasSize(3);
        assertThat(catalog.getTable(new ObjectPath("default", "c")).getOptions())
                .containsEntry("source.batch-size", "2")
                .containsEntry("connector", "pqx");
    }
}
