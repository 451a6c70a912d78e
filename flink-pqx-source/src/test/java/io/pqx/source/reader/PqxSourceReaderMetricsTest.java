package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.RowGroupSplit;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.metrics.groups.OperatorIOMetricGroup;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flink's standard source metrics (FLIP-33) on pqx's reader, read from the metric group Flink hands
 * it: {@code numBytesIn} counts what pqx's own {@code pqxBytesRead} counts, and {@code
 * pendingRecords} the rows of the split not yet emitted, down to 0 at its end.
 */
class PqxSourceReaderMetricsTest {
    @TempDir Path dir;

    /**
     * The metric group of a reader, keeping Flink's numBytesIn counter and pendingRecords gauge.
     */
    static final class Recorded {
        final Counter numBytesIn = new SimpleCounter();
        final AtomicReference<Gauge<Long>> pendingRecords = new AtomicReference<>();
        final Map<String, Counter> counters = new HashMap<>();
        final SourceReaderMetricGroup group;

        @SuppressWarnings("unchecked")
        Recorded() {
            SourceReaderMetricGroup unregistered =
                    UnregisteredMetricsGroup.createSourceReaderMetricGroup();
            OperatorIOMetricGroup io =
                    (OperatorIOMetricGroup)
                            Proxy.newProxyInstance(
                                    getClass().getClassLoader(),
                                    new Class<?>[] {OperatorIOMetricGroup.class},
                                    (proxy, method, args) ->
                                            method.getName().equals("getNumBytesInCounter")
                                                    ? numBytesIn
                                                    : invoke(
                                                            method,
                                                            unregistered.getIOMetricGroup(),
                                                            args));
            group =
                    (SourceReaderMetricGroup)
                            Proxy.newProxyInstance(
                                    getClass().getClassLoader(),
                                    new Class<?>[] {SourceReaderMetricGroup.class},
                                    (proxy, method, args) -> {
                                        switch (method.getName()) {
                                            case "getIOMetricGroup":
                                                return io;
                                            case "setPendingRecordsGauge":
                                                pendingRecords.set((Gauge<Long>) args[0]);
                                                return null;
                                            case "counter":
                                                Counter c =
                                                        args.length > 1
                                                                ? (Counter) args[1]
                                                                : new SimpleCounter();
                                                counters.put((String) args[0], c);
                                                return c;
                                            default:
                                                return invoke(method, unregistered, args);
                                        }
                                    });
        }

        private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

        long pending() {
            return pendingRecords.get().getValue();
        }
    }

    private static SourceReaderContext context(SourceReaderMetricGroup group) {
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

    /** Counts what the reader emits. */
    static final class CountingOutput implements ReaderOutput<RowData> {
        long rows;

        @Override
        public void collect(RowData record) {
            rows++;
        }

        @Override
        public void collect(RowData record, long timestamp) {
            rows++;
        }

        @Override
        public void emitWatermark(Watermark watermark) {}

        @Override
        public void markIdle() {}

        @Override
        public void markActive() {}

        @Override
        public SourceOutput<RowData> createOutputForSplit(String splitId) {
            return this;
        }

        @Override
        public void releaseOutputForSplit(String splitId) {}
    }

    @Test
    void numBytesInAndPendingRecordsFollowTheSplitAsItIsRead() throws Exception {
        Path file = TestingSourceFiles.writeOrders(dir.resolve("o.parquet"), 0, 10_000, 1_000);
        RowGroupSplit split = PqxSplitReaderTest.split(file, Map.of(), 2, 7); // 6,000 rows
        Recorded metrics = new Recorded();
        ReaderSettings settings =
                new ReaderSettings(
                        ReaderSettings.Rows.all(TestingSourceFiles.ORDERS, List.of()),
                        new ReaderSettings.Decoding(64, true, 4, true, true),
                        Long.MAX_VALUE);
        CountingOutput output = new CountingOutput();
        List<Long> pendingSeen = new ArrayList<>();
        try (PqxSourceReader<RowData> reader =
                PqxSourceReader.ofRows(context(metrics.group), settings)) {
            reader.start();
            assertThat(metrics.pendingRecords.get()).as("pendingRecords is set").isNotNull();
            assertThat(metrics.pending()).as("no split yet").isZero();
            reader.addSplits(List.of(split));
            for (int polls = 0; polls < 1_000_000; polls++) {
                InputStatus status = reader.pollNext(output);
                long pending = metrics.pending();
                if (pending > 0 || output.rows > 0) {
                    pendingSeen.add(pending);
                    // the split's rows not yet emitted, once its footer is known
                    assertThat(pending).isIn(0L, 6_000 - output.rows);
                }
                if (status == InputStatus.NOTHING_AVAILABLE) {
                    reader.isAvailable().get();
                }
                if (output.rows == 6_000 && pending == 0) {
                    break;
                }
            }
        }
        assertThat(output.rows).isEqualTo(6_000);
        assertThat(pendingSeen)
                .as("pendingRecords while the split is read")
                .anyMatch(p -> p > 0 && p < 6_000);
        assertThat(pendingSeen.get(pendingSeen.size() - 1)).isZero();
        assertThat(metrics.numBytesIn.getCount())
                .as("numBytesIn")
                .isGreaterThan(10_000)
                .isEqualTo(metrics.counters.get(ReaderMetrics.BYTES_READ).getCount());
    }
}
