package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.apache.flink.core.fs.RecoverableWriter;
import org.junit.jupiter.api.Test;

/**
 * {@link SyncOnFlushStream} syncs on flush only where {@code sync()} is an fsync (the local file
 * system); elsewhere it only flushes, since Flink's S3 stream's {@code sync()} publishes the file.
 */
class SyncOnFlushStreamTest {

    @Test
    void aLocalPartFileIsSyncedAtEveryFlush() throws IOException {
        CountingStream stream = new CountingStream();
        SyncOnFlushStream out = SyncOnFlushStream.of(stream, new Path("file:///tmp/out/part-0"));
        out.write(new byte[] {1, 2, 3}, 0, 3);
        out.flush();
        out.flush();
        assertThat(stream.syncs).isEqualTo(2);
        assertThat(stream.flushes).isEqualTo(2);
    }

    @Test
    void aStreamWhoseSyncIsNoFsyncIsOnlyFlushed() throws IOException {
        CountingStream stream = new CountingStream();
        SyncOnFlushStream out = new SyncOnFlushStream(stream, false);
        out.write(7);
        out.flush();
        out.close();
        assertThat(stream.syncs).isZero();
        assertThat(stream.flushes).isEqualTo(2);
        assertThat(stream.written).isEqualTo(1);
    }

    /** Counts what reaches it; commits and persists are not this test's business. */
    private static final class CountingStream extends RecoverableFsDataOutputStream {
        int syncs;
        int flushes;
        long written;

        @Override
        public void write(int b) {
            written++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            written += len;
        }

        @Override
        public long getPos() {
            return written;
        }

        @Override
        public void flush() {
            flushes++;
        }

        @Override
        public void sync() {
            syncs++;
        }

        @Override
        public RecoverableWriter.ResumeRecoverable persist() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Committer closeForCommit() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {}
    }
}
