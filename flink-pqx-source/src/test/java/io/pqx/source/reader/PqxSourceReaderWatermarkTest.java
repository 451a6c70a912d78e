package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.TestingEventTimeFiles;
import io.pqx.source.eventtime.WatermarkColumn;
import io.pqx.source.split.RowGroupSplit;
import io.pqx.source.split.SplitEventTimes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader's watermarks from its splits' event times, on the split-local outputs Flink combines:
 * rows carry their event time, no watermark passes a row still to come from a split held, the
 * watermark rises as row groups and splits finish, a held split without event times holds it back,
 * and a split arriving below the watermark already emitted is read in full and counted late.
 */
class PqxSourceReaderWatermarkTest {
    @TempDir Path dir;

    /** What the reader emitted, in order: a row (its split, event time) or a watermark. */
    record Event(String split, boolean watermark, long time) {}

    /** Records what each split's output receives. */
    static final class RecordingOutput implements ReaderOutput<RowData> {
        final List<Event> events = new ArrayList<>();

        @Override
        public void collect(RowData record) {
            throw new AssertionError("rows go to their split's output");
        }

        @Override
        public void collect(RowData record, long timestamp) {
            throw new AssertionError("rows go to their split's output");
        }

        @Override
        public void emitWatermark(Watermark watermark) {
            throw new AssertionError("watermarks go to the splits' outputs");
        }

        @Override
        public void markIdle() {}

        @Override
        public void markActive() {}

        @Override
        public SourceOutput<RowData> createOutputForSplit(String splitId) {
            return new SourceOutput<>() {
                @Override
                public void collect(RowData record) {
                    events.add(new Event(splitId, false, Long.MIN_VALUE));
                }

                @Override
                public void collect(RowData record, long timestamp) {
                    assertThat(TestingEventTimeFiles.millis(record)).isEqualTo(timestamp);
                    events.add(new Event(splitId, false, timestamp));
                }

                @Override
                public void emitWatermark(Watermark watermark) {
                    events.add(new Event(splitId, true, watermark.getTimestamp()));
                }

                @Override
                public void markIdle() {}

                @Override
                public void markActive() {}
            };
        }

        @Override
        public void releaseOutputForSplit(String splitId) {}

        List<Event> rows() {
            return events.stream().filter(e -> !e.watermark()).toList();
        }

        List<Event> watermarks() {
            return events.stream().filter(Event::watermark).toList();
        }
    }

    static SourceReaderContext context(SourceReaderMetricGroup group) {
        return new SourceReaderContext() {
            @Override
            public SourceReaderMetricGroup metricGroup() {
                return group;
            }

            @Override
            public Configuration getConfiguration() {
                return new Configuration();
            }

            @Override
            public String getLocalHostName() {
                return "localhost";
            }

            @Override
            public int getIndexOfSubtask() {
                return 0;
            }

            @Override
            public void sendSplitRequest() {}

            @Override
            public void sendSourceEventToCoordinator(SourceEvent sourceEvent) {}

            @Override
            public UserCodeClassLoader getUserCodeClassLoader() {
                return SimpleUserCodeClassLoader.create(getClass().getClassLoader());
            }
        };
    }

    static PqxSourceReader<RowData> reader() {
        return PqxSourceReader.ofRows(
                context(UnregisteredMetricsGroup.createSourceReaderMetricGroup()),
                new ReaderSettings(
                        ReaderSettings.Rows.all(TestingEventTimeFiles.EVENTS, List.of()),
                        new ReaderSettings.Decoding(64, true, 4, true, true),
                        Long.MAX_VALUE,
                        WatermarkColumn.of(TestingEventTimeFiles.EVENTS, "ts", null)));
    }

    /** Polls until the reader holds no split. */
    static void drain(PqxSourceReader<RowData> reader, RecordingOutput output) throws Exception {
        for (int polls = 0; polls < 1_000_000; polls++) {
            if (reader.getNumberOfCurrentlyAssignedSplits() == 0) {
                return;
            }
            InputStatus status = reader.pollNext(output);
            if (status == InputStatus.NOTHING_AVAILABLE) {
                reader.isAvailable().get(10, TimeUnit.SECONDS);
            }
        }
        throw new AssertionError("the splits never finished");
    }

