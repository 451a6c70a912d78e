package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.RowGroupMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An encrypting sink across a failure, end to end on a MiniCluster: files open across checkpoints
 * every 150 ms, carrying their open row groups in row logs (CARRY, the default) or flushing them
 * (FLUSH); once checkpoints have completed, each subtask fails mid-file and the job restores from
 * the last checkpoint, resuming its open files (and, with CARRY, reading their encrypted row logs
 * back). Then every row is committed exactly once, every file decrypts with the footer key and none
 * opens without it, and no row-log segment ever held a row in plaintext. Results are read back from
 * the committed files (a job failing at once could hit a race in Flink 2.3's collect sink).
 */
class PqxSinkEncryptedFailoverITCase {
    static final RowType TYPE = TestingSinkRowTypes.ID_PAYLOAD;
    static final byte[] FOOTER_KEY = "failover-footer!".getBytes(StandardCharsets.US_ASCII);
    static final String SECRET = "confidential-payload-";
    static final long ROWS = 120_000;

    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    /** Row {@code i}: id i, a payload naming i. */
    static final class RowGenerator implements GeneratorFunction<Long, RowData> {
        @Override
        public RowData map(Long i) {
            return GenericRowData.of(i, StringData.fromString(SECRET + i));
        }
    }

    /**
     * Passes rows through; in the first attempt, once two checkpoints have completed and more rows
     * arrived after the last, fails (each subtask once), so the restore resumes files the
     * checkpoint left open.
     */
    static final class FailingMapper extends RichMapFunction<RowData, RowData>
            implements CheckpointListener {
        static final AtomicInteger FAILURES = new AtomicInteger();
        private transient int checkpoints;
        private transient int sinceCheckpoint;
        private transient int attempt;

        @Override
        public void open(OpenContext context) {
            attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
        }

        @Override
        public RowData map(RowData row) {
            sinceCheckpoint++;
            if (attempt == 0 && checkpoints >= 2 && sinceCheckpoint > 500) {
                FAILURES.incrementAndGet();
                throw new IllegalStateException("injected failure at row " + row.getLong(0));
            }
            return row;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            checkpoints++;
            sinceCheckpoint = 0;
        }
    }

    private static PqxSink sink(Path dir, OpenRowGroupPolicy policy) {
        PqxSinkBuilder builder =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .rowType(TYPE)
                        // larger than the rows between checkpoints: each checkpoint has an open
                        // row group to carry or flush
                        .set(PqxSinkOptions.ROW_GROUP_ROWS, 30_000)
                        .set(PqxSinkOptions.ROLLING_FILE_SIZE, MemorySize.parse("64 mb"))
                        .set(PqxSinkOptions.ENCODING_THREADS, 1)
                        .encryption(
                                FileEncryptionProperties.builder().footerKey(FOOTER_KEY).build());
        if (policy == OpenRowGroupPolicy.FLUSH) {
            builder.set(PqxSinkOptions.ROW_GROUP_MODE, RowGroupMode.APPROXIMATE)
                    .set(PqxSinkOptions.CHECKPOINT_OPEN_ROW_GROUP, OpenRowGroupPolicy.FLUSH);
        }
        return builder.build();
    }

    @ParameterizedTest
    @EnumSource(OpenRowGroupPolicy.class)
    void everyRowIsCommittedOnceEncryptedAcrossAFailure(
            OpenRowGroupPolicy policy, @TempDir Path dir) throws Exception {
        FailingMapper.FAILURES.set(0);
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 5);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(50));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(150);
        env.fromSource(
                        new DataGeneratorSource<>(
                                new RowGenerator(),
                                ROWS,
                                RateLimiterStrategy.perSecond(30_000),
                                InternalTypeInfo.of(TYPE)),
                        WatermarkStrategy.noWatermarks(),
                        "rows")
                .map(new FailingMapper())
                .returns(InternalTypeInfo.of(TYPE))
                .sinkTo(sink(dir, policy));

        RowLogWatch watch = new RowLogWatch(dir);
        watch.start();
        try {
            env.execute("encrypted-failover-" + policy);
        } finally {
            watch.stop();
        }

        assertThat(FailingMapper.FAILURES.get()).as("injected failures").isPositive();
        assertThat(watch.plaintext).as("a row-log segment with a row in plaintext").isFalse();
        if (policy == OpenRowGroupPolicy.CARRY) {
            assertThat(watch.segments.get()).as("row-log segments seen").isPositive();
        }

        List<Path> files = TestingSinkFiles.committed(dir);
        assertThat(files).isNotEmpty();
        FileDecryptionProperties keys =
                FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build();
        BitSet seen = new BitSet();
        long total = 0;
        long duplicates = 0;
        for (Path file : files) {
            for (RowData row : read(file, ReadOptions.builder().decryption(keys).build())) {
                int id = (int) row.getLong(0);
                assertThat(row.getString(1).toString()).isEqualTo(SECRET + id);
                if (seen.get(id)) {
                    duplicates++;
                }
                seen.set(id);
                total++;
            }
            assertThat(Assertions.catchThrowable(() -> read(file, ReadOptions.defaults())))
                    .as("%s read without the key", file)
                    .isInstanceOf(IOException.class);
            assertThat(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1))
                    .doesNotContain(SECRET);
        }
        assertThat(duplicates).as("duplicated rows").isZero();
        assertThat(total).isEqualTo(ROWS);
        assertThat(seen.cardinality()).isEqualTo((int) ROWS);
        assertThat(TestingSinkFiles.hidden(dir)).as("hidden files left behind").isEmpty();
    }

    private static List<RowData> read(Path file, ReadOptions options) throws Exception {
        try (ParquetReader reader =
                        ParquetReader.open(
                                FlinkInputFile.open(
                                        new org.apache.flink.core.fs.Path(file.toUri())),
                                options);
                CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
            List<RowData> out = new ArrayList<>();
            while (rows.hasNext()) {
                RowData row = rows.next();
                out.add(
                        GenericRowData.of(
                                row.getLong(0),
                                StringData.fromString(row.getString(1).toString())));
            }
            return out;
        }
    }

    /**
     * Looks at the row-log segments ({@code .<file>.rows-<n>}) while the job runs: counts those it
     * read and notes whether any held a payload in plaintext.
     */
    static final class RowLogWatch {
        final AtomicInteger segments = new AtomicInteger();
        volatile boolean plaintext;
        private final Path dir;
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Thread thread;

        RowLogWatch(Path dir) {
            this.dir = dir;
            this.thread = new Thread(this::run, "row-log-watch");
            thread.setDaemon(true);
        }

        void start() {
            thread.start();
        }

        void stop() throws InterruptedException {
            running.set(false);
            thread.join();
        }

        private void run() {
            Set<Path> read = new HashSet<>();
            while (running.get()) {
                try (Stream<Path> walk = Files.walk(dir)) {
                    for (Path p :
                            walk.filter(f -> f.getFileName().toString().contains(".rows-"))
                                    .toList()) {
                        if (!read.add(p)) {
                            continue;
                        }
                        try {
                            byte[] bytes = Files.readAllBytes(p);
                            segments.incrementAndGet();
                            if (new String(bytes, StandardCharsets.ISO_8859_1).contains(SECRET)) {
                                plaintext = true;
                            }
                        } catch (NoSuchFileException e) {
                            read.remove(p);
                        }
                    }
                    Thread.sleep(20);
                } catch (IOException | UncheckedIOException e) {
                    // a file vanished during the walk: walk again
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }
}
