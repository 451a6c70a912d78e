package io.pqx.sink;

import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.committer.PqxCommittableSerializer;
import io.pqx.sink.committer.PqxCommitter;
import io.pqx.sink.partition.OverwriteOperator;
import io.pqx.sink.partition.PartitionCommitOperator;
import io.pqx.sink.partition.PartitionComputer;
import io.pqx.sink.writer.PartitionWrites;
import io.pqx.sink.writer.PqxSinkWriter;
import io.pqx.sink.writer.PqxWriterState;
import io.pqx.sink.writer.PqxWriterStateSerializer;
import io.pqx.sink.writer.SinkFileSystem;
import io.pqx.sink.writer.SinkSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.SupportsPostCommitTopology;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * An exactly-once Parquet sink for Flink {@link RowData}: each subtask writes hidden in-progress
 * part files through Flink's {@code RecoverableWriter}, keeps them open across checkpoints (each
 * checkpoint persists their row groups and carries their open row group) until they roll, and the
 * committer publishes a closed file under its final name once the next checkpoint completes. Build
 * one with {@link #builder()}:
 *
 * <pre>{@code
 * env.fromSource(source, WatermarkStrategy.noWatermarks(), "rows")
 *    .sinkTo(PqxSink.builder().basePath("file:///data/out").rowType(rowType).build());
 * }</pre>
 *
 * <p>Where the logic lives: {@link PqxSinkWriter} (routing, rolling, checkpoints), {@code
 * io.pqx.sink.file} (part files, row-group cutting, parallel encoding), {@link PqxCommitter}
 * (publishing), {@code io.pqx.sink.partition} (partition directories). Options: {@link
 * PqxSinkOptions}. Serializable; immutable once Flink has translated it into a job graph (which
 * tells it whether the job takes periodic checkpoints).
 */
@PublicEvolving
public final class PqxSink
        implements Sink<RowData>,
                SupportsCommitter<PqxCommittable>,
                SupportsWriterState<RowData, PqxWriterState>,
                SupportsPostCommitTopology<PqxCommittable> {
    private final String basePath;
    private final RowType rowType;
    private final List<String> partitionKeys;
    private final SinkSettings settings;

    /**
     * Drawn when the sink is built, so the same in every attempt of the job: what tells this sink's
     * writer attempts, and so its orphaned in-progress files, from any other writer's.
     */
    private final String sinkToken = UUID.randomUUID().toString();

    /**
     * Whether the job takes periodic checkpoints (STREAMING mode with checkpointing): learnt once,
     * when Flink translates this sink into the job graph ({@link #addPostCommitTopology}, on the
     * client, before the sink is serialized with that graph); true until then. Without them the
     * writers keep no copy of their open row groups' rows for a checkpoint that never comes (see
     * {@link PqxSinkWriter}).
     */
    private boolean periodicCheckpoints = true;

    PqxSink(String basePath, RowType rowType, List<String> partitionKeys, SinkSettings settings) {
        this.basePath = basePath;
        this.rowType = rowType;
        this.partitionKeys = List.copyOf(partitionKeys);
        this.settings = settings;
    }

    /**
     * A builder; finish with {@link PqxSinkBuilder#build()} (RowData) or {@link
     * PqxSinkBuilder#buildForPojo(Class)} (POJOs).
     */
    public static PqxSinkBuilder builder() {
        return new PqxSinkBuilder();
    }

    /** The type of the rows written. */
    public RowType rowType() {
        return rowType;
    }

    /** The resolved options (for the sink's own classes and tests; not public API). */
    SinkSettings settings() {
        return settings;
    }

    @Override
    public StatefulSinkWriter<RowData, PqxWriterState> createWriter(WriterInitContext context)
            throws IOException {
        return writer(context, List.of());
    }

    /**
     * Continues from a checkpoint: resumes the files it kept open (files closed at it are the
     * committer's) and first deletes the in-progress files of earlier attempts that no restored
     * state or committable names.
     */
    @Override
    public StatefulSinkWriter<RowData, PqxWriterState> restoreWriter(
            WriterInitContext context, Collection<PqxWriterState> states) throws IOException {
        return writer(context, states);
    }

    /** A writer, restored from {@code states} (empty for a fresh start). */
    PqxSinkWriter writer(WriterInitContext context, Collection<PqxWriterState> states)
            throws IOException {
        Path base = new Path(basePath);
        return PqxSinkWriter.open(
                settings,
                base,
                new PartitionComputer(
                        rowType, partitionKeys, settings.partitionWrites().defaultPartitionName()),
                context,
                SinkFileSystem.recoverableWriter(base),
                sinkToken,
                states,
                periodicCheckpoints);
    }

    @Override
    public SimpleVersionedSerializer<PqxWriterState> getWriterStateSerializer() {
        return PqxWriterStateSerializer.INSTANCE;
    }

    @Override
    public Committer<PqxCommittable> createCommitter(CommitterInitContext context)
            throws IOException {
        Path base = new Path(basePath);
        return new PqxCommitter(
                base, SinkFileSystem.fileSystem(base), SinkFileSystem.recoverableWriter(base));
    }

    /**
     * The steps after the commit, each a single instance: with {@link
     * PqxSinkBuilder#overwrite(boolean) overwrite}, the {@link OverwriteOperator} that deletes the
     * replaced files once every file of the job is committed (BATCH only: refused here otherwise);
     * with {@code sink.partition-commit.success-file} on a partitioned sink, after it, the {@link
     * PartitionCommitOperator} that writes {@code _SUCCESS} into complete partitions. Also where
     * the client learns the job's mode: a STREAMING job without checkpointing is logged as a WARN,
     * since it is not exactly once, and a job without periodic checkpoints (that one, or BATCH)
     * gets writers that copy no rows for checkpoints.
     *
     * @throws IllegalStateException if the sink overwrites in a job that does not run in BATCH mode
     */
    @Override
    public void addPostCommitTopology(DataStream<CommittableMessage<PqxCommittable>> committed) {
        DeliveryGuaranteeCheck.warnIfNotExactlyOnce(committed, basePath);
        periodicCheckpoints = DeliveryGuaranteeCheck.takesPeriodicCheckpoints(committed);
        PartitionWrites writes = settings.partitionWrites();
        DataStream<CommittableMessage<PqxCommittable>> published = committed;
        if (writes.overwrite()) {
            if (DeliveryGuaranteeCheck.runsStreaming(committed)) {
                throw new IllegalStateException(
                        "Cannot overwrite "
                                + basePath
                                + ": overwriting is for bounded jobs in BATCH mode only (a"
                                + " streaming job commits at every checkpoint and never ends, so"
                                + " there is no moment at which the old files are replaced)");
            }
            published =
                    committed
                            .global()
                            .transform(
                                    "pqx-overwrite",
                                    committed.getType(),
                                    new OverwriteOperator(
                                            basePath,
                                            !partitionKeys.isEmpty(),
                                            writes.staticPartition()))
                            .setParallelism(1)
                            .setMaxParallelism(1);
        }
        if (!settings.partitionCommit().successFile() || partitionKeys.isEmpty()) {
            return;
        }
        published
                .global()
                .transform(
                        "pqx-partition-commit",
                        Types.STRING,
                        new PartitionCommitOperator(
                                basePath,
                                settings.partitionCommit().trigger(),
                                settings.partitionCommit().delay().toMillis()))
                .setParallelism(1)
                .setMaxParallelism(1);
    }

    @Override
    public SimpleVersionedSerializer<PqxCommittable> getCommittableSerializer() {
        try {
            RecoverableWriter writer = SinkFileSystem.recoverableWriter(new Path(basePath));
            return new PqxCommittableSerializer(
                    writer.getCommitRecoverableSerializer(),
                    writer.getResumeRecoverableSerializer());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
