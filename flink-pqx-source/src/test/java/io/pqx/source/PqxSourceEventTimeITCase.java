package io.pqx.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.table.data.RowData;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Event-time reading on a MiniCluster, independent of the order the enumerator hands splits out in:
 * the reader's watermarks and row timestamps through failures and restores (exactly once holds, no
 * row is behind the watermark it meets), and watermark alignment keeping a fast reader from running
 * ahead of a slow one.
 */
class PqxSourceEventTimeITCase {
    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path dir;

    /**
     * Writes {@code files} files of {@code rowsPerFile} rows in row groups of {@code groupRows}:
     * row i of file f at {@code (f * rowsPerFile + i) * spacing}, shuffled within its row group.
     * Returns the least event time of each row group by file name.
     */
    static Map<String, long[]> writeTimeline(
            Path dir, String prefix, int files, int rowsPerFile, int groupRows, long spacing)
            throws Exception {
        Map<String, long[]> least = new HashMap<>();
        Random random = new Random(files * 31L + rowsPerFile);
        for (int f = 0; f < files; f++) {
            List<RowData> rows = new ArrayList<>();
            for (int g = 0; g < rowsPerFile / groupRows; g++) {
                List<Long> times = new ArrayList<>();
                for (int i = 0; i < groupRows; i++) {
                    times.add(((long) f * rowsPerFile + (long) g * groupRows + i) * spacing);
                }
                Collections.shuffle(times, random);
                for (long t : times) {
                    rows.add(TestingEventTimeFiles.event((long) f * rowsPerFile + rows.size(), t));
                }
            }
            String name = prefix + "-" + f + ".parquet";
            TestingEventTimeFiles.write(dir.resolve(name), rows, groupRows);
            least.put(
                    name,
                    toArray(
                            TestingEventTimeFiles.eventTimes(
                                    rows, groupRows, 0, rowsPerFile / groupRows - 1)));
        }
        return least;
    }

    private static long[] toArray(io.pqx.source.split.SplitEventTimes times) {
        long[] least = new long[times.rowGroups()];
        for (int i = 0; i < least.length; i++) {
            least[i] = times.least(i);
        }
        return least;
    }

    // ---- restore ----

    /** Checks each row's timestamp and that it is above the watermark it meets. Static state. */
    static final class EventTimeCheck extends ProcessFunction<RowData, RowData> {
        static final AtomicLong ROWS = new AtomicLong();
        static final AtomicLong WRONG_TIMESTAMPS = new AtomicLong();
        static final AtomicLong BEHIND_WATERMARK = new AtomicLong();
        static final AtomicLong HIGHEST_WATERMARK = new AtomicLong(Long.MIN_VALUE);

        static void reset() {
            ROWS.set(0);
            WRONG_TIMESTAMPS.set(0);
            BEHIND_WATERMARK.set(0);
            HIGHEST_WATERMARK.set(Long.MIN_VALUE);
        }

        @Override
        public void processElement(RowData row, Context ctx, Collector<RowData> out) {
            ROWS.incrementAndGet();
            long ts = TestingEventTimeFiles.millis(row);
            if (ctx.timestamp() == null || ctx.timestamp() != ts) {
                WRONG_TIMESTAMPS.incrementAndGet();
            }
            long watermark = ctx.timerService().currentWatermark();
            HIGHEST_WATERMARK.accumulateAndGet(watermark, Math::max);
            if (ts <= watermark) {
                BEHIND_WATERMARK.incrementAndGet();
            }
            out.collect(row);
        }
    }

