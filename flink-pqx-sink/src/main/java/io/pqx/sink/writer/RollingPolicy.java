package io.pqx.sink.writer;

import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.file.PartFile;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.PartitionCommitTrigger;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When a sink subtask's part files close: by size or time open after a write, by inactivity or time
 * open at the rolling check, when the watermark completes their partition (watermark partition
 * commits with files open across checkpoints), and at every checkpoint when files do not span
 * checkpoints ({@code sink.rolling-policy.roll-on-checkpoint}, a file system that cannot resume an
 * in-progress file, or a job that takes no periodic checkpoints: there a file's open row group is
 * never carried, so its rows are not copied for a checkpoint that does not come, and a savepoint
 * closes the files instead). Immutable.
 */
@Internal
final class RollingPolicy {
    private static final Logger LOG = LoggerFactory.getLogger(RollingPolicy.class);

    private final long rolloverMillis;
    private final long inactivityMillis;
    private final long checkIntervalMillis;
    private final long partitionCommitDelayMillis;
    private final boolean spansCheckpoints;
    private final boolean carry;
    private final boolean closesOnWatermark;

    RollingPolicy(
            SinkSettings settings, RecoverableWriter writer, Path basePath, boolean partitioned) {
        this(settings, writer, basePath, partitioned, true);
    }

    /**
     * @param periodicCheckpoints whether the job takes periodic checkpoints (STREAMING with
     *     checkpointing); if not, files roll at any checkpoint that comes (a savepoint)
     */
    RollingPolicy(
            SinkSettings settings,
            RecoverableWriter writer,
            Path basePath,
            boolean partitioned,
            boolean periodicCheckpoints) {
        this.rolloverMillis = settings.rolling().rolloverInterval().toMillis();
        this.inactivityMillis = settings.rolling().inactivityInterval().toMillis();
        this.checkIntervalMillis = settings.rolling().checkInterval().toMillis();
        this.partitionCommitDelayMillis = settings.partitionCommit().delay().toMillis();
        this.spansCheckpoints = periodicCheckpoints && spansCheckpoints(settings, writer, basePath);
        this.carry =
                spansCheckpoints
                        && settings.checkpoints().openRowGroup() == OpenRowGroupPolicy.CARRY;
        this.closesOnWatermark =
                spansCheckpoints
                        && settings.partitionCommit().successFile()
                        && partitioned
                        && settings.partitionCommit().trigger() == PartitionCommitTrigger.WATERMARK;
    }

    private static boolean spansCheckpoints(
            SinkSettings settings, RecoverableWriter writer, Path basePath) {
        if (settings.checkpoints().rollOnCheckpoint()) {
            return false;
        }
        if (!writer.supportsResume()) {
            LOG.info(
                    "pqx sink under {}: part files roll at every checkpoint, since the file"
                            + " system's recoverable writer ({}) cannot persist an in-progress"
                            + " file and resume it (supportsResume() is false), which files open"
                            + " across checkpoints need",
                    basePath,
                    writer.getClass().getName());
            return false;
        }
        return true;
    }

    /** Files stay open across checkpoints (persisted at each), rather than closing at each. */
    boolean spansCheckpoints() {
        return spansCheckpoints;
    }

    /** Open row groups are carried across checkpoints in row logs (not flushed). */
    boolean carriesOpenRowGroups() {
        return carry;
    }

    /** After a write: the file reached its size, or has been open its rollover interval. */
    boolean rollsAfterWrite(PartFile file, long now) {
        return file.reachedSize() || now - file.openedAt() >= rolloverMillis;
    }

    /** At the rolling check: the file has been inactive, or open its rollover interval. */
    boolean rollsAtCheck(PartFile file, long now) {
        return now - file.lastWriteAt() >= inactivityMillis
                || now - file.openedAt() >= rolloverMillis;
    }

    /** How often the rolling check runs, in processing time. */
    long checkIntervalMillis() {
        return checkIntervalMillis;
    }

    /**
     * With the watermark partition-commit trigger: the watermark completes the file's partition (it
     * passed its latest row's timestamp plus the delay).
     */
    boolean completedByWatermark(PartFile file, long watermark) {
        if (!closesOnWatermark) {
            return false;
        }
        long latest = file.maxTimestamp();
        return latest != PqxCommittable.NO_TIMESTAMP
                && latest + partitionCommitDelayMillis <= watermark;
    }

    /** Whether any file can be completed by a watermark. */
    boolean closesOnWatermark() {
        return closesOnWatermark;
    }
}
