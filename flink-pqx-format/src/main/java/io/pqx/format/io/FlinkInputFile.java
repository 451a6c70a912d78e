package io.pqx.format.io;

import io.pqx.format.error.FileContext;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.fs.ByteBufferReadable;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

/**
 * An {@link InputFile} over any Flink {@link FileSystem} ({@code file://}, {@code s3://}, ...). A
 * stream is opened lazily on the first read and kept open until {@link #close()}.
 *
 * <p>Concurrent reads: on a distributed file system ({@link FileSystem#isDistributedFS()}: the
 * object stores, HDFS) the {@link #rangeReadPolicy()} is {@link RangeReadPolicy#REMOTE}, and that
 * many reads may run at once, each on a stream of its own (streams are not thread-safe, and an
 * object store's stream is one connection): streams are kept in a small pool, opened as concurrent
 * reads need them (at most one per read in flight), reused, and all closed by {@link #close()}. On
 * a local file system the policy is {@link RangeReadPolicy#SEQUENTIAL} and one stream serves all
 * reads, as before; {@link #open(Path, long, RangeReadPolicy)} chooses the policy instead.
 *
 * <p>Each read asks the file system for exactly its range: through a positioned read where the
 * stream offers one ({@link ByteBufferReadable}: Flink's local file system and its Hadoop-based
 * ones, which the S3, GCS and Azure plugins and HDFS are), else by seeking. Not by seeking where a
 * positioned read exists: Flink's Hadoop streams turn a forward {@code seek} of up to 1 MiB into
 * reading and discarding the bytes in between ({@code HadoopDataInputStream.MIN_SKIP_BYTES}), which
 * on an object store downloads them; a pruned read that skips pages then fetched nearly all of a
 * column chunk from S3, in one GET per 64 KiB. A local file's ranges are read in calls of {@link
 * #LOCAL_READ_CHUNK_BYTES}, never through a memory mapping: a file cut short under a mapped copy
 * raises a bus error, which the JDK 17 JVM delivers to the reading thread later, at a point of its
 * own choosing; delivered inside the unmapping, it made the JDK's cleaner end the whole process. A
 * stream read of a file cut short fails here, with an {@link EOFException} naming the file.
 */
@PublicEvolving
public final class FlinkInputFile implements InputFile {
    private final Path path;
    private long length = -1;
    @Nullable private RangeReadPolicy policy;

    /** Streams open and not reading now (most recently used first). */
    private final ArrayDeque<FSDataInputStream> idle = new ArrayDeque<>();

    /** Streams reading now. */
    private final Set<FSDataInputStream> busy = new HashSet<>();

    /** Streams that were reading when the file was closed: closed when their read ends. */
    private final Set<FSDataInputStream> orphans = new HashSet<>();

    /** Whether the file is on the local file system, once {@link #localKnown}. */
    private boolean local;

    private boolean localKnown;

    private FlinkInputFile(Path path, long length, @Nullable RangeReadPolicy policy) {
        this.path = path;
        this.length = length;
        this.policy = policy;
    }

    /** A file whose length is looked up on first use. */
    public static FlinkInputFile open(Path path) {
        return new FlinkInputFile(path, -1, null);
    }

    /** A file whose length is already known (for example from a directory listing). */
    public static FlinkInputFile open(Path path, long knownLength) {
        return new FlinkInputFile(path, knownLength, null);
    }

    /**
     * A file whose length is known, read under {@code policy} whatever its file system (for example
     * to measure a local file as a remote one would be read).
     */
    public static FlinkInputFile open(Path path, long knownLength, RangeReadPolicy policy) {
        return new FlinkInputFile(path, knownLength, Objects.requireNonNull(policy, "policy"));
    }

    @Override
    public synchronized RangeReadPolicy rangeReadPolicy() {
        if (policy == null) {
            try {
                policy =
                        path.getFileSystem().isDistributedFS()
                                ? RangeReadPolicy.REMOTE
                                : RangeReadPolicy.SEQUENTIAL;
            } catch (IOException e) {
                // the first read names the file and the cause; until then, read as before
                return RangeReadPolicy.SEQUENTIAL;
            }
        }
        return policy;
    }

