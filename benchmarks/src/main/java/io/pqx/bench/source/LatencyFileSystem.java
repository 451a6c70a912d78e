package io.pqx.bench.source;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.core.fs.BlockLocation;
import org.apache.flink.core.fs.ByteBufferReadable;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemFactory;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.local.LocalFileSystem;

/**
 * A Flink file system, scheme {@value #SCHEME} ({@code latency:///tmp/x.parquet} is the local
 * {@code /tmp/x.parquet}), that answers like an object store: every request waits {@link
 * #FIRST_BYTE_NANOS} (20 ms) before its first byte, and each stream (one connection) delivers at
 * most {@link #BYTES_PER_SECOND} (100 MB/s). A request is a metadata call ({@code getFileStatus},
 * {@code listStatus}: a HEAD or LIST) or a read that does not continue where the stream's previous
 * read ended (a GET; reading on from there continues the same GET, as an HTTP body would). It
 * reports itself distributed, as Flink's S3 file systems do, so readers treat it as remote.
 *
 * <p>Every reader of the JVM going through it is counted: requests, bytes and the most reads in
 * flight at once ({@link #reset()} starts a new count), and one {@link Request} per request since
 * the last reset is kept ({@link #trace()}): when it started and ended, what it was, which thread
 * asked, where it read and how many bytes (case {@code objectstore} derives its floor from them,
 * and prints them with {@link #TRACE_PROPERTY} set to {@code true}). Registered through {@code
 * META-INF/services}, so Flink finds it like any file system; read-only.
 */
public final class LatencyFileSystem extends FileSystem {
    static final String SCHEME = "latency";
    static final long FIRST_BYTE_NANOS = 20_000_000L;
    static final long BYTES_PER_SECOND = 100_000_000L;

    private static final AtomicLong REQUESTS = new AtomicLong();
    private static final AtomicLong BYTES = new AtomicLong();
    private static final AtomicInteger IN_FLIGHT = new AtomicInteger();
    private static final AtomicInteger MOST_IN_FLIGHT = new AtomicInteger();

    /** System property that has case {@code objectstore} print the per-request trace. */
    static final String TRACE_PROPERTY = "pqx.bench.latency.trace";

    private static final boolean TRACING = Boolean.getBoolean(TRACE_PROPERTY);
    private static final List<Request> TRACE = new ArrayList<>();
    private static final Set<LatencyStream> OPEN_STREAMS = new HashSet<>();
    private static volatile long resetAt = System.nanoTime();

    private final LocalFileSystem local = new LocalFileSystem();

    /**
     * One request of the trace: started and ended (last byte) in nanoseconds since the reset, its
     * kind ({@code GET}, {@code HEAD}, {@code LIST}), the asking thread, and for a GET where it
     * started and the bytes it delivered (its continuations included).
     */
    record Request(
            long startNanos, long endNanos, String kind, String thread, long offset, long bytes) {
        /** One line: {@code +<start>ms..<end>ms GET @<offset> <bytes>B [thread]}. */
        String line() {
            return String.format(
                    "+%.1fms..%.1fms %s @%d %dB [%s]",
                    startNanos / 1e6, endNanos / 1e6, kind, offset, bytes, thread);
        }
    }

    /** Starts a new count (and trace). */
    static void reset() {
        REQUESTS.set(0);
        BYTES.set(0);
        MOST_IN_FLIGHT.set(0);
        synchronized (TRACE) {
            TRACE.clear();
            resetAt = System.nanoTime();
        }
    }

    /** Whether the per-request trace is to be printed. */
    static boolean tracing() {
        return TRACING;
    }

    /** The requests since the last reset, in the order they started. */
    static List<Request> trace() {
        synchronized (TRACE) {
            List<Request> out = new ArrayList<>(TRACE);
            for (LatencyStream open : OPEN_STREAMS) {
                Request underWay = open.underWay(); // not ended yet: as far as it got
                if (underWay != null) {
                    out.add(underWay);
                }
            }
            out.sort(Comparator.comparingLong(Request::startNanos));
            return out;
        }
    }

    private static void record(Request request) {
        synchronized (TRACE) {
            TRACE.add(request);
        }
    }

    static long requests() {
        return REQUESTS.get();
    }

    static long bytes() {
        return BYTES.get();
    }

    static int mostInFlight() {
        return MOST_IN_FLIGHT.get();
    }

    /** The path of a local file (an absolute path) on this file system. */
    static String uri(String localFile) {
        return SCHEME + "://" + localFile;
    }

    private static Path local(Path path) {
        return new Path("file://" + path.toUri().getPath());
    }

    private static Path remote(Path path) {
        return new Path(SCHEME + "://" + path.toUri().getPath());
    }

    private static void roundTrip() throws IOException {
        REQUESTS.incrementAndGet();
        sleep(FIRST_BYTE_NANOS);
    }

    /** A metadata request: a round trip, traced. */
    private static void metadataRequest(String kind) throws IOException {
        long start = System.nanoTime() - resetAt;
        roundTrip();
        record(
                new Request(
                        start,
                        System.nanoTime() - resetAt,
                        kind,
                        Thread.currentThread().getName(),
                        -1,
                        0));
    }

