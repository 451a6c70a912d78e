package io.pqx.format.io;

import io.pqx.format.error.FileContext;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

import java.io.EOFException;
import java.io.IOException;

/**
 * An {@link InputFile} over any Flink {@link FileSystem} ({@code file://}, {@code s3://}, ...). The
 * stream is opened lazily on the first read and kept open until {@link #close()}. Not thread-safe.
 */
public final class FlinkInputFile implements InputFile {
    private final Path path;
    private long length = -1;
    private FSDataInputStream in;

    private FlinkInputFile(Path path, long length) {
        this.path = path;
        this.length = length;
    }

    /** A file whose length is looked up on first use. */
    public static FlinkInputFile open(Path path) {
        return new FlinkInputFile(path, -1);
    }

    /** A file whose length is already known (for example from a directory listing). */
    public static FlinkInputFile open(Path path, long knownLength) {
        return new FlinkInputFile(path, knownLength);
    }

    @Override
    public String location() {
        return path.toString();
    }

    @Override
    public long length() throws IOException {
        if (length < 0) {
            length = path.getFileSystem().getFileStatus(path).getLen();
        }
        return length;
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int len) throws IOException {
        long fileLength = length();
        if (position < 0 || len < 0 || position > fileLength - len) {
            throw FileContext.of(location())
                    .corrupt(
                            "Cannot read bytes",
                            "range ["
                                    + position
                                    + ", "
                                    + (position + len)
                                    + ") lies outside the file of "
                                    + fileLength
                                    + " bytes");
        }
        if (in == null) {
            in = path.getFileSystem().open(path);
        }
        in.seek(position);
        int done = 0;
        while (done < len) {
            int n = in.read(buffer, offset + done, len - done);
            if (n < 0) {
                throw new EOFException(
                        "Cannot read bytes: file ended at "
                                + (position + done)
                                + " before the expected "
                                + (position + len)
                                + " "
                                + FileContext.of(location()).suffix());
            }
            done += n;
        }
    }

    @Override
    public void close() throws IOException {
        if (in != null) {
            in.close();
            in = null;
        }
    }
}
