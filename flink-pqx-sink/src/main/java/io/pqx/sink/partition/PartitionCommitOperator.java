package io.pqx.sink.partition;

import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.options.PartitionCommitTrigger;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sink's post-commit step when {@code sink.partition-commit.success-file} is on: a single
 * instance receives every committed {@link PqxCommittable}, tracks its partition with a {@link
 * PartitionCommitTracker}, and writes an empty {@code _SUCCESS} file into each partition directory
 * once the partition is complete (checked on every committable, every watermark, every second of
 * processing time, and at end of input). Pending partitions are kept in operator state, so a
 * restart does not forget them. Writing {@code _SUCCESS} is idempotent (overwrite).
 *
 * <p>Flink prescribes extending {@link AbstractStreamOperator} for watermark and end-of-input
 * hooks. Runs on its task's mailbox thread.
 */
@Internal
public final class PartitionCommitOperator extends AbstractStreamOperator<String>
        implements OneInputStreamOperator<CommittableMessage<PqxCommittable>, String>,
                BoundedOneInput {
    /** Name of the marker file of a complete partition. */
    public static final String SUCCESS_FILE = "_SUCCESS";

    private static final Logger LOG = LoggerFactory.getLogger(PartitionCommitOperator.class);
    private static final long CHECK_INTERVAL_MILLIS = 1_000;

    private final String basePath;
    private final PartitionCommitTrigger trigger;
    private final long delayMillis;
    private transient PartitionCommitTracker tracker;
    private transient ListState<String> state;
    private transient long watermark = Long.MIN_VALUE;
    private transient boolean ended;

    public PartitionCommitOperator(
            String basePath, PartitionCommitTrigger trigger, long delayMillis) {
        this.basePath = basePath;
        this.trigger = trigger;
        this.delayMillis = delayMillis;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        tracker = new PartitionCommitTracker(trigger, delayMillis);
        state =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        "pqx-partitions-to-commit", String.class));
        for (String entry : state.get()) {
            String[] parts = entry.split("\t", 3);
            tracker.restore(parts[2], Long.parseLong(parts[0]), Long.parseLong(parts[1]));
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        scheduleCheck();
    }

    private void scheduleCheck() {
        long now = getProcessingTimeService().getCurrentProcessingTime();
        getProcessingTimeService()
                .registerTimer(
                        now + CHECK_INTERVAL_MILLIS,
                        time -> {
                            commitComplete();
                            scheduleCheck();
                        });
    }

    @Override
    public void processElement(StreamRecord<CommittableMessage<PqxCommittable>> element)
            throws Exception {
        if (element.getValue() instanceof CommittableWithLineage<PqxCommittable> committed) {
            PqxCommittable c = committed.getCommittable();
            if (!c.partition().isEmpty() && !c.cleansUp()) {
                tracker.committed(
                        c.partition(),
                        getProcessingTimeService().getCurrentProcessingTime(),
                        c.maxTimestamp());
            }
        }
        commitComplete();
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        super.processWatermark(mark);
        watermark = mark.getTimestamp();
        commitComplete();
    }

    @Override
    public void endInput() throws Exception {
        // Committables of the final checkpoint may still arrive: from now on they complete at once.
        ended = true;
        commitComplete();
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        List<String> entries = new ArrayList<>();
        for (Map.Entry<String, long[]> e : tracker.snapshot().entrySet()) {
            entries.add(e.getValue()[0] + "\t" + e.getValue()[1] + "\t" + e.getKey());
        }
        state.update(entries);
    }

    private void commitComplete() throws IOException {
        long now = getProcessingTimeService().getCurrentProcessingTime();
        for (String partition : tracker.complete(now, watermark, ended)) {
            Path success = new Path(new Path(new Path(basePath), partition), SUCCESS_FILE);
            FileSystem fs = success.getFileSystem();
            fs.create(success, FileSystem.WriteMode.OVERWRITE).close();
            LOG.info("Partition {} complete: wrote {}", partition, success);
        }
    }
}
