package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CollectionUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Event-time reading in SQL ({@code 'source.watermark.column'}): an event-time TUMBLE window
 * aggregation over files whose rows are out of order across files (and across row groups within
 * them) counts what the batch GROUP BY over the same files counts, and drops no row as late,
 * although the declared WATERMARK allows one second of disorder and the files overlap by minutes:
 * the watermarks are pqx's (the files read in order of their statistics, the watermark never past a
 * row not yet read), not the declared delay's. {@code SOURCE_WATERMARK()} asks for pqx's watermarks
 * by the rowtime attribute, and EXPLAIN shows it; a rowtime attribute that is not the watermark
 * column (nor computed from it alone) is refused.
 *
 * <p>Until the enumerator orders splits and the readers emit watermarks, the windows fire only at
 * the end of the input and these counts hold trivially; with them, a watermark passing a row not
 * yet read shows as a count below the batch one and as late rows dropped.
 */
class PqxTableEventTimeITCase {
    private static final TestingMetrics METRICS = new TestingMetrics();

    @RegisterExtension static final MiniClusterExtension CLUSTER = METRICS.cluster();

    /** Midnight, 1 January 2026, UTC, in epoch milliseconds. */
    private static final long BASE =
            LocalDateTime.of(2026, 1, 1, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();

    private static final int FILES = 6;
    private static final int ROWS_PER_FILE = 600;

    @TempDir Path dir;

    /**
     * Writes {@value #FILES} files: file {@code k} holds rows of minutes [10(F-1-k), 10(F-1-k) +
     * 25), so the file listed first holds the latest times and each file overlaps its neighbours by
     * 15 minutes; rows in a random (seeded) order, 150-row row groups. Returns each row's epoch
     * millis. With {@code epochColumn}, the time is a BIGINT of epoch millis, else a TIMESTAMP(3).
     */
    private List<Long> writeFiles(Path table, boolean epochColumn) throws Exception {
        Files.createDirectories(table);
        LogicalType timeType = epochColumn ? new BigIntType() : new TimestampType(3);
        RowType type =
                RowType.of(new LogicalType[] {new IntType(), timeType}, new String[] {"id", "t"});
        Random random = new Random(42);
        List<Long> times = new ArrayList<>();
        int id = 0;
        for (int k = 0; k < FILES; k++) {
            long from = BASE + (FILES - 1 - k) * 10L * 60_000;
            String name = "part-" + (char) ('a' + k) + ".parquet";
            try (ParquetWriter w =
                    ParquetWriter.builder(type)
                            .options(WriteOptions.builder().rowGroupRows(150).build())
                            .create(
                                    new org.apache.flink.core.fs.Path(
                                            table.resolve(name).toUri()))) {
                for (int i = 0; i < ROWS_PER_FILE; i++) {
                    long time = from + (long) (random.nextDouble() * 25 * 60_000);
                    times.add(time);
                    Object value = epochColumn ? time : TimestampData.fromEpochMillis(time);
                    w.write(GenericRowData.of(id++, value));
                }
            }
        }
        return times;
    }

    /** The count of each minute's rows, keyed by the minute's start as Flink prints it. */
    private static Map<String, Long> perMinute(List<Long> times) {
        Map<String, Long> counts = new TreeMap<>();
        for (long time : times) {
            long minute = Math.floorDiv(time, 60_000L) * 60_000L;
            String key = LocalDateTime.ofEpochSecond(minute / 1000, 0, ZoneOffset.UTC).toString();
            counts.merge(key, 1L, Long::sum);
        }
        return counts;
    }

    private static Map<String, Long> asCounts(List<Row> rows) {
        Map<String, Long> counts = new TreeMap<>();
        for (Row r : rows) {
            Object start = r.getField(0);
            String key =
                    start instanceof java.time.Instant instant
                            ? LocalDateTime.ofInstant(instant, ZoneOffset.UTC).toString()
                            : start.toString();
            assertThat(counts.put(key, (Long) r.getField(1))).as("one row per window").isNull();
        }
        return counts;
    }

    private static TableEnvironment streaming() {
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        Configuration conf = new Configuration();
        conf.setString("parallelism.default", "2");
        conf.setString("table.local-time-zone", "UTC");
        t.getConfig().addConfiguration(conf);
        return t;
    }

    private static final String WINDOWS =
            "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE e, DESCRIPTOR(%s),"
                    + " INTERVAL '1' MINUTE)) GROUP BY window_start, window_end";

    @Test
    void aTumbleWindowOverOutOfOrderFilesCountsWhatTheBatchGroupByCountsAndDropsNothing()
            throws Exception {
        Path table = dir.resolve("e");
        List<Long> times = writeFiles(table, false);
        String options =
                " WITH ('connector'='pqx', 'path'='"
                        + table.toUri()
                        + "', 'source.watermark.column'='t', 'source.split.target-size'='1b')";

        TableEnvironment batch = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        batch.executeSql("CREATE TABLE e (id INT, t TIMESTAMP(3))" + options);
        Map<String, Long> batchCounts =
                asCounts(
                        CollectionUtil.iteratorToList(
                                batch.executeSql(
                                                "SELECT FLOOR(t TO MINUTE), COUNT(*) FROM e"
                                                        + " GROUP BY FLOOR(t TO MINUTE)")
                                        .collect()));
        assertThat(batchCounts).isEqualTo(perMinute(times));

        TableEnvironment t = streaming();
        t.executeSql(
                "CREATE TABLE e (id INT, t TIMESTAMP(3),"
                        + " WATERMARK FOR t AS t - INTERVAL '1' SECOND)"
                        + options);
        String query = String.format(WINDOWS, "t");
        assertCountsAndNoLateRows(t, query, batchCounts);
    }

    /**
     * {@code SOURCE_WATERMARK()}: the watermarks are pqx's alone, the watermark column defaulting
     * to the rowtime attribute; EXPLAIN shows the source's watermark.
     */
    @Test
    void sourceWatermarkReadsByTheRowtimeAttributeAndDropsNothing() throws Exception {
        Path table = dir.resolve("e");
        List<Long> times = writeFiles(table, false);
        TableEnvironment t = streaming();
        t.executeSql(
                "CREATE TABLE e (id INT, t TIMESTAMP(3), WATERMARK FOR t AS SOURCE_WATERMARK())"
                        + " WITH ('connector'='pqx', 'path'='"
                        + table.toUri()
                        + "', 'source.split.target-size'='1b')");
        String query = String.format(WINDOWS, "t");
        assertThat(t.explainSql(query)).contains("watermark=[SOURCE_WATERMARK()]");
        assertCountsAndNoLateRows(t, query, perMinute(times));
    }

    private static void assertCountsAndNoLateRows(
            TableEnvironment t, String query, Map<String, Long> expected) throws Exception {
        TableResult result = t.executeSql(query);
        Map<String, Long> windows = asCounts(CollectionUtil.iteratorToList(result.collect()));

        assertThat(windows).isEqualTo(expected);
        assertThat(
                        METRICS.counter(
                                result.getJobClient().orElseThrow().getJobID(),
                                "numLateRecordsDropped"))
                .as("rows the window dropped as late")
                .isZero();
    }

    @Test
    void aRowtimeComputedFromABigintWatermarkColumnAloneIsAccepted() throws Exception {
        Path table = dir.resolve("e");
        List<Long> times = writeFiles(table, true);
        TableEnvironment t = streaming();
        t.executeSql(
                "CREATE TABLE e (id INT, t BIGINT, ts AS TO_TIMESTAMP_LTZ(t, 3),"
                        + " WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector'='pqx',"
                        + " 'path'='"
                        + table.toUri()
                        + "', 'source.watermark.column'='t', 'source.watermark.unit'='MILLISECONDS',"
                        + " 'source.split.target-size'='1b')");
        String query = String.format(WINDOWS, "ts");
        assertCountsAndNoLateRows(t, query, perMinute(times));
    }

    @Test
    void aRowtimeAttributeThatIsNotTheWatermarkColumnIsRefused() throws Exception {
        Path table = dir.resolve("e");
        writeFiles(table, false);
        TableEnvironment t = streaming();
        String with =
                " WITH ('connector'='pqx', 'path'='"
                        + table.toUri()
                        + "', 'source.watermark.column'='t')";
        t.executeSql(
                "CREATE TABLE e (id INT, t TIMESTAMP(3), t2 AS t + INTERVAL '1' HOUR,"
                        + " other AS TO_TIMESTAMP_LTZ(id, 3),"
                        + " WATERMARK FOR other AS other - INTERVAL '1' SECOND)"
                        + with);
        assertThatThrownBy(() -> t.explainSql(String.format(WINDOWS, "other")))
                .hasRootCauseInstanceOf(ValidationException.class)
                .rootCause()
                .hasMessageContaining("Table default_catalog.default_database.e")
                .hasMessageContaining("rowtime attribute other is computed from [id]")
                .hasMessageContaining("not from the watermark column t");

        t.executeSql("DROP TABLE e");
        t.executeSql(
                "CREATE TABLE e (id INT, t TIMESTAMP(3), t2 AS t + INTERVAL '1' HOUR,"
                        + " WATERMARK FOR t2 AS t2 - INTERVAL '1' SECOND)"
                        + with);
        // computed from t alone: accepted (that it is no earlier than t is the user's to ensure)
        assertThat(t.explainSql(String.format(WINDOWS, "t2"))).contains("watermark=[");

        t.executeSql("DROP TABLE e");
        t.executeSql(
                "CREATE TABLE e (id INT, t TIMESTAMP(3), t2 AS t + INTERVAL '1' HOUR,"
                        + " WATERMARK FOR t2 AS SOURCE_WATERMARK()) WITH ('connector'='pqx',"
                        + " 'path'='"
                        + table.toUri()
                        + "')");
        assertThatThrownBy(() -> t.explainSql(String.format(WINDOWS, "t2")))
                .rootCause()
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("SOURCE_WATERMARK() needs 'source.watermark.column'");
    }
}
