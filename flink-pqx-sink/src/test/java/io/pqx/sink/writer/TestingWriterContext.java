package io.pqx.sink.writer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobInfo;
import org.apache.flink.api.common.JobInfoImpl;
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.TaskInfoImpl;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.groups.SinkWriterMetricGroup;
import org.apache.flink.runtime.metrics.groups.InternalSinkWriterMetricGroup;
import org.apache.flink.runtime.metrics.groups.UnregisteredMetricGroups;
import org.apache.flink.util.UserCodeClassLoader;

/**
 * A {@link WriterInitContext} for unit tests, with a manually advanced processing time, of one job
 * and attempt (a new job and attempt 0 by default; a restore passes the job on and counts
 * attempts).
 */
public final class TestingWriterContext implements WriterInitContext {
    final ManualTime time = new ManualTime();
    private final JobID job;
    private final int attempt;
    private final int subtask;
    private final int parallelism;
    private OptionalLong restoredCheckpoint = OptionalLong.empty();

    public TestingWriterContext() {
        this(new JobID(), 0);
    }

    public TestingWriterContext(JobID job, int attempt) {
        this(job, 0, 1, attempt);
    }

    public TestingWriterContext(JobID job, int subtask, int parallelism, int attempt) {
        this.job = job;
        this.subtask = subtask;
        this.parallelism = parallelism;
        this.attempt = attempt;
    }

    /** The next attempt of the same job and subtask. */
    public TestingWriterContext nextAttempt() {
        return new TestingWriterContext(job, subtask, parallelism, attempt + 1);
    }

    /** This context, saying the job was restored from checkpoint {@code checkpointId}. */
    public TestingWriterContext restoredFrom(long checkpointId) {
        restoredCheckpoint = OptionalLong.of(checkpointId);
        return this;
    }

    /** Subtask {@code index} of {@code count} of the same job, at the next attempt (a rescale). */
    public TestingWriterContext rescaled(int index, int count) {
        return new TestingWriterContext(job, index, count, attempt + 1);
    }

    /** The sink writer's metrics. */
    public InternalSinkWriterMetricGroup metrics() {
        return metrics;
    }

    private final Map<String, Metric> registered = new ConcurrentHashMap<>();
    final InternalSinkWriterMetricGroup metrics =
            InternalSinkWriterMetricGroup.wrap(new CapturingGroup(registered));

    /** An operator metric group that keeps what is registered on it, by name. */
    private static final class CapturingGroup
            extends UnregisteredMetricGroups.UnregisteredOperatorMetricGroup {
        private final Map<String, Metric> registered;

        CapturingGroup(Map<String, Metric> registered) {
            this.registered = registered;
        }

        @Override
        public <C extends Counter> C counter(String name, C counter) {
            // null while the super constructor registers its own I/O metrics
            if (registered != null) {
                registered.put(name, counter);
            }
            return counter;
        }

        @Override
        public <T, G extends Gauge<T>> G gauge(String name, G gauge) {
            if (registered != null) {
                registered.put(name, gauge);
            }
            return gauge;
        }
    }

    /** The count of a counter the writer registered, by name. */
    public long counter(String name) {
        Metric metric = registered.get(name);
        if (!(metric instanceof Counter counter)) {
            throw new AssertionError("no counter " + name + " among " + registered.keySet());
        }
        return counter.getCount();
    }

    /** The value of a gauge the writer registered, by name. */
    public Object gauge(String name) {
        Metric metric = registered.get(name);
        if (!(metric instanceof Gauge<?> gauge)) {
            throw new AssertionError("no gauge " + name + " among " + registered.keySet());
        }
        return gauge.getValue();
    }

    /** Processing time that moves only when told; timers fire on {@link #advanceTo}. */
    static final class ManualTime implements ProcessingTimeService {
        private long now;
        private final List<long[]> times = new ArrayList<>();
        private final List<ProcessingTimeCallback> callbacks = new ArrayList<>();

        @Override
        public long getCurrentProcessingTime() {
            return now;
        }

        @Override
        public ScheduledFuture<?> registerTimer(long time, ProcessingTimeCallback callback) {
            times.add(new long[] {time});
            callbacks.add(callback);
            return null;
        }

        void advanceTo(long time) throws Exception {
            now = time;
            for (int i = 0; i < times.size(); i++) {
                if (times.get(i)[0] <= time) {
                    ProcessingTimeCallback callback = callbacks.remove(i);
                    times.remove(i);
                    i--;
                    callback.onProcessingTime(time);
                }
            }
        }
    }

    @Override
    public UserCodeClassLoader getUserCodeClassLoader() {
        throw new UnsupportedOperationException();
    }

    @Override
    public MailboxExecutor getMailboxExecutor() {
        throw new UnsupportedOperationException();
    }

    @Override
    public ProcessingTimeService getProcessingTimeService() {
        return time;
    }

    @Override
    public SinkWriterMetricGroup metricGroup() {
        return metrics;
    }

    @Override
    public SerializationSchema.InitializationContext asSerializationSchemaInitializationContext() {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean isObjectReuseEnabled() {
        return false;
    }

    @Override
    public <IN> TypeSerializer<IN> createInputSerializer() {
        throw new UnsupportedOperationException();
    }

    @Override
    public OptionalLong getRestoredCheckpointId() {
        return restoredCheckpoint;
    }

    @Override
    public JobInfo getJobInfo() {
        return new JobInfoImpl(job, "test");
    }

    @Override
    public TaskInfo getTaskInfo() {
        return new TaskInfoImpl("sink", parallelism, subtask, parallelism, attempt);
    }
}
