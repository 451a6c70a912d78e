package io.pqx.source.eventtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetInspector;
import io.pqx.format.ParquetReader;
import io.pqx.format.index.PhysicalType;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.LogicalTypeView;
import io.pqx.format.metadata.Repetition;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.metadata.SchemaView;
import io.pqx.format.options.ReadOptions;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.SplitEventTimes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventTimeStatisticsTest {
    @TempDir Path dir;

    /** Instants around the epoch, in nanoseconds: negatives, sub-millisecond parts. */
    private static final long[][] NANOS_BY_ROW_GROUP = {
        {1_700_000_000_123_456_789L, 1_700_000_000_000_000_001L, 1_700_000_005_000_000_000L},
        {-1_500_000L, -1L, 2_000_000L}, // -1.5 ms and -1 ns round down to -2 and -1 ms
        {-86_400_000_000_000_999L, 0L, 5L}
    };

    private static final RowType TIMESTAMPS =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("ms", DataTypes.TIMESTAMP(3)),
                                    DataTypes.FIELD("us", DataTypes.TIMESTAMP(6)),
                                    DataTypes.FIELD("ns", DataTypes.TIMESTAMP(9)),
                                    DataTypes.FIELD("ltz_ms", DataTypes.TIMESTAMP_LTZ(3)),
                                    DataTypes.FIELD("ltz_us", DataTypes.TIMESTAMP_LTZ(6)),
                                    DataTypes.FIELD("ltz_ns", DataTypes.TIMESTAMP_LTZ(9)),
                                    DataTypes.FIELD("epoch", DataTypes.BIGINT()),
                                    DataTypes.FIELD("none", DataTypes.TIMESTAMP(3)))
                            .getLogicalType();

    private static TimestampData at(long nanos, int precision) {
        long unit = precision <= 3 ? 1_000_000L : precision <= 6 ? 1_000L : 1L;
        long truncated = Math.floorDiv(nanos, unit) * unit; // what the writer keeps
        return TimestampData.fromEpochMillis(
                Math.floorDiv(truncated, 1_000_000L), (int) Math.floorMod(truncated, 1_000_000L));
    }

    private Path writeTimestamps() throws IOException {
        List<RowData> rows = new ArrayList<>();
        for (long[] group : NANOS_BY_ROW_GROUP) {
            for (long nanos : group) {
                rows.add(
                        GenericRowData.of(
                                at(nanos, 3),
                                at(nanos, 6),
                                at(nanos, 9),
                                at(nanos, 3),
                                at(nanos, 6),
                                at(nanos, 9),
                                Math.floorDiv(nanos, 1_000L), // micros since the epoch
                                null));
            }
        }
        return TestingSourceFiles.write(dir.resolve("ts.parquet"), TIMESTAMPS, rows, 3);
    }

    private static EventTimeStatistics statistics(Path file, WatermarkColumn column)
            throws IOException {
        try (InputFile in = FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri()));
                ParquetReader reader = ParquetReader.open(in, ReadOptions.defaults())) {
            return EventTimeStatistics.of(column, reader.metadata(), reader.schema().fields());
        }
    }

    private static long[] leastPerRowGroup(EventTimeStatistics stats) {
        long[] least = new long[stats.rowGroups()];
        for (int g = 0; g < least.length; g++) {
            assertThat(stats.untrustedReason(g)).as("row group %d", g).isEmpty();
            least[g] = stats.least(g).getAsLong();
        }
        return least;
    }

    /** The least of each row group in milliseconds, the values first truncated to the unit. */
    private static long[] expectedMillis(int precision) {
        long[] least = new long[NANOS_BY_ROW_GROUP.length];
        for (int g = 0; g < least.length; g++) {
            least[g] =
                    Arrays.stream(NANOS_BY_ROW_GROUP[g])
                            .map(n -> at(n, precision).getMillisecond())
                            .min()
                            .getAsLong();
        }
        return least;
    }

    @Test
    void everyTimestampUnitOfPqxsWriterGivesTheLeastEpochMillisRoundedDown() throws IOException {
        Path file = writeTimestamps();
        assertThat(expectedMillis(9)).containsExactly(1_700_000_000_000L, -2L, -86_400_000_001L);
        for (String name : List.of("ms", "us", "ns", "ltz_ms", "ltz_us", "ltz_ns")) {
            EventTimeStatistics stats =
                    statistics(file, WatermarkColumn.of(TIMESTAMPS, name, null));
            int precision = name.endsWith("ms") ? 3 : name.endsWith("us") ? 6 : 9;
            assertThat(leastPerRowGroup(stats)).as(name).containsExactly(expectedMillis(precision));
        }
    }

    @Test
    void aTimestampAndATimestampLtzOfTheSameInstantGiveTheSameMillis() throws IOException {
        // pqx writes TIMESTAMP with isAdjustedToUTC=false and TIMESTAMP_LTZ with true; both count
        // from the epoch, so a TIMESTAMP's local date-time reads as UTC
        Path file = writeTimestamps();
        try (InputFile in = FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri()))) {
            SchemaView schema =
                    ParquetInspector.read(in, ReadOptions.defaults()).metadata().schema();
            assertThat(schema.leaf("us").orElseThrow().logicalType().orElseThrow().adjustedToUtc())
                    .isFalse();
            assertThat(
                            schema.leaf("ltz_us")
                                    .orElseThrow()
                                    .logicalType()
                                    .orElseThrow()
                                    .adjustedToUtc())
                    .isTrue();
        }
        assertThat(leastPerRowGroup(statistics(file, WatermarkColumn.of(TIMESTAMPS, "us", null))))
                .containsExactly(
                        leastPerRowGroup(
                                statistics(file, WatermarkColumn.of(TIMESTAMPS, "ltz_us", null))));
    }

    @Test
    void aBigintColumnCountsInItsUnit() throws IOException {
        Path file = writeTimestamps();
        WatermarkColumn micros = WatermarkColumn.of(TIMESTAMPS, "epoch", TimeUnit.MICROSECONDS);
        assertThat(leastPerRowGroup(statistics(file, micros))).containsExactly(expectedMillis(6));
        WatermarkColumn millis = WatermarkColumn.of(TIMESTAMPS, "epoch", null);
        long[] asMillis = new long[NANOS_BY_ROW_GROUP.length];
        for (int g = 0; g < asMillis.length; g++) {
            asMillis[g] =
                    Arrays.stream(NANOS_BY_ROW_GROUP[g])
                            .map(n -> Math.floorDiv(n, 1_000L))
                            .min()
                            .getAsLong();
        }
        assertThat(leastPerRowGroup(statistics(file, millis))).containsExactly(asMillis);
    }

    @Test
    void anAllNullColumnAndAMissingColumnBoundNothing() throws IOException {
        Path file = writeTimestamps();
        assertThat(leastPerRowGroup(statistics(file, WatermarkColumn.of(TIMESTAMPS, "none", null))))
                .containsOnly(Long.MAX_VALUE)
                .hasSize(3);
        RowType withMissing =
                (RowType)
                        DataTypes.ROW(DataTypes.FIELD("absent", DataTypes.TIMESTAMP(3)))
                                .getLogicalType();
        assertThat(
                        leastPerRowGroup(
                                statistics(file, WatermarkColumn.of(withMissing, "absent", null))))
                .containsOnly(Long.MAX_VALUE)
                .hasSize(3);
    }

    @Test
    void aRunHasEventTimesOnlyWhenEachOfItsRowGroupsHas() throws IOException {
        Path file = writeTimestamps();
        EventTimeStatistics stats = statistics(file, WatermarkColumn.of(TIMESTAMPS, "ms", null));
        assertThat(stats.run(1, 2))
                .contains(SplitEventTimes.of(expectedMillis(3)[1], expectedMillis(3)[2]));

        // hand-made: row group 1 untrusted
        WatermarkColumn ts = new WatermarkColumn("ts", WatermarkColumn.Kind.TIMESTAMP, MILLIS);
        EventTimeStatistics partly =
                EventTimeStatistics.of(
                        ts,
                        file(
                                group(0, 10, 10, int64Stats(5L, OptionalLong.of(0))),
                                group(1, 10, 10, untrusted("the chunk has no statistics")),
                                group(2, 10, 10, int64Stats(7L, OptionalLong.of(0)))),
                        List.of(timestampField(TIMESTAMP_MILLIS_LOCAL, new TimestampType(3))));
        assertThat(partly.run(0, 0)).contains(SplitEventTimes.of(5L));
        assertThat(partly.run(2, 2)).contains(SplitEventTimes.of(7L));
        assertThat(partly.run(0, 2)).isEmpty();
        assertThat(partly.run(1, 1)).isEmpty();
        assertThat(partly.least(1)).isEmpty();
        assertThat(partly.reason(0, 2))
                .hasValueSatisfying(
                        r ->
                                assertThat(r)
                                        .contains("row group 1")
                                        .contains("ts")
                                        .contains("the chunk has no statistics"));
        assertThat(partly.reason(2, 2)).isEmpty();
    }

    // ---------------------------------------------------------------- hand-made footers

    private static final TimeUnit MILLIS = TimeUnit.MILLISECONDS;

    private static final LogicalTypeView TIMESTAMP_MILLIS_LOCAL =
            new LogicalTypeView(
                    "TIMESTAMP", "TIMESTAMP(MILLIS,false)", 0, false, false, "MILLIS", 0, 0);

    private static LeafColumnView leaf(PhysicalType type, LogicalTypeView logical) {
        return new LeafColumnView(
                List.of("ts"),
                0,
                type,
                type == PhysicalType.INT96 ? 12 : 0,
                Repetition.OPTIONAL,
                Optional.ofNullable(logical),
                1,
                0,
                true);
    }

    private static FieldView field(LeafColumnView leaf, LogicalType flinkType) {
        return new FieldView(
                "ts",
                "ts",
                flinkType,
                FieldView.Kind.PRIMITIVE,
                List.of(),
                Optional.of(leaf),
                1,
                0);
    }

    private static FieldView timestampField(LogicalTypeView logical, LogicalType flinkType) {
        return field(leaf(PhysicalType.INT64, logical), flinkType);
    }

    private static ChunkStatisticsView int64Stats(long min, OptionalLong nulls) {
        byte[] bytes = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(min).array();
        return ChunkStatisticsView.bounded(
                PhysicalType.INT64, nulls, bytes, bytes, "" + min, "" + min, true, true);
    }

    private static ChunkStatisticsView int32Stats(int min) {
        byte[] bytes = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(min).array();
        return ChunkStatisticsView.bounded(
                PhysicalType.INT32,
                OptionalLong.of(0),
                bytes,
                bytes,
                "" + min,
                "" + min,
                true,
                true);
    }

    private static ChunkStatisticsView untrusted(String reason) {
        return ChunkStatisticsView.unbounded(PhysicalType.INT64, OptionalLong.empty(), reason);
    }

    private static RowGroupView group(
            int ordinal, long rows, long values, ChunkStatisticsView stats) {
        ColumnChunkView chunk =
                new ColumnChunkView(
                        ordinal,
                        0,
                        "ts",
                        stats.physicalType(),
                        "UNCOMPRESSED",
                        List.of("PLAIN"),
                        100,
                        100,
                        values,
                        4,
                        OptionalLong.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        stats);
        return new RowGroupView(
                ordinal, rows, 100, 100, OptionalLong.empty(), List.of(), List.of(chunk));
    }

    private static FileMetadataView file(RowGroupView... groups) {
        return new FileMetadataView(
                "mem:/f.parquet",
                10_000,
                9_000,
                Optional.empty(),
                Map.of(),
                new SchemaView("message m { optional int64 ts; }", List.of("ts"), List.of()),
                List.of(groups));
    }

    private static EventTimeStatistics of(WatermarkColumn column, FieldView field, RowGroupView g) {
        return EventTimeStatistics.of(column, file(g), List.of(field));
    }

    @Test
    void zeroRowsAllNullsAndMissingNullCountsFollowTheFormatsRules() {
        WatermarkColumn ts = new WatermarkColumn("ts", WatermarkColumn.Kind.TIMESTAMP, MILLIS);
        FieldView field = timestampField(TIMESTAMP_MILLIS_LOCAL, new TimestampType(3));
        // no rows: bounds nothing, statistics or not
        assertThat(of(ts, field, group(0, 0, 0, untrusted("none"))).least(0))
                .hasValue(Long.MAX_VALUE);
        // every value null, by the null count: no bounds are written, none needed
        assertThat(
                        of(
                                        ts,
                                        field,
                                        group(
                                                0,
                                                5,
                                                5,
                                                ChunkStatisticsView.unbounded(
                                                        PhysicalType.INT64,
                                                        OptionalLong.of(5),
                                                        "no min/max")))
                                .least(0))
                .hasValue(Long.MAX_VALUE);
        // some null, bounds present: the min
        assertThat(of(ts, field, group(0, 5, 5, int64Stats(-42, OptionalLong.of(4)))).least(0))
                .hasValue(-42L);
        // no null count: the min still bounds the values that are there
        assertThat(of(ts, field, group(0, 5, 5, int64Stats(42, OptionalLong.empty()))).least(0))
                .hasValue(42L);
        // no null count and no bounds: nothing proven
        EventTimeStatistics none =
                of(ts, field, group(0, 5, 5, untrusted("the chunk has no statistics")));
        assertThat(none.least(0)).isEmpty();
        assertThat(none.untrustedReason(0).orElseThrow()).contains("the chunk has no statistics");
    }

    @Test
    void int96TimestampsAndOtherTypesInTheFileProveNothing() {
        WatermarkColumn ts = new WatermarkColumn("ts", WatermarkColumn.Kind.TIMESTAMP, MILLIS);
        byte[] twelve = new byte[12];
        ChunkStatisticsView int96 =
                ChunkStatisticsView.bounded(
                        PhysicalType.INT96,
                        OptionalLong.of(0),
                        twelve,
                        twelve,
                        "x",
                        "x",
                        true,
                        true);
        EventTimeStatistics legacy =
                of(
                        ts,
                        field(leaf(PhysicalType.INT96, null), new TimestampType(9)),
                        group(0, 5, 5, int96));
        assertThat(legacy.least(0)).isEmpty();
        assertThat(legacy.untrustedReason(0).orElseThrow()).contains("INT96");
        // a TIMESTAMP_LTZ in the file for a TIMESTAMP column: the reader does not read it as one
        LogicalTypeView utc =
                new LogicalTypeView(
                        "TIMESTAMP", "TIMESTAMP(MILLIS,true)", 0, false, true, "MILLIS", 0, 0);
        EventTimeStatistics other =
                of(
                        ts,
                        timestampField(utc, new LocalZonedTimestampType(3)),
                        group(0, 5, 5, int64Stats(1, OptionalLong.of(0))));
        assertThat(other.least(0)).isEmpty();
        assertThat(other.untrustedReason(0).orElseThrow()).contains("not a TIMESTAMP");
        // the same file column for a TIMESTAMP_LTZ column is read
        WatermarkColumn ltz = new WatermarkColumn("ts", WatermarkColumn.Kind.TIMESTAMP_LTZ, MILLIS);
        assertThat(
                        of(
                                        ltz,
                                        timestampField(utc, new LocalZonedTimestampType(3)),
                                        group(0, 5, 5, int64Stats(1, OptionalLong.of(0))))
                                .least(0))
                .hasValue(1L);
        // a BIGINT column whose file holds a timestamp
        WatermarkColumn epoch =
                new WatermarkColumn("ts", WatermarkColumn.Kind.EPOCH_NUMBER, MILLIS);
        assertThat(
                        of(
                                        epoch,
                                        timestampField(utc, new LocalZonedTimestampType(3)),
                                        group(0, 5, 5, int64Stats(1, OptionalLong.of(0))))
                                .untrustedReason(0))
                .hasValueSatisfying(r -> assertThat(r).contains("not an integer"));
    }

    @Test
    void narrowerAndUnsignedIntegersAreReadAsTheReaderWidensThem() {
        WatermarkColumn seconds =
                new WatermarkColumn("ts", WatermarkColumn.Kind.EPOCH_NUMBER, TimeUnit.SECONDS);
        assertThat(
                        of(
                                        seconds,
                                        field(leaf(PhysicalType.INT32, null), new IntType()),
                                        group(0, 5, 5, int32Stats(-3)))
                                .least(0))
                .hasValue(-3_000L);
        LogicalTypeView uint32 =
                new LogicalTypeView("INTEGER", "INTEGER(32,false)", 32, false, false, null, 0, 0);
        assertThat(
                        of(
                                        seconds,
                                        field(leaf(PhysicalType.INT32, uint32), new BigIntType()),
                                        group(0, 5, 5, int32Stats(-1)))
                                .least(0))
                .hasValue(4_294_967_295_000L);
        WatermarkColumn nanos =
                new WatermarkColumn("ts", WatermarkColumn.Kind.EPOCH_NUMBER, TimeUnit.NANOSECONDS);
        assertThat(
                        of(
                                        nanos,
                                        field(leaf(PhysicalType.INT64, null), new BigIntType()),
                                        group(0, 5, 5, int64Stats(-1, OptionalLong.of(0))))
                                .least(0))
                .hasValue(-1L);
    }

    @Test
    void microsAndNanosTimestampStatisticsRoundDown() {
        WatermarkColumn ts = new WatermarkColumn("ts", WatermarkColumn.Kind.TIMESTAMP, MILLIS);
        LogicalTypeView micros =
                new LogicalTypeView(
                        "TIMESTAMP", "TIMESTAMP(MICROS,false)", 0, false, false, "MICROS", 0, 0);
        LogicalTypeView nanos =
                new LogicalTypeView(
                        "TIMESTAMP", "TIMESTAMP(NANOS,false)", 0, false, false, "NANOS", 0, 0);
        assertThat(
                        of(
                                        ts,
                                        timestampField(micros, new TimestampType(6)),
                                        group(0, 5, 5, int64Stats(-1, OptionalLong.of(0))))
                                .least(0))
                .hasValue(-1L);
        assertThat(
                        of(
                                        ts,
                                        timestampField(micros, new TimestampType(6)),
                                        group(0, 5, 5, int64Stats(1_999, OptionalLong.of(0))))
                                .least(0))
                .hasValue(1L);
        assertThat(
                        of(
                                        ts,
                                        timestampField(nanos, new TimestampType(9)),
                                        group(0, 5, 5, int64Stats(-1_000_001, OptionalLong.of(0))))
                                .least(0))
                .hasValue(-2L);
    }
}
