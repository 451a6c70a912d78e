package io.pqx.source;

import io.pqx.source.enumerator.PqxEnumeratorState;
import io.pqx.source.split.RowGroupSplit;
import io.pqx.source.split.SplitEventTimes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;
import org.apache.flink.table.data.RowData;

/**
 * A pqx source whose assigned splits carry the event times the test computed from the rows it wrote
 * (the least event time of each row group of each file, by file name), where the enumerator sent
 * them without: what the planner computes from the footer statistics, so the reader's watermarks
 * can be tested whatever the enumerator does. Splits that already carry event times are sent as
 * they are.
 */
public final class TestingEventTimeSource
        implements Source<RowData, RowGroupSplit, PqxEnumeratorState>,
                ResultTypeQueryable<RowData> {
    private static final long serialVersionUID = 1L;

    private final PqxSource<RowData> source;
    private final HashMap<String, long[]> leastByFileName;

    /**
     * @param leastByFileName per file name, the least event time of each of its row groups
     */
    public TestingEventTimeSource(PqxSource<RowData> source, Map<String, long[]> leastByFileName) {
        this.source = source;
        this.leastByFileName = new HashMap<>(leastByFileName);
    }

    @Override
    public Boundedness getBoundedness() {
        return source.getBoundedness();
    }

    @Override
    public SplitEnumerator<RowGroupSplit, PqxEnumeratorState> createEnumerator(
            SplitEnumeratorContext<RowGroupSplit> context) throws Exception {
        return source.createEnumerator(new Timing(context));
    }

    @Override
    public SplitEnumerator<RowGroupSplit, PqxEnumeratorState> restoreEnumerator(
            SplitEnumeratorContext<RowGroupSplit> context, PqxEnumeratorState checkpoint)
            throws Exception {
        return source.restoreEnumerator(new Timing(context), checkpoint);
    }

    @Override
    public SimpleVersionedSerializer<RowGroupSplit> getSplitSerializer() {
        return source.getSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<PqxEnumeratorState> getEnumeratorCheckpointSerializer() {
        return source.getEnumeratorCheckpointSerializer();
    }

    @Override
    public SourceReader<RowData, RowGroupSplit> createReader(SourceReaderContext context)
            throws Exception {
        return source.createReader(context);
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return source.getProducedType();
    }

    private RowGroupSplit timed(RowGroupSplit split) {
        if (split.eventTimes().isPresent()) {
            return split;
        }
        String path = split.path();
        long[] least = leastByFileName.get(path.substring(path.lastIndexOf('/') + 1));
        if (least == null) {
            return split;
        }
        return split.withEventTimes(
                SplitEventTimes.of(
                        Arrays.copyOfRange(
                                least, split.firstRowGroup(), split.lastRowGroup() + 1)));
    }

    /** The enumerator's context, adding event times to the splits it assigns. */
    private final class Timing implements SplitEnumeratorContext<RowGroupSplit> {
        private final SplitEnumeratorContext<RowGroupSplit> context;

        Timing(SplitEnumeratorContext<RowGroupSplit> context) {
            this.context = context;
        }

        @Override
        public void assignSplits(SplitsAssignment<RowGroupSplit> assignment) {
            Map<Integer, List<RowGroupSplit>> timed = new HashMap<>();
            assignment
                    .assignment()
                    .forEach(
                            (reader, splits) -> {
                                List<RowGroupSplit> t = new ArrayList<>();
                                splits.forEach(s -> t.add(timed(s)));
                                timed.put(reader, t);
                            });
            context.assignSplits(new SplitsAssignment<>(timed));
        }

        @Override
        public SplitEnumeratorMetricGroup metricGroup() {
            return context.metricGroup();
        }

        @Override
        public void sendEventToSourceReader(int subtaskId, SourceEvent event) {
            context.sendEventToSourceReader(subtaskId, event);
        }

        @Override
        public void sendEventToSourceReader(int subtaskId, int attemptNumber, SourceEvent event) {
            context.sendEventToSourceReader(subtaskId, attemptNumber, event);
        }

        @Override
        public int currentParallelism() {
            return context.currentParallelism();
        }

        @Override
        public Map<Integer, ReaderInfo> registeredReaders() {
            return context.registeredReaders();
        }

        @Override
        public Map<Integer, Map<Integer, ReaderInfo>> registeredReadersOfAttempts() {
            return context.registeredReadersOfAttempts();
        }

        @Override
        public void signalNoMoreSplits(int subtask) {
            context.signalNoMoreSplits(subtask);
        }

        @Override
        public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
            context.callAsync(callable, handler);
        }

        @Override
        public <T> void callAsync(
                Callable<T> callable,
                BiConsumer<T, Throwable> handler,
                long initialDelay,
                long period) {
            context.callAsync(callable, handler, initialDelay, period);
        }

        @Override
        public void runInCoordinatorThread(Runnable runnable) {
            context.runInCoordinatorThread(runnable);
        }

        @Override
        public void setIsProcessingBacklog(boolean isProcessingBacklog) {
            context.setIsProcessingBacklog(isProcessingBacklog);
        }
    }
}
