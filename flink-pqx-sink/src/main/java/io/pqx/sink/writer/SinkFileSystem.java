package io.pqx.sink.writer;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter;

/**
 * Opens the recoverable writer of the sink's base path with a clear message when its file system
 * cannot provide one (no recoverable writer, unknown scheme). Stateless.
 */
@Internal
public final class SinkFileSystem {
    private SinkFileSystem() {}

    /** The recoverable writer for files under {@code basePath}. */
    public static RecoverableWriter recoverableWriter(Path basePath) throws IOException {
        try {
            return basePath.getFileSystem().createRecoverableWriter();
        } catch (IOException | UnsupportedOperationException e) {
            throw new IOException(
                    "Cannot write to base path "
                            + basePath
                            + ": its file system"
                            + " offers no recoverable writer ("
                            + e.getMessage()
                            + ")",
                    e);
        }
    }

    /** The file system of {@code basePath}. */
    public static FileSystem fileSystem(Path basePath) throws IOException {
        return basePath.getFileSystem();
    }
}