    private static void sleep(long nanos) throws IOException {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while simulating latency");
        }
    }

    @Override
    public Path getWorkingDirectory() {
        return remote(local.getWorkingDirectory());
    }

    @Override
    public Path getHomeDirectory() {
        return remote(local.getHomeDirectory());
    }

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        metadataRequest("HEAD");
        return remote(local.getFileStatus(local(f)));
    }

    private static FileStatus remote(FileStatus status) {
        return new FileStatus() {
            @Override
            public long getLen() {
                return status.getLen();
            }

            @Override
            public long getBlockSize() {
                return status.getBlockSize();
            }

            @Override
            public short getReplication() {
                return status.getReplication();
            }

            @Override
            public long getModificationTime() {
                return status.getModificationTime();
            }

            @Override
            public long getAccessTime() {
                return status.getAccessTime();
            }

            @Override
            public boolean isDir() {
                return status.isDir();
            }

            @Override
            public Path getPath() {
                return remote(status.getPath());
            }
        };
    }

    @Override
    public BlockLocation[] getFileBlockLocations(FileStatus file, long start, long len)
            throws IOException {
        return local.getFileBlockLocations(local.getFileStatus(local(file.getPath())), start, len);
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        return open(f);
    }

    @Override
    public FSDataInputStream open(Path f) throws IOException {
        return new LatencyStream(local.open(local(f)));
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
        metadataRequest("LIST");
        FileStatus[] statuses = local.listStatus(local(f));
        if (statuses == null) {
            return null;
        }
        FileStatus[] out = new FileStatus[statuses.length];
        for (int i = 0; i < statuses.length; i++) {
            out[i] = remote(statuses[i]);
        }
        return out;
    }

    @Override
    public boolean delete(Path f, boolean recursive) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public boolean mkdirs(Path f) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public FSDataOutputStream create(Path f, WriteMode overwriteMode) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public boolean rename(Path src, Path dst) {
        throw new UnsupportedOperationException("read-only");
    }

    @Override
    public boolean isDistributedFS() {
        return true;
    }

    /** Registers the scheme with Flink. */
    public static final class Factory implements FileSystemFactory {
        @Override
        public String getScheme() {
            return SCHEME;
        }

        @Override
        public FileSystem create(URI fsUri) {
            return new LatencyFileSystem();
        }
    }

    /**
     * One connection: a read not continuing where the previous one ended pays a round trip; every
     * byte pays its share of the stream's bandwidth (slept in steps of at least 1 ms).
     */
    private static final class LatencyStream extends FSDataInputStream
            implements ByteBufferReadable {
        private final FSDataInputStream in;
        private long position;
        private long continues = -1; // where the open request would go on; -1: none
        private long owedNanos;
        // the GET under way, for the trace: when it started, where, bytes so far, by whom
        private volatile long getStart = -1;
        private volatile long getOffset;
        private volatile long getBytes;
        private volatile String getThread;

        LatencyStream(FSDataInputStream in) {
            this.in = in;
            synchronized (TRACE) {
                OPEN_STREAMS.add(this);
            }
        }

        /** The GET under way, as far as it got; null when none (read racily: a diagnostic). */
        Request underWay() {
            return getStart < 0
                    ? null
                    : new Request(getStart, lastByteAt, "GET", getThread, getOffset, getBytes);
        }

        @Override
        public void seek(long desired) {
            position = desired;
        }

        @Override
        public long getPos() {
            return position;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            begin(position);
            try {
                in.seek(position);
                int n = in.read(b, off, len);
                position = end(position, n);
                return n;
            } finally {
                IN_FLIGHT.decrementAndGet();
            }
        }

        @Override
        public int read(long at, ByteBuffer target) throws IOException {
            begin(at);
            try {
                int n = ((ByteBufferReadable) in).read(at, target);
                end(at, n);
                return n;
            } finally {
                IN_FLIGHT.decrementAndGet();
            }
        }

        @Override
        public int read(ByteBuffer target) throws IOException {
            byte[] bytes = new byte[target.remaining()];
            int n = read(bytes, 0, bytes.length);
            if (n > 0) {
                target.put(bytes, 0, n);
            }
            return n;
        }

        private void begin(long at) throws IOException {
            MOST_IN_FLIGHT.accumulateAndGet(IN_FLIGHT.incrementAndGet(), Math::max);
            if (at != continues) {
                owedNanos = 0;
                endGet();
                getStart = System.nanoTime() - resetAt;
                getOffset = at;
                getBytes = 0;
                getThread = Thread.currentThread().getName();
                roundTrip();
            }
        }

        /** Records the GET under way, if any, as ended at its last byte. */
        private void endGet() {
            if (getStart >= 0) {
                record(new Request(getStart, lastByteAt, "GET", getThread, getOffset, getBytes));
                getStart = -1;
            }
        }

        private volatile long lastByteAt;

        /** Charges {@code n} bytes read at {@code at}; returns where the read ended. */
        private long end(long at, int n) throws IOException {
            if (n <= 0) {
                continues = -1;
                return at;
            }
            BYTES.addAndGet(n);
            getBytes += n;
            owedNanos += n * 1_000_000_000L / BYTES_PER_SECOND;
            if (owedNanos >= 1_000_000L) {
                long owed = owedNanos;
                owedNanos = 0;
                sleep(owed);
            }
            continues = at + n;
            lastByteAt = System.nanoTime() - resetAt;
            return at + n;
        }

        @Override
        public long skip(long n) {
            position += n;
            return n;
        }

        @Override
        public void close() throws IOException {
            synchronized (TRACE) {
                OPEN_STREAMS.remove(this);
            }
            endGet();
            in.close();
        }
    }
}
