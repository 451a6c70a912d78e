package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.EncodingPool;
import io.pqx.format.options.Compression;
import io.pqx.format.options.WriteOptions;
import io.pqx.sink.TestingForwardingRecoverableWriter;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.options.RowGroupMode;
import java.io.IOException;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file system that fills up mid-file: a clear error naming the file, nothing published. */
class DiskFullTest {
    @TempDir java.nio.file.Path dir;

    /** Delegates to the local recoverable writer; its streams fail after {@code limit} bytes. */
    /** Forwards to the local writer, but its streams fail once {@code limit} bytes are written. */
    private static final class FillingWriter extends TestingForwardingRecoverableWriter {
        private final long limit;

        FillingWriter(RecoverableWriter local, long limit) {
            super(local);
            this.limit = limit;
        }

        @Override
        public RecoverableFsDataOutputStream open(Path path) throws IOException {
            RecoverableFsDataOutputStream out = local.open(path);
            return new RecoverableFsDataOutputStream() {
                private long written;

                @Override
                public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    if (written + len > limit) {
                        throw new IOException("No space left on device (simulated)");
                    }
                    written += len;
                    out.write(b, off, len);
                }

                @Override
                public long getPos() throws IOException {
                    return out.getPos();
                }

                @Override
                public void flush() throws IOException {
                    out.flush();
                }

                @Override
                public void sync() throws IOException {
                    out.sync();
                }

                @Override
                public ResumeRecoverable persist() throws IOException {
                    return out.persist();
                }

                @Override
                public Committer closeForCommit() throws IOException {
                    return out.closeForCommit();
                }

                @Override
                public void close() throws IOException {
                    out.close();
                }
            };
        }
    }

    @Test
    void aFullDiskFailsWithTheFileNameAndPublishesNothing() throws Exception {
        RecoverableWriter writer =
                new FillingWriter(
                        FileSystem.getLocalFileSystem().createRecoverableWriter(), 100_000);
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 1000, 1L << 30, 10);
        try (EncodingPool pool = EncodingPool.threads(2, 8, 2, "test")) {
            PartFile file =
                    new PartFiles(
                                    writer,
                                    TestingIdNameRows.TYPE,
                                    WriteOptions.builder()
                                            .dictionaryEnabled(false)
                                            .codec(Compression.UNCOMPRESSED)
                                            .build(),
                                    cut,
                                    null,
                                    pool,
                                    Long.MAX_VALUE,
                                    false)
                            .open(new PartFileSpec(new Path(dir.toUri()), "", "full.parquet", 0L));
            assertThatThrownBy(
                            () -> {
                                for (RowData row : TestingIdNameRows.ids(0, 200_000)) {
                                    file.write(row, 0L, Long.MIN_VALUE);
                                }
                                file.closeForCommit();
                            })
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("full.parquet")
                    .hasMessageContaining("No space left on device (simulated)");
            file.discard();
        }
        assertThat(TestingSinkFiles.committed(dir)).isEmpty();
    }
}
