package io.pqx.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.eventtime.TimestampAssignerSupplier;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkGeneratorSupplier;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.connector.base.source.hybrid.HybridSource;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * pqx as the history of Flink's {@link HybridSource}: a bounded pqx source reading files out of
 * order in time by its watermark column, then a {@link DataGeneratorSource} as the live side whose
 * events come after every file row, with checkpoints and a failure injected at the first live
 * record (so the job restores across the switch, from a checkpoint taken before or after it). Every
 * file row and every live record is published exactly once by an exactly-once sink; within each
 * attempt no record reaches the operator after the watermark passed its time, no subtask sees a
 * file row after a live record, and the watermark never goes back. The live side's watermarks come
 * from the job's own strategy (live records only), joining pqx's.
 *
 * <p>Until the readers emit pqx's watermarks, the file rows run without watermarks and the checks
 * of lateness hold for them trivially; with them, a pqx watermark past an unread file row, or one
 * past the live records' times (say, the end of time once the file part is done), fails them.
 */
class PqxHybridSourceITCase {
    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    static final RowType EVENTS =
            RowType.of(
                    new LogicalType[] {new BigIntType(false), new TimestampType(3)},
                    new String[] {"id", "ts"});

    /** Live records' ids start here; file rows' ids are below. */
    static final long LIVE = 1_000_000L;

    static final long HOUR = 3_600_000L;

    private static final int FILES = 6;
    private static final int ROWS_PER_FILE = 500;
    private static final int LIVE_RECORDS = 3_000;

    @TempDir Path dir;

    @Test
    void historyThenLiveIsPublishedOnceInEventTimeOrderAcrossAFailureAtTheSwitch()
            throws Exception {
        // file k holds times in hour [F-1-k, F-k+0.5): listed first is latest, neighbours overlap
        Random random = new Random(7);
        List<String> expected = new ArrayList<>();
        long latestFileTime = Long.MIN_VALUE;
        long id = 0;
        for (int k = 0; k < FILES; k++) {
            List<RowData> rows = new ArrayList<>();
            long from = (FILES - 1 - k) * HOUR;
            for (int i = 0; i < ROWS_PER_FILE; i++) {
                long time = from + (long) (random.nextDouble() * 1.5 * HOUR);
                latestFileTime = Math.max(latestFileTime, time);
                rows.add(GenericRowData.of(id, TimestampData.fromEpochMillis(time)));
                expected.add(id + "@" + time);
                id++;
            }
            TestingSourceFiles.write(
                    dir.resolve("part-" + (char) ('a' + k) + ".parquet"), EVENTS, rows, 100);
        }
        long liveFrom = latestFileTime + 1;
        for (long n = 0; n < LIVE_RECORDS; n++) {
            expected.add((LIVE + n) + "@" + (liveFrom + n * 1000));
        }

        PqxSource<RowData> history =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(EVENTS)
                        .watermarkColumn("ts")
                        .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.parse("1b"))
                        .set(PqxSourceOptions.BATCH_SIZE, 50)
                        .build();
        TypeInformation<RowData> type = history.getProducedType();
        DataGeneratorSource<RowData> live =
                new DataGeneratorSource<>(
                        new LiveEvents(liveFrom),
                        LIVE_RECORDS,
                        RateLimiterStrategy.perSecond(1500),
                        type);
        HybridSource<RowData> source = HybridSource.builder(history).addSource(live).build();

        OrderChecks.reset();
        FailAtFirstLive.arm();
        StreamExecutionEnvironment env = TestingFailures.restartingEnvironment(3);
        env.fromSource(source, new LiveWatermarks(), "history then live", type)
                .map(new FailAtFirstLive())
                .returns(type)
                .process(new OrderChecks())
                .returns(type)
                .sinkTo(new TestingCommitSink("hybrid", PqxHybridSourceITCase::describe));
        env.execute("pqx hybrid source");

