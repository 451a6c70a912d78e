package io.pqx.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessAllWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading history in event-time order: 200 small files whose time ranges overlap at random, rows
 * out of order within each row group's span, read with the watermark column (splits handed out by
 * their least event time by the statistics, watermarks from the splits each reader holds) through
 * injected failures: an event-time tumbling-window count gives the batch GROUP BY's counts and no
 * row is late. The same job reading in discovery order, with the user's bounded-out-of-orderness
 * watermarks alone, drops rows as late.
 *
 * <p>With a watermark column each split is one row group (whatever {@code
 * source.split.target-size}, which the ordered job leaves at its default): a reader's watermark
 * follows the splits it holds, so a split of several row groups would let it rise, within the
 * split, past the least event time of a split still pending on the enumerator. The discovery-order
 * job is given the same one-row-group splits, so only the order differs. The out-of-orderness bound
 * is one row group's span: the user's per-split watermarks then stay below the row group's least,
 * so pqx's alone decide.
 */
class PqxSourceEventTimeOrderITCase {
    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    private static final int FILES = 200;
    private static final int GROUPS = 4;
    private static final int GROUP_ROWS = 25;
    private static final long GROUP_SPAN = 10_000;
    private static final long WINDOW = 20_000;
    private static final RowType COUNTS =
            RowType.of(new LogicalType[] {new BigIntType(false), new BigIntType(false)});

    @TempDir Path dir;

    /** Counts a window's rows. */
    static final class Count implements AggregateFunction<RowData, Long, Long> {
        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(RowData value, Long accumulator) {
            return accumulator + 1;
        }

        @Override
        public Long getResult(Long accumulator) {
            return accumulator;
        }

        @Override
        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    /** (window start, count). */
    static final class WindowCount extends ProcessAllWindowFunction<Long, RowData, TimeWindow> {
        @Override
        public void process(Context context, Iterable<Long> counts, Collector<RowData> out) {
            out.collect(GenericRowData.of(context.window().getStart(), counts.iterator().next()));
        }
    }

    /**
     * Writes the files: file f spans {@code GROUPS * GROUP_SPAN} from a random start in the first
     * 1,000 s, its row group g the g-th span of it, rows at random times within their row group's
     * span (out of order). Returns the expected count of each window, as a batch GROUP BY computes
     * it.
     */
    private Map<Long, Long> writeFiles(long seed) throws Exception {
        Random random = new Random(seed);
        Map<Long, Long> counts = new TreeMap<>();
        long id = 0;
        for (int f = 0; f < FILES; f++) {
            long start = (long) (random.nextDouble() * 1_000_000);
            List<RowData> rows = new ArrayList<>();
            for (int g = 0; g < GROUPS; g++) {
                for (int i = 0; i < GROUP_ROWS; i++) {
                    long t = start + g * GROUP_SPAN + (long) (random.nextDouble() * GROUP_SPAN);
                    rows.add(TestingEventTimeFiles.event(id++, t));
                    counts.merge(Math.floorDiv(t, WINDOW) * WINDOW, 1L, Long::sum);
                }
            }
            TestingEventTimeFiles.write(
                    dir.resolve(String.format("part-%03d.parquet", f)), rows, GROUP_ROWS);
        }
        return counts;
    }

    /**
     * Runs the windowed count over {@code stream} into exactly-once sinks: the counts and the late
     * rows' ids.
     */
    private static void windowCounts(DataStream<RowData> stream, String sink) {
        OutputTag<RowData> late =
                new OutputTag<>("late", stream.getType()) {
                    private static final long serialVersionUID = 1L;
                };
        SingleOutputStreamOperator<RowData> counted =
                stream.windowAll(TumblingEventTimeWindows.of(Duration.ofMillis(WINDOW)))
                        .sideOutputLateData(late)
                        .aggregate(
                                new Count(),
                                new WindowCount(),
                                Types.LONG,
                                Types.LONG,
                                InternalTypeInfo.of(COUNTS));
        counted.sinkTo(new TestingCommitSink(sink, r -> r.getLong(0) + "=" + r.getLong(1)));
        counted.getSideOutput(late)
                .sinkTo(new TestingCommitSink(sink + "-late", r -> Long.toString(r.getLong(0))));
    }

    private static List<String> expected(Map<Long, Long> counts) {
        List<String> expected = new ArrayList<>();
        counts.forEach((start, count) -> expected.add(start + "=" + count));
        return expected;
    }

    @Test
    void windowCountsMatchABatchGroupByAndNoRowIsLate() throws Exception {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println("PqxSourceEventTimeOrderITCase seed: " + seed);
        Map<Long, Long> counts = writeFiles(seed);
        long total = (long) FILES * GROUPS * GROUP_ROWS;
        Duration bound = Duration.ofMillis(GROUP_SPAN);

        // ordered: the watermark column, pqx's watermarks joining the user's
        TestingFailures.armAtRandom(new Random(seed), 2, 2_000, total - 4_000);
        PqxSource<RowData> ordered =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingEventTimeFiles.EVENTS)
                        .watermarkColumn("ts")
                        .set(PqxSourceOptions.BATCH_SIZE, 16)
                        .build();
        StreamExecutionEnvironment env = TestingFailures.restartingEnvironment(10);
        env.getConfig().setAutoWatermarkInterval(20);
        windowCounts(
                env.fromSource(
                                ordered,
                                WatermarkStrategy.<RowData>forBoundedOutOfOrderness(bound),
                                "pqx ordered")
                        .map(new TestingFailures())
                        .returns(ordered.getProducedType()),
                "ordered-" + seed);
        env.execute("pqx event-time order");
        long orderedLate = TestingCommitSink.published("ordered-" + seed + "-late").size();

        // discovery order: no watermark column, the user's watermarks from the column alone
        PqxSource<RowData> plain =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingEventTimeFiles.EVENTS)
                        .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.parse("1b"))
                        .set(PqxSourceOptions.BATCH_SIZE, 16)
                        .build();
        StreamExecutionEnvironment plainEnv = StreamExecutionEnvironment.getExecutionEnvironment();
        plainEnv.setParallelism(2);
        plainEnv.getConfig().setAutoWatermarkInterval(20);
        windowCounts(
                plainEnv.fromSource(
                        plain,
                        WatermarkStrategy.<RowData>forBoundedOutOfOrderness(bound)
                                .withTimestampAssigner(
                                        (row, previous) -> row.getTimestamp(1, 3).getMillisecond()),
                        "pqx discovery order"),
                "plain-" + seed);
        plainEnv.execute("pqx discovery order");
        long plainLate = TestingCommitSink.published("plain-" + seed + "-late").size();

        System.out.println(
                "PqxSourceEventTimeOrderITCase: rows late with the watermark column "
                        + orderedLate
                        + ", in discovery order "
                        + plainLate
                        + " of "
                        + total
                        + " (failures injected: "
                        + TestingFailures.failures()
                        + ")");
        assertThat(TestingFailures.failures()).as("failures, seed " + seed).isBetween(1, 2);
        assertThat(orderedLate).as("late rows with the watermark column, seed " + seed).isZero();
        assertThat(TestingCommitSink.published("ordered-" + seed))
                .as("window counts with the watermark column, seed " + seed)
                .containsExactlyInAnyOrderElementsOf(expected(counts));
        assertThat(plainLate).as("late rows in discovery order").isPositive();
    }
}
