package io.pqx.e2e.testframe;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.connector.testframe.external.ExternalSystemSplitDataWriter;
import org.apache.flink.connector.testframe.external.source.DataStreamSourceExternalContext;
import org.apache.flink.connector.testframe.external.source.TestingSourceSettings;
import org.apache.flink.core.fs.Path;

/**
 * The connector testing framework's view of a pqx table to read: a local directory whose "splits"
 * are writers of Parquet files. Each {@code writeRecords} batch becomes one file, written by pqx's
 * format under a hidden name and then renamed into the table (as pqx's and Flink's sinks publish),
 * so a continuous source never sees half a file. The source is {@link PqxSource} of {@link
 * TestRecord} POJOs: bounded, or continuous with a 100 ms listing interval.
 */
final class PqxSourceContext extends LocalDirectoryContext
        implements DataStreamSourceExternalContext<TestRecord> {
    /** Records per generated batch. */
    private static final int RECORDS = 500;

    static final Duration MONITOR_INTERVAL = Duration.ofMillis(100);

    private final AtomicInteger writers = new AtomicInteger();

    PqxSourceContext() {
        super("pqx-testframe-source-");
    }

    @Override
    public Source<TestRecord, ?, ?> createSource(TestingSourceSettings settings) {
        PqxSourceBuilder builder =
                PqxSource.builder().path(dir.toUri().toString()).rowType(TestRecord.TYPE);
        if (settings.getBoundedness() == Boundedness.CONTINUOUS_UNBOUNDED) {
            builder.monitorInterval(MONITOR_INTERVAL);
        }
        return builder.build(TestRecord.class);
    }

    @Override
    public ExternalSystemSplitDataWriter<TestRecord> createSourceSplitDataWriter(
            TestingSourceSettings settings) {
        return new FileWriter(writers.getAndIncrement());
    }

    /** Distinct ids across every batch of the context, so a record read twice cannot hide. */
    @Override
    public List<TestRecord> generateTestData(
            TestingSourceSettings settings, int splitIndex, long seed) {
        return nextRecords(RECORDS, seed);
    }

    @Override
    public String toString() {
        return "pqx table " + dir;
    }

    /** One "split": each batch it is given becomes the next file of its own. */
    private final class FileWriter implements ExternalSystemSplitDataWriter<TestRecord> {
        private final int split;
        private int files;

        FileWriter(int split) {
            this.split = split;
        }

        @Override
        public void writeRecords(List<TestRecord> records) {
            String name = String.format("split-%03d-%05d.parquet", split, files++);
            java.nio.file.Path hidden = dir.resolve("." + name + ".tmp");
            try {
                try (ParquetWriter writer =
                        ParquetWriter.builder(TestRecord.TYPE)
                                .options(WriteOptions.builder().build())
                                .create(new Path(hidden.toUri()))) {
                    for (TestRecord record : records) {
                        writer.write(record.toRow());
                    }
                }
                Files.move(hidden, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot write " + name + " to " + dir, e);
            }
        }

        @Override
        public void close() {}
    }
}