    /**
     * {@code groups} row groups of {@code perGroup} rows; group g's rows at times shuffled within
     * [base + g * step, base + g * step + span).
     */
    static List<RowData> rows(
            long firstId, int groups, int perGroup, long base, long step, long span) {
        Random random = new Random(firstId);
        List<RowData> rows = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            List<Long> times = new ArrayList<>();
            for (int i = 0; i < perGroup; i++) {
                times.add(base + g * step + (long) (random.nextDouble() * span));
            }
            Collections.shuffle(times, random);
            for (int i = 0; i < perGroup; i++) {
                rows.add(TestingEventTimeFiles.event(firstId + rows.size(), times.get(i)));
            }
        }
        return rows;
    }

    RowGroupSplit timedSplit(String name, List<RowData> rows, int perGroup) throws Exception {
        Path file = TestingEventTimeFiles.write(dir.resolve(name), rows, perGroup);
        int last = rows.size() / perGroup - 1;
        return PqxSplitReaderTest.split(file, Map.of(), 0, last)
                .withEventTimes(TestingEventTimeFiles.eventTimes(rows, perGroup, 0, last));
    }

    /** Every watermark is below every row emitted after it, and each split's only rises. */
    static void assertBounded(List<Event> events) {
        long highest = Long.MIN_VALUE;
        for (Event e : events) {
            if (e.watermark()) {
                highest = Math.max(highest, e.time());
            } else {
                assertThat(e.time()).as("a row after watermark " + highest).isGreaterThan(highest);
            }
        }
        Map<String, List<Long>> bySplit = new java.util.HashMap<>();
        for (Event e : events) {
            if (e.watermark()) {
                bySplit.computeIfAbsent(e.split(), k -> new ArrayList<>()).add(e.time());
            }
        }
        bySplit.values().forEach(w -> assertThat(w).isSorted().doesNotHaveDuplicates());
    }

    @Test
    void watermarksNeverPassARowStillToComeAndRiseAsRowGroupsAndSplitsFinish() throws Exception {
        // overlapping row groups: group g spans [g * 1000, g * 1000 + 2500)
        List<RowData> a = rows(0, 4, 200, 0, 1_000, 2_500);
        List<RowData> b = rows(10_000, 4, 200, 1_500, 1_000, 2_500);
        RowGroupSplit sa = timedSplit("a.parquet", a, 200);
        RowGroupSplit sb = timedSplit("b.parquet", b, 200);
        RecordingOutput output = new RecordingOutput();
        try (PqxSourceReader<RowData> reader = reader()) {
            reader.addSplits(List.of(sa, sb));
            drain(reader, output);
            assertThat(reader.metrics().lateSplits()).isZero();
        }
        assertThat(output.rows()).hasSize(1_600);
        assertBounded(output.events);
        SplitEventTimes tb = sb.eventTimes().orElseThrow();
        assertThat(output.watermarks())
                .as("while a is read, the bound is b's least (b waits)")
                .first()
                .isEqualTo(
                        new Event(
                                sa.splitId(),
                                true,
                                Math.min(sa.eventTimes().get().least(), tb.least()) - 1));
        assertThat(output.watermarks().stream().mapToLong(Event::time).max().orElseThrow())
                .as("b alone, in its last row group")
                .isEqualTo(tb.leastFrom(3) - 1);
        assertThat(output.watermarks().stream().map(Event::split).distinct())
                .as("emitted on both splits' outputs")
                .containsExactlyInAnyOrder(sa.splitId(), sb.splitId());
    }

    @Test
    void aHeldSplitWithoutEventTimesHoldsTheWatermarkBack() throws Exception {
        List<RowData> a = rows(0, 3, 100, 0, 1_000, 1_500);
        List<RowData> c = rows(5_000, 2, 100, 10_000, 1_000, 1_500);
        RowGroupSplit sa = timedSplit("a.parquet", a, 100);
        Path cFile = TestingEventTimeFiles.write(dir.resolve("c.parquet"), c, 100);
        RowGroupSplit sc = PqxSplitReaderTest.split(cFile, Map.of(), 0, 1);
        RecordingOutput output = new RecordingOutput();
        try (PqxSourceReader<RowData> reader = reader()) {
            reader.addSplits(List.of(sa, sc));
            drain(reader, output);
        }
        assertThat(output.rows()).hasSize(500);
        assertThat(output.watermarks()).as("c, held throughout, has no event times").isEmpty();
    }

    @Test
    void aSplitBelowTheWatermarkIsReadInFullAndCountedLate() throws Exception {
        List<RowData> a = rows(0, 3, 100, 5_000, 1_000, 1_500);
        List<RowData> early = rows(1_000, 2, 100, 0, 1_000, 1_500);
        List<RowData> later = rows(2_000, 2, 100, 20_000, 1_000, 1_500);
        RowGroupSplit sa = timedSplit("a.parquet", a, 100);
        RowGroupSplit sEarly = timedSplit("early.parquet", early, 100);
        RowGroupSplit sLater = timedSplit("later.parquet", later, 100);
        RecordingOutput output = new RecordingOutput();
        try (PqxSourceReader<RowData> reader = reader()) {
            reader.addSplits(List.of(sa));
            drain(reader, output);
            long watermark = reader.watermarks().emitted();
            assertThat(watermark).isEqualTo(sa.eventTimes().get().leastFrom(2) - 1);
            reader.addSplits(List.of(sLater));
            assertThat(reader.metrics().lateSplits()).as("above the watermark").isZero();
            reader.addSplits(List.of(sEarly));
            assertThat(reader.metrics().lateSplits()).as("below the watermark").isEqualTo(1);
            drain(reader, output);
            assertThat(reader.watermarks().emitted())
                    .as("never back")
                    .isGreaterThanOrEqualTo(watermark);
        }
        assertThat(output.rows().stream().filter(e -> e.split().equals(sEarly.splitId())))
                .as("the late split's rows, all")
                .hasSize(200);
        assertThat(output.rows()).hasSize(700);
    }
}
