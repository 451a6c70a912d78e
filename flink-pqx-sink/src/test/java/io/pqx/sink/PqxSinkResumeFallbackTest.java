package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.partition.PartitionComputer;
import io.pqx.sink.writer.PqxSinkWriter;
import io.pqx.sink.writer.TestingWriterContext;
import java.util.List;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On a file system that cannot resume in-progress files, the sink rolls on every checkpoint. */
class PqxSinkResumeFallbackTest {
    @TempDir java.nio.file.Path dir;

    /** The local recoverable writer, claiming it cannot persist and resume. */
    private static final class NoResume extends TestingForwardingRecoverableWriter {
        NoResume(RecoverableWriter local) {
            super(local);
        }

        @Override
        public RecoverableFsDataOutputStream recover(ResumeRecoverable resumable) {
            throw new UnsupportedOperationException("cannot resume");
        }

        @Override
        public boolean supportsResume() {
            return false;
        }
    }

    @Test
    void filesRollAtEveryCheckpointWhenTheFileSystemCannotResume() throws Exception {
        PqxSink sink =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .rowType(TestingSinkRowTypes.ID_PAYLOAD)
                        .set(PqxSinkOptions.ENCODING_THREADS, 1)
                        .build();
        Path base = new Path(dir.toUri());
        try (PqxSinkWriter writer =
                PqxSinkWriter.open(
                        sink.settings(),
                        base,
                        new PartitionComputer(TestingSinkRowTypes.ID_PAYLOAD, List.of()),
                        new TestingWriterContext(),
                        new NoResume(FileSystem.getLocalFileSystem().createRecoverableWriter()),
                        "token",
                        List.of())) {
            writer.write(GenericRowData.of(1L, StringData.fromString("x")), null);
            assertThat(writer.prepareCommit()).as("closed at the checkpoint").hasSize(1);
            assertThat(writer.snapshotState(1).get(0).openFiles()).isEmpty();
        }
    }
}
