package io.pqx.format.io;

import io.pqx.format.error.FileContext;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.fs.ByteBufferReadable;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

/**
 * An {@link InputFile} over any Flink {@link FileSystem} ({@code file://}, {@code s3://}, ...). The
 * stream is opened lazily on the first read and kept open until {@link #close()}. Not thread-safe.
 *
 * <p>Each read asks the file system for exactly its range: through a positioned read where the
 * stream offers one ({@link ByteBufferReadable}: Flink's local file system and its Hadoop-based
 * ones, which the S3, GCS and Azure plugins and HDFS are), else by seeking. Not by seeking where a
 * positioned read exists: Flink's Hadoop streams turn a forward {@code seek} of up to 1 MiB into
 * reading and discarding the bytes in between ({@code HadoopDataInputStream.MIN_SKIP_BYTES}), which
 * on an object store downloads them; a pruned read that skips pages then fetched nearly all of a
 * column chunk from S3, in one GET per 64 KiB.
 */
@PublicEvolving
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
        readRange(in, position, buffer, offset, len, location());
    }

    /** The most one read call asks of the stream. */
    static final int READ_CHUNK_BYTES = 1 << 20;

    /**
     * Reads exactly {@code len} bytes of {@code in} at {@code position}: positioned where the
     * stream can, else by seeking (see the class comment), at most {@link #READ_CHUNK_BYTES} per
     * call. Package-private for tests.
     */
    static void readRange(
            FSDataInputStream in,
            long position,
            byte[] buffer,
            int offset,
            int len,
            String location)
            throws IOException {
        int done = 0;
        if (in instanceof ByteBufferReadable positioned) {
            while (done < len) {
                // A fresh slice each time: implementations differ in whether they advance the
                // buffer's position (the local one does, the Hadoop one does not). At most
                // READ_CHUNK_BYTES per call: a channel reads into a heap array through a temporary
                // native buffer of the request's size, which a small request keeps cached and warm
                // (a 25 MB row group would get a fresh, zeroed one, then a cold copy).
                ByteBuffer target =
                        ByteBuffer.wrap(
                                        buffer,
                                        offset + done,
                                        Math.min(len - done, READ_CHUNK_BYTES))
                                .slice();
                int n = positioned.read(position + done, target);
                if (n <= 0) {
                    throw endedEarly(position, done, len, location);
                }
                done += n;
            }
            return;
        }
        in.seek(position);
        while (done < len) {
            int n = in.read(buffer, offset + done, Math.min(len - done, READ_CHUNK_BYTES));
            if (n < 0) {
                throw endedEarly(position, done, len, location);
            }
            done += n;
        }
    }

    private static EOFException endedEarly(long position, int done, int len, String location) {
        return new EOFException(
                "Cannot read bytes: file ended at "
                        + (position + done)
                        + " before the expected "
                        + (position + len)
                        + " "
                        + FileContext.of(location).suffix());
    }

    @Override
    public void close() throws IOException {
        if (in != null) {
            in.close();
            in = null;
        }
    }
}
