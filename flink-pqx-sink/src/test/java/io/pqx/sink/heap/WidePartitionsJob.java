package io.pqx.sink.heap;

import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;

/**
 * The child JVM of {@link WidePartitionsHeapITCase}: one streaming job on a local MiniCluster
 * (parallelism 1, exactly-once checkpoints) writes rows {@code 0..N-1} of {@link TestingWideRows},
 * interleaved row by row over P partitions, with {@link PqxSink} at its defaults but {@code
 * sink.max-open-files} 100, then prints one line {@value #RESULT} with its figures.
 *
 * <p>Arguments: {@code <rows> <partitions> <checkpoint-interval-ms> <output-dir>}. Meant to run
 * with a small heap and {@code -XX:+ExitOnOutOfMemoryError}, so that running out of heap anywhere
 * (task thread, encoding threads) ends the process with a non-zero exit code.
 */
public final class WidePartitionsJob {

    /** The first word of the line the job prints when it has finished. */
    static final String RESULT = "RESULT wide-partitions";

    /** {@code sink.max-open-files} of the job. */
    static final int MAX_OPEN_FILES = 100;

    private WidePartitionsJob() {}

    public static void main(String[] args) throws Exception {
        long rows = Long.parseLong(args[0]);
        int partitions = Integer.parseInt(args[1]);
        long checkpointMillis = Long.parseLong(args[2]);
        Path out = Path.of(args[3]);
        HeapPeakWatch watch = HeapPeakWatch.start();

        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        // Checkpoints to a directory, as production jobs have them: the sink carries open row
        // groups in its state, more than the JobManager's in-memory storage takes (5 MB).
        conf.setString("execution.checkpointing.storage", "filesystem");
        conf.setString(
                "execution.checkpointing.dir",
                out.resolveSibling("checkpoints").toUri().toString());
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(1);
        env.enableCheckpointing(checkpointMillis, CheckpointingMode.EXACTLY_ONCE);
        DataGeneratorSource<RowData> source =
                new DataGeneratorSource<>(
                        TestingWideRows.generator(partitions),
                        rows,
                        InternalTypeInfo.of(TestingWideRows.TYPE));
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "wide-rows")
                .sinkTo(
                        PqxSink.builder()
                                .basePath(out.toUri().toString())
                                .rowType(TestingWideRows.TYPE)
                                .partitionBy("p")
                                .set(PqxSinkOptions.MAX_OPEN_FILES, MAX_OPEN_FILES)
                                .build());
        long start = System.nanoTime();
        env.execute("wide-partitions-" + partitions);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "%s rows=%d partitions=%d checkpoint_ms=%d seconds=%.1f rows_per_s=%.0f"
                        + " peak_live_heap_mib=%d peak_after_any_gc_mib=%d peak_heap_pools_mib=%d"
                        + " max_heap_mib=%d%n",
                RESULT,
                rows,
                partitions,
                checkpointMillis,
                seconds,
                rows / seconds,
                watch.peakLiveBytes() >> 20,
                watch.peakAfterAnyGcBytes() >> 20,
                HeapPeakWatch.poolPeaksBytes() >> 20,
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax() >> 20);
        System.out.flush();
        System.exit(0);
    }
}
