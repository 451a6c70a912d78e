package io.pqx.sink.writer;

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
import org.apache.flink.metrics.groups.SinkWriterMetricGroup;
import org.apache.flink.runtime.metrics.groups.InternalSinkWriterMetricGroup;
import org.apache.flink.runtime.metrics.groups.UnregisteredMetricGroups;
import org.apache.flink.util.UserCodeClassLoader;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ScheduledFuture;

/** A {@link WriterInitContext} for unit tests, with a manually advanced processing time. */
final class TestingWriterContext implements WriterInitContext {
    final ManualTime time = new ManualTime();
    final InternalSinkWriterMetricGroup metrics =
            InternalSinkWriterMetricGroup.wrap(
                    UnregisteredMetricGroups.createUnregisteredOperatorMetricGroup());

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
        return OptionalLong.empty();
    }

    @Override
    public JobInfo getJobInfo() {
        return new JobInfoImpl(new JobID(), "test");
    }

    @Override
    public TaskInfo getTaskInfo() {
        return new TaskInfoImpl("sink", 1, 0, 1, 0);
    }
}