    @Override
    public String location() {
        return path.toString();
    }

    @Override
    public synchronized long length() throws IOException {
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
        FSDataInputStream in = borrow();
        boolean done = false;
        try {
            // A remote stream is asked for the whole range at once: an object store's client (S3A
            // under its random policy) turns each call into a request, so 1 MiB calls would make
            // one round trip per MiB, one after another.
            int chunk =
                    rangeReadPolicy().concurrency() > 1
                            ? Integer.MAX_VALUE
                            : isLocal() ? LOCAL_READ_CHUNK_BYTES : READ_CHUNK_BYTES;
            readRange(in, position, buffer, offset, len, location(), chunk);
            done = true;
        } finally {
            giveBack(in, done);
        }
    }

    /** Whether the file lies on the local file system (known after the first ask). */
    private synchronized boolean isLocal() throws IOException {
        if (!localKnown) {
            localKnown = true;
            FileSystem fs = path.getFileSystem();
            local = !fs.isDistributedFS() && "file".equals(fs.getUri().getScheme());
        }
        return local;
    }

    /** An idle stream, or a new one when all are reading. */
    private FSDataInputStream borrow() throws IOException {
        synchronized (this) {
            FSDataInputStream in = idle.poll();
            if (in != null) {
                busy.add(in);
                return in;
            }
        }
        FSDataInputStream in = path.getFileSystem().open(path);
        synchronized (this) {
            busy.add(in);
        }
        return in;
    }

    /**
     * Puts a stream back for the next read; closes it instead when the file was closed meanwhile or
     * the read failed (its position and connection are then unknown).
     */
    private void giveBack(FSDataInputStream in, boolean healthy) throws IOException {
        synchronized (this) {
            busy.remove(in);
            if (!orphans.remove(in) && healthy) {
                idle.push(in);
                return;
            }
        }
        in.close();
    }

    /** Streams open now; for tests. */
    synchronized int openStreams() {
        return idle.size() + busy.size();
    }

    /** The most one read call asks of the stream. */
    static final int READ_CHUNK_BYTES = 1 << 20;

    /**
     * The most one read call asks of a local file's stream. The JDK reads into a heap array through
     * a native buffer of the request's size, kept per thread, and copies from it: at 256 KiB both
     * copies stay in the CPU's cache (300 MB from the page cache on the benchmark machine, thread
     * CPU: 55 to 62 ms in reads of 256 KiB, 60 to 76 in reads of 1 MiB, 73 to 84 in one read).
     */
    static final int LOCAL_READ_CHUNK_BYTES = 256 << 10;

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
        readRange(in, position, buffer, offset, len, location, READ_CHUNK_BYTES);
    }

    /** As the other {@code readRange}, at most {@code chunk} bytes per call. */
    static void readRange(
            FSDataInputStream in,
            long position,
            byte[] buffer,
            int offset,
            int len,
            String location,
            int chunk)
            throws IOException {
        int done = 0;
        if (in instanceof ByteBufferReadable positioned) {
            while (done < len) {
                // A fresh slice each time: implementations differ in whether they advance the
                // buffer's position (the local one does, the Hadoop one does not). At most chunk
                // bytes per call: a channel reads into a heap array through a temporary native
                // buffer of the request's size, which a small request keeps cached and warm (a 25
                // MB row group would get a fresh, zeroed one, then a cold copy).
                ByteBuffer target =
                        ByteBuffer.wrap(buffer, offset + done, Math.min(len - done, chunk)).slice();
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
            int n = in.read(buffer, offset + done, Math.min(len - done, chunk));
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

    /**
     * Closes the idle streams; a stream reading now is closed when its read ends. A read after this
     * opens a stream again.
     */
    @Override
    public void close() throws IOException {
        List<FSDataInputStream> closing;
        synchronized (this) {
            closing = new ArrayList<>(idle);
            idle.clear();
            orphans.addAll(busy);
        }
        IOException failure = null;
        for (FSDataInputStream in : closing) {
            try {
                in.close();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