        assertThat(FailAtFirstLive.failures()).as("the failure at the switch").isEqualTo(1);
        assertThat(TestingCommitSink.published("hybrid"))
                .as("every file row and every live record, once")
                .hasSize(expected.size())
                .containsExactlyInAnyOrderElementsOf(expected);
        assertThat(OrderChecks.LATE.get())
                .as("records that reached the operator behind the watermark")
                .isZero();
        assertThat(OrderChecks.FILE_AFTER_LIVE.get())
                .as("file rows after a live record in the same attempt and subtask")
                .isZero();
        assertThat(OrderChecks.REGRESSIONS.get()).as("watermarks that went back").isZero();
        assertThat(OrderChecks.LIVE_WATERMARKS.get())
                .as("live records seen with the live side's watermark past the files' times")
                .isPositive();
    }

    static String describe(RowData row) {
        return row.getLong(0) + "@" + row.getTimestamp(1, 3).getMillisecond();
    }

    static boolean isLive(RowData row) {
        return row.getLong(0) >= LIVE;
    }

    /** Live record {@code n}: id {@code LIVE + n}, a second after the one before. */
    private record LiveEvents(long from) implements GeneratorFunction<Long, RowData> {
        @Override
        public RowData map(Long n) {
            return GenericRowData.of(LIVE + n, TimestampData.fromEpochMillis(from + n * 1000));
        }
    }

    /**
     * The job's strategy: a live record's time is its {@code ts}, and each live record moves the
     * watermark to just before it (the live side is in order); file rows keep the timestamp pqx
     * gave them and move no watermark of this strategy's (pqx's own watermarks cover them).
     */
    private static final class LiveWatermarks implements WatermarkStrategy<RowData> {
        @Override
        public WatermarkGenerator<RowData> createWatermarkGenerator(
                WatermarkGeneratorSupplier.Context context) {
            return new WatermarkGenerator<>() {
                @Override
                public void onEvent(RowData row, long timestamp, WatermarkOutput output) {
                    if (isLive(row)) {
                        output.emitWatermark(new Watermark(timestamp - 1));
                    }
                }

                @Override
                public void onPeriodicEmit(WatermarkOutput output) {}
            };
        }

        @Override
        public TimestampAssigner<RowData> createTimestampAssigner(
                TimestampAssignerSupplier.Context context) {
            return (row, recordTimestamp) ->
                    isLive(row) ? row.getTimestamp(1, 3).getMillisecond() : recordTimestamp;
        }
    }

    /**
     * Fails the job once, at the first live record seen after a checkpoint completed (slowing the
     * records down until one has, so the restore is from a checkpoint of this run); the file part
     * is slowed a little so that checkpoints fall within it too. Static state: one test at a time.
     */
    static final class FailAtFirstLive
            implements MapFunction<RowData, RowData>, CheckpointListener {
        private static final AtomicInteger FAILED = new AtomicInteger();
        private static final AtomicLong CHECKPOINTS = new AtomicLong();
        private static final AtomicLong ROWS = new AtomicLong();

        static void arm() {
            FAILED.set(0);
            CHECKPOINTS.set(0);
            ROWS.set(0);
        }

        static int failures() {
            return FAILED.get();
        }

        @Override
        public RowData map(RowData row) throws Exception {
            if (ROWS.incrementAndGet() % 20 == 0) {
                Thread.sleep(1);
            }
            if (isLive(row) && FAILED.get() == 0) {
                if (CHECKPOINTS.get() > 0 && FAILED.compareAndSet(0, 1)) {
                    throw new RuntimeException("injected failure at the first live record " + row);
                }
                Thread.sleep(10); // a checkpoint first; barriers pass between records
            }
            return row;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            CHECKPOINTS.incrementAndGet();
        }
    }

    /**
     * Passes records on and counts, over all attempts: records whose time is behind the current
     * watermark (late), file rows after a live record in the same subtask and attempt, watermarks
     * lower than one seen before in the same subtask and attempt, and live records seen once the
     * watermark passed every file row. A restore starts a new instance, so replays after a restore
     * are not counted as disorder.
     */
    static final class OrderChecks extends ProcessFunction<RowData, RowData> {
        static final AtomicLong LATE = new AtomicLong();
        static final AtomicLong FILE_AFTER_LIVE = new AtomicLong();
        static final AtomicLong REGRESSIONS = new AtomicLong();
        static final AtomicLong LIVE_WATERMARKS = new AtomicLong();

        private long lastWatermark = Long.MIN_VALUE;
        private boolean liveSeen;
        private long latestFileTime = Long.MIN_VALUE;

        static void reset() {
            LATE.set(0);
            FILE_AFTER_LIVE.set(0);
            REGRESSIONS.set(0);
            LIVE_WATERMARKS.set(0);
        }

        @Override
        public void processElement(RowData row, Context ctx, Collector<RowData> out) {
            long watermark = ctx.timerService().currentWatermark();
            if (watermark < lastWatermark) {
                REGRESSIONS.incrementAndGet();
            }
            lastWatermark = watermark;
            Long time = ctx.timestamp();
            // a row without a timestamp of its own carries Long.MIN_VALUE: nothing to be late with
            if (time != null && time != Long.MIN_VALUE && time <= watermark) {
                LATE.incrementAndGet();
            }
            if (isLive(row)) {
                liveSeen = true;
                if (watermark >= latestFileTime && watermark > Long.MIN_VALUE) {
                    LIVE_WATERMARKS.incrementAndGet();
                }
            } else {
                if (liveSeen) {
                    FILE_AFTER_LIVE.incrementAndGet();
                }
                latestFileTime = Math.max(latestFileTime, row.getTimestamp(1, 3).getMillisecond());
            }
            out.collect(row);
        }
    }
}