    @Test
    void watermarksAndPositionsSurviveFailuresAndRestoresExactlyOnce() throws Exception {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println("PqxSourceEventTimeITCase (restore) seed: " + seed);
        Map<String, long[]> least = writeTimeline(dir, "part", 8, 2_000, 250, 10);
        List<String> expected = new ArrayList<>();
        for (long id = 0; id < 16_000; id++) {
            expected.add(Long.toString(id));
        }
        TestingFailures.armAtRandom(new Random(seed), 3, 500, 16_000 - 1_500);
        EventTimeCheck.reset();
        PqxSource<RowData> pqx =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingEventTimeFiles.EVENTS)
                        .watermarkColumn("ts")
                        .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.parse("1b"))
                        .set(PqxSourceOptions.BATCH_SIZE, 64)
                        .build();
        TestingEventTimeSource source = new TestingEventTimeSource(pqx, least);
        StreamExecutionEnvironment env = TestingFailures.restartingEnvironment(10);
        // one reader: with two, a regional restart gives the splits assigned after the last
        // checkpoint back to the enumerator, and the reader that did not fail may get one below
        // the watermark it emitted (a late split: read in full, its rows behind the watermark)
        env.setParallelism(1);
        env.getConfig().setAutoWatermarkInterval(20);
        String sink = "event-time-restore-" + seed;
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                .process(new EventTimeCheck())
                .returns(source.getProducedType())
                .map(new TestingFailures())
                .returns(source.getProducedType())
                .sinkTo(new TestingCommitSink(sink, r -> Long.toString(r.getLong(0))));
        env.execute("pqx event time restore");

        assertThat(TestingFailures.failures()).as("failures, seed " + seed).isBetween(1, 3);
        assertThat(TestingCommitSink.published(sink))
                .as("exactly once, seed " + seed)
                .hasSize(expected.size())
                .containsExactlyInAnyOrderElementsOf(expected);
        assertThat(EventTimeCheck.ROWS.get()).as("rows re-read").isGreaterThan(16_000);
        assertThat(EventTimeCheck.WRONG_TIMESTAMPS.get()).as("rows not stamped").isZero();
        assertThat(EventTimeCheck.BEHIND_WATERMARK.get()).as("rows behind the watermark").isZero();
        assertThat(EventTimeCheck.HIGHEST_WATERMARK.get())
                .as("pqx's watermarks reached the rows (noWatermarks strategy)")
                .isGreaterThan(1_000L);
    }

    // ---- alignment ----

    /**
     * Records, per source, the highest event time emitted and, for the fast one, its gap above the
     * slow one and its emissions over time; sleeps to pace the source it is chained to. Static.
     */
    static final class Pace extends ProcessFunction<RowData, RowData> {
        static final Map<String, AtomicLong> HIGHEST = new ConcurrentHashMap<>();
        static final Map<String, AtomicLong> COUNT = new ConcurrentHashMap<>();
        static final AtomicLong GAP = new AtomicLong(Long.MIN_VALUE);
        static final List<long[]> FAST = new CopyOnWriteArrayList<>();
        static volatile long slowRows;

        static void reset(long slowTotal) {
            HIGHEST.clear();
            COUNT.clear();
            GAP.set(Long.MIN_VALUE);
            FAST.clear();
            slowRows = slowTotal;
        }

        private final String name;
        private final int rowsPerMilli;

        Pace(String name, int rowsPerMilli) {
            this.name = name;
            this.rowsPerMilli = rowsPerMilli;
        }

        @Override
        public void processElement(RowData row, Context ctx, Collector<RowData> out)
                throws Exception {
            long ts = ctx.timestamp();
            long count = COUNT.computeIfAbsent(name, k -> new AtomicLong()).incrementAndGet();
            HIGHEST.computeIfAbsent(name, k -> new AtomicLong(Long.MIN_VALUE))
                    .accumulateAndGet(ts, Math::max);
            if (name.equals("fast")) {
                FAST.add(new long[] {System.nanoTime(), ts});
                AtomicLong slowCount = COUNT.get("slow");
                // once the slow source is well under way (its watermarks reported) and until it
                // ends
                if (slowCount != null && slowCount.get() >= 200 && slowCount.get() < slowRows) {
                    GAP.accumulateAndGet(ts - HIGHEST.get("slow").get(), Math::max);
                }
            }
            if (count % rowsPerMilli == 0) {
                Thread.sleep(1);
            }
        }
    }

    /** Discards what it gets. */
    static final class Discard implements Sink<RowData> {
        @Override
        public SinkWriter<RowData> createWriter(WriterInitContext context) {
            return new SinkWriter<>() {
                @Override
                public void write(RowData element, Context context) {}

                @Override
                public void flush(boolean endOfInput) {}

                @Override
                public void close() {}
            };
        }
    }

    private static final Duration DRIFT = Duration.ofSeconds(5);
    private static final long WATERMARK_INTERVAL = 20;
    private static final long ALIGNMENT_INTERVAL = 20;

    /**
     * The highest gap of the fast source over the slow one, with or without alignment: with the
     * user's bounded-out-of-orderness watermarks from the rows' timestamps, or with pqx's alone
     * ({@code noWatermarks}, the splits' event times given by {@code least}).
     */
    private long runFastAndSlow(
            Path slowDir, Path fastDir, boolean aligned, Map<String, long[]> least)
            throws Exception {
        Pace.reset(6_000);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.getConfig().setAutoWatermarkInterval(WATERMARK_INTERVAL);
        WatermarkStrategy<RowData> strategy =
                least == null
                        ? WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofMillis(100))
                        : WatermarkStrategy.noWatermarks();
        if (aligned) {
            strategy =
                    strategy.withWatermarkAlignment(
                            "pqx", DRIFT, Duration.ofMillis(ALIGNMENT_INTERVAL));
        }
        for (String name : List.of("slow", "fast")) {
            PqxSource<RowData> source =
                    PqxSource.builder()
                            .path((name.equals("slow") ? slowDir : fastDir).toUri().toString())
                            .rowType(TestingEventTimeFiles.EVENTS)
                            .watermarkColumn("ts")
                            .set(PqxSourceOptions.BATCH_SIZE, 64)
                            .build();
            env.fromSource(
                            least == null ? source : new TestingEventTimeSource(source, least),
                            strategy,
                            name)
                    .setParallelism(1)
                    .process(new Pace(name, name.equals("slow") ? 2 : 10))
                    .setParallelism(1)
                    .sinkTo(new Discard())
                    .setParallelism(1);
        }
        env.execute("pqx alignment " + aligned + (least == null ? "" : ", pqx's watermarks"));
        assertThat(Pace.COUNT.get("slow").get()).isEqualTo(6_000);
        assertThat(Pace.COUNT.get("fast").get()).isEqualTo(6_000);
        return Pace.GAP.get();
    }

    /**
     * The most event time the fast source emitted within {@code windowNanos} of wall time: what it
     * can run past the alignment bound before its next watermark pauses it.
     */
    private static long fastAdvanceWithin(long windowNanos) {
        List<long[]> fast = new ArrayList<>(Pace.FAST);
        long most = 0;
        int from = 0;
        long highestBefore = Long.MIN_VALUE;
        for (int to = 0; to < fast.size(); to++) {
            while (fast.get(to)[0] - fast.get(from)[0] > windowNanos) {
                highestBefore = Math.max(highestBefore, fast.get(from)[1]);
                from++;
            }
            if (highestBefore != Long.MIN_VALUE) {
                most = Math.max(most, fast.get(to)[1] - highestBefore);
            }
        }
        return most;
    }

    @Test
    void alignmentKeepsAFastReaderFromRunningAhead() throws Exception {
        // the same timeline for both, 10 ms per row, row groups of 100 rows (1 s); the slow
        // source emits about 2 rows per ms, the fast one 10
        Path slowDir = dir.resolve("slow");
        Path fastDir = dir.resolve("fast");
        Map<String, long[]> least = new HashMap<>();
        least.putAll(writeTimeline(slowDir, "s", 3, 2_000, 100, 10));
        least.putAll(writeTimeline(fastDir, "f", 3, 2_000, 100, 10));

        long aligned = runFastAndSlow(slowDir, fastDir, true, null);
        // one watermark interval, one alignment round and the batch being emitted, twice over
        // for scheduling: what the fast source adds before a pause reaches it
        long slack = fastAdvanceWithin(2 * (WATERMARK_INTERVAL + ALIGNMENT_INTERVAL) * 1_000_000L);
        long rowGroupSpan = 100 * 10;
        long bound = DRIFT.toMillis() + slack + rowGroupSpan;
        long unaligned = runFastAndSlow(slowDir, fastDir, false, null);
        long alignedByPqx = runFastAndSlow(slowDir, fastDir, true, least);
        long slackByPqx =
                fastAdvanceWithin(2 * (WATERMARK_INTERVAL + ALIGNMENT_INTERVAL) * 1_000_000L);
        long boundByPqx = DRIFT.toMillis() + slackByPqx + rowGroupSpan;
        System.out.println(
                "PqxSourceEventTimeITCase alignment: gap aligned "
                        + aligned
                        + " ms (bound "
                        + bound
                        + " ms: drift "
                        + DRIFT.toMillis()
                        + " + measured slack "
                        + slack
                        + " + row group "
                        + rowGroupSpan
                        + "), unaligned "
                        + unaligned
                        + " ms; with pqx's watermarks alone, aligned "
                        + alignedByPqx
                        + " ms (bound "
                        + boundByPqx
                        + " ms)");
        assertThat(aligned).as("aligned gap").isLessThanOrEqualTo(bound);
        assertThat(unaligned).as("unaligned gap").isGreaterThan(Math.max(bound, boundByPqx));
        assertThat(alignedByPqx)
                .as("aligned gap, pqx's watermarks")
                .isLessThanOrEqualTo(boundByPqx);
    }
}
