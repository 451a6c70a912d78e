package io.pqx.sink.file;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A part file's recoverable stream that makes what it was given durable whenever it is flushed: the
 * format flushes after each row group it writes (on the encoding pool's writer thread), so a row
 * group reaches the disk as it is written, and the next checkpoint's {@code persist()} finds little
 * left to sync. Without this, a file that received a whole row group since the last checkpoint made
 * that checkpoint wait for all of it at once. Where the stream cannot sync ({@code
 * UnsupportedOperationException}), flushing only flushes, and {@code persist()} alone makes the
 * bytes durable, as before.
 *
 * <p>Only on the local file system, where Flink's {@code sync()} is an fsync: other file systems
 * give {@code sync()} other meanings. Flink's S3 stream's {@code sync()} uploads what it holds as a
 * part and completes the multipart upload, which publishes the partial file under its final name
 * and ends the upload, so the next sync or the commit fails ({@code InvalidPart}); found by
 * e2e-tests' {@code S3SinkITCase}. There {@code persist()} at each checkpoint is what makes the
 * bytes durable.
 *
 * <p>Used by one thread at a time (the pool's writer thread between cuts, the task thread at a
 * checkpoint, after the writes are done).
 */
final class SyncOnFlushStream extends OutputStream {
    private static final Logger LOG = LoggerFactory.getLogger(SyncOnFlushStream.class);

    private final RecoverableFsDataOutputStream stream;
    private boolean syncs;

    SyncOnFlushStream(RecoverableFsDataOutputStream stream, boolean syncs) {
        this.stream = stream;
        this.syncs = syncs;
    }

    /** The stream of the part file {@code target}; syncing on flush where it is local. */
    static SyncOnFlushStream of(RecoverableFsDataOutputStream stream, Path target)
            throws IOException {
        return new SyncOnFlushStream(stream, !target.getFileSystem().isDistributedFS());
    }

    @Override
    public void write(int b) throws IOException {
        stream.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        stream.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
        stream.flush();
        if (syncs) {
            try {
                stream.sync();
            } catch (UnsupportedOperationException e) {
                syncs = false;
                LOG.debug(
                        "{} cannot sync; its bytes become durable at persist()",
                        stream.getClass().getName());
            }
        }
    }

    /** Not closed here: the part file closes its stream for commit or discards it. */
    @Override
    public void close() throws IOException {
        flush();
    }
}
