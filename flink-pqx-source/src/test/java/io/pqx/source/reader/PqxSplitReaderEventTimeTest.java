package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.TestingEventTimeFiles;
import io.pqx.source.eventtime.WatermarkColumn;
import io.pqx.source.split.RowGroupSplit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With a watermark column each row the split reader hands over carries its event time, read from
 * the column whether the source emits it or only reads it for the stamp; a null event time leaves
 * the row without one.
 */
class PqxSplitReaderEventTimeTest {
    @TempDir Path dir;

    /** A row handed over: its id, whether it has an event time, which, and its arity. */
    record Stamped(long id, boolean timed, long eventTime, int arity) {}

    /** Rows 0..n-1 at shuffled times from 1_700_000_000_000, every 13th without one. */
    static List<RowData> rows(int n) {
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            times.add(1_700_000_000_000L + i * 997L);
        }
        Collections.shuffle(times, new Random(7));
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(TestingEventTimeFiles.event(i, i % 13 == 0 ? null : times.get(i)));
        }
        return rows;
    }

    static List<Stamped> read(ReaderSettings settings, RowGroupSplit split) throws Exception {
        List<Stamped> out = new ArrayList<>();
        try (PqxSplitReader reader = new PqxSplitReader(settings)) {
            reader.handleSplitsChanges(new SplitsAddition<>(List.of(split)));
            for (int fetches = 0; fetches < 10_000; fetches++) {
                RecordsWithSplitIds<RowAtPosition> records = reader.fetch();
                while (records.nextSplit() != null) {
                    RowAtPosition r;
                    while ((r = records.nextRecordFromSplit()) != null) {
                        out.add(
                                new Stamped(
                                        r.row.getLong(0),
                                        r.timed,
                                        r.timed ? r.eventTime : 0,
                                        r.row.getArity()));
                    }
                }
                records.recycle();
                if (records.finishedSplits().contains(split.splitId())) {
                    return out;
                }
            }
        }
        throw new AssertionError("the split never finished");
    }

    static ReaderSettings settings(
            RowType produced, RowType read, WatermarkColumn column, boolean decodeAhead) {
        return new ReaderSettings(
                new ReaderSettings.Rows(produced, List.of(), read, null, 16),
                new ReaderSettings.Decoding(64, true, 4, decodeAhead, true),
                Long.MAX_VALUE,
                column);
    }

    private static List<Stamped> expected(List<RowData> rows, int arity, long unitMillis) {
        List<Stamped> expected = new ArrayList<>();
        for (RowData row : rows) {
            Long t = TestingEventTimeFiles.millis(row);
            expected.add(
                    new Stamped(
                            row.getLong(0),
                            t != null,
                            t == null ? 0 : Math.floorDiv(t, unitMillis) * unitMillis,
                            arity));
        }
        return expected;
    }

    @Test
    void rowsCarryTheEventTimeOfAnEmittedTimestampColumn() throws Exception {
        List<RowData> rows = rows(1_000);
        Path file = TestingEventTimeFiles.write(dir.resolve("e.parquet"), rows, 300);
        RowGroupSplit split = PqxSplitReaderTest.split(file, Map.of(), 0, 3);
        RowType type = TestingEventTimeFiles.EVENTS;
        WatermarkColumn ts = WatermarkColumn.of(type, "ts", null);
        for (boolean ahead : new boolean[] {false, true}) {
            assertThat(read(settings(type, type, ts, ahead), split))
                    .as("decode ahead " + ahead)
                    .isEqualTo(expected(rows, 3, 1));
        }
    }

    @Test
    void aWatermarkColumnReadOnlyForTheStampIsNotEmitted() throws Exception {
        List<RowData> rows = rows(700);
        Path file = TestingEventTimeFiles.write(dir.resolve("e.parquet"), rows, 200);
        RowGroupSplit split = PqxSplitReaderTest.split(file, Map.of(), 0, 3);
        RowType type = TestingEventTimeFiles.EVENTS;
        RowType idOnly = RowType.of(new org.apache.flink.table.types.logical.BigIntType(false));
        idOnly = new RowType(false, List.of(new RowType.RowField("id", idOnly.getTypeAt(0))));
        RowType idAndTs =
                new RowType(false, List.of(type.getFields().get(0), type.getFields().get(1)));
        assertThat(
                        read(
                                settings(
                                        idOnly,
                                        idAndTs,
                                        WatermarkColumn.of(type, "ts", null),
                                        true),
                                split))
                .as("TIMESTAMP, read only")
                .isEqualTo(expected(rows, 1, 1));
        RowType idAndSec =
                new RowType(false, List.of(type.getFields().get(0), type.getFields().get(2)));
        assertThat(
                        read(
                                settings(
                                        idOnly,
                                        idAndSec,
                                        WatermarkColumn.of(type, "sec", TimeUnit.SECONDS),
                                        false),
                                split))
                .as("BIGINT seconds, read only")
                .isEqualTo(expected(rows, 1, 1000));
    }

    @Test
    void withoutAWatermarkColumnRowsHaveNoEventTime() throws Exception {
        List<RowData> rows = rows(300);
        Path file = TestingEventTimeFiles.write(dir.resolve("e.parquet"), rows, 100);
        RowType type = TestingEventTimeFiles.EVENTS;
        List<Stamped> read =
                read(
                        new ReaderSettings(
                                ReaderSettings.Rows.all(type, List.of()),
                                new ReaderSettings.Decoding(64, true, 4, true, true),
                                Long.MAX_VALUE),
                        PqxSplitReaderTest.split(file, Map.of(), 0, 2));
        assertThat(read).hasSize(300).noneMatch(Stamped::timed);
    }
}
