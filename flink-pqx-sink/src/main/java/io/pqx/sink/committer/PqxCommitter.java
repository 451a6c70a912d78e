package io.pqx.sink.committer;

import io.pqx.sink.file.RowLogNames;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Collection;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes part files: each {@link PqxCommittable}'s in-progress file is moved to its final name
 * through {@link RecoverableWriter#recoverForCommit} and {@code commitAfterRecovery()}.
 *
 * <p>The file is published where the committable says it was written ({@link
 * PqxCommittable#target}), not under the sink's current base path: a job restored from a savepoint
 * with another base path commits the savepoint's files under the old one.
 *
 * <p>Idempotent: after a restore Flink commits again every committable of the restored checkpoint.
 * A committable whose final file already exists was published before and is signalled already
 * committed (final names carry a per-attempt UUID, so an existing name is this file); the file
 * system's own commit is idempotent as well. A commit that leaves no target file is a failure, even
 * where the file system reports success. Failures are sorted: an {@link IOException} is retried
 * later up to {@link #MAX_RETRIES} times (a flaky store), each round after a pause that doubles
 * ({@link CommitBackoff}, since Flink retries at once); after that, or on any other failure, the
 * commit fails with an unknown reason, which fails the job over so that the checkpointed
 * committable is committed again after the restart. No failure is discarded as "known": dropping a
 * committable would lose its rows.
 *
 * <p>Once a file is published (or found published), the row-log segments it numbered ({@code
 * .<name>.rows-<n>}, which carried its open row groups across checkpoints) are deleted: the
 * checkpoint that committed it is complete, so no state that can still be restored names them. A
 * segment that cannot be deleted is logged at WARN and left (hidden, never read), not failed on.
 *
 * <p>A committable that {@linkplain PqxCommittable#cleansUp() cleans up} publishes nothing: the
 * recoverable writer discards the state of the superseded resumable it names ({@code
 * RecoverableWriter.cleanupRecoverableState}; on S3 the temporary object that held the file's tail
 * at that checkpoint).
 *
 * <p>Called by Flink's committer operator thread only.
 */
@Internal
public final class PqxCommitter implements Committer<PqxCommittable> {
    /** Retries of a commit failing with an I/O error before the job fails over. */
    public static final int MAX_RETRIES = 3;

    private static final Logger LOG = LoggerFactory.getLogger(PqxCommitter.class);

    private final Path basePath;
    private final FileSystem fileSystem;
    private final RecoverableWriter writer;
    private final CommitBackoff backoff;

    /**
     * @param basePath the sink's base path, for committables that do not record theirs (version 1);
     *     the file system must be the one the committables were written to
     */
    public PqxCommitter(Path basePath, FileSystem fileSystem, RecoverableWriter writer) {
        this(basePath, fileSystem, writer, CommitBackoff.DEFAULT);
    }

    PqxCommitter(
            Path basePath, FileSystem fileSystem, RecoverableWriter writer, CommitBackoff backoff) {
        this.basePath = basePath;
        this.fileSystem = fileSystem;
        this.writer = writer;
        this.backoff = backoff;
    }

    @Override
    public void commit(Collection<CommitRequest<PqxCommittable>> requests)
            throws IOException, InterruptedException {
        // One pause per round, for its most retried request: Flink hands every pending request of
        // a checkpoint to one call, and retries the ones that asked for it right away.
        int retries = 0;
        for (CommitRequest<PqxCommittable> request : requests) {
            retries = Math.max(retries, request.getNumberOfRetries());
        }
        backoff.pause(retries);
        for (CommitRequest<PqxCommittable> request : requests) {
            commitOne(request);
        }
    }

    private void commitOne(CommitRequest<PqxCommittable> request) {
        PqxCommittable committable = request.getCommittable();
        Path target = committable.target(basePath);
        if (committable.cleansUp()) {
            cleanUp(committable, target);
            return;
        }
        try {
            if (fileSystem.exists(target)) {
                LOG.info("Part file {} already committed (restored committable)", target);
                request.signalAlreadyCommitted();
                deleteRowLog(target, committable.rowLogSegments());
                return;
            }
            writer.recoverForCommit(committable.recoverable()).commitAfterRecovery();
            if (!fileSystem.exists(target)) {
                // Some file systems (the local one) treat a missing in-progress file as
                // committed before; without the target that would silently lose rows.
                throw new FileNotFoundException(
                        "neither the in-progress file nor " + target + " exists");
            }
            LOG.debug("Committed part file {} ({} rows)", target, committable.rowCount());
            deleteRowLog(target, committable.rowLogSegments());
        } catch (IOException e) {
            if (request.getNumberOfRetries() < MAX_RETRIES) {
                LOG.warn(
                        "Cannot commit part file {} (attempt {}), retrying: {}",
                        target,
                        request.getNumberOfRetries() + 1,
                        e.toString());
                request.retryLater();
            } else {
                LOG.error(
                        "Cannot commit part file {} after {} retries; failing over",
                        target,
                        MAX_RETRIES,
                        e);
                request.signalFailedWithUnknownReason(
                        new IOException(
                                "Cannot commit part file " + target + ": " + e.getMessage(), e));
            }
        } catch (RuntimeException e) {
            LOG.error("Cannot commit part file {}; failing over", target, e);
            request.signalFailedWithUnknownReason(e);
        }
    }

    /**
     * Discards the state behind a superseded resumable of the in-progress file of {@code target}
     * (an object store's temporary object of the file's tail). Idempotent as the file system's own
     * clean-up; a failure is logged at WARN and not retried: the state is garbage either way, never
     * read again, and failing over would not remove it.
     */
    private void cleanUp(PqxCommittable committable, Path target) {
        try {
            writer.cleanupRecoverableState(committable.cleanUp());
        } catch (IOException | RuntimeException e) {
            LOG.warn(
                    "Cannot clean up a superseded checkpoint's state of the in-progress file of {};"
                            + " it stays (never read): {}",
                    target,
                    e.toString());
        }
    }

    /** Deletes the row-log segments {@code 0..segments-1} of the published file {@code target}. */
    private void deleteRowLog(Path target, int segments) {
        for (int n = 0; n < segments; n++) {
            Path segment =
                    new Path(target.getParent(), RowLogNames.segmentName(target.getName(), n));
            try {
                fileSystem.delete(segment, false);
            } catch (IOException e) {
                LOG.warn(
                        "Cannot delete row-log segment {} of the published part file {}; it"
                                + " stays (hidden, never read): {}",
                        segment,
                        target,
                        e.toString());
            }
        }
    }

    @Override
    public void close() {}
}
