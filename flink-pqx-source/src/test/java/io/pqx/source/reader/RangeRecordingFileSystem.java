package io.pqx.source.reader;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemFactory;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.local.LocalFileSystem;

/**
 * The local file system under the scheme {@value #SCHEME} ({@code rangerecord:///tmp/x} is {@code
 * /tmp/x}), reporting itself distributed as an object store's file system does (so pqx reads it
 * with concurrent range reads and read-ahead), and recording every byte range read from it, in the
 * order the reads were made. Its streams offer no positioned read, so each read is a seek and a
 * read. Registered for tests through {@code META-INF/services}.
 */
public final class RangeRecordingFileSystem extends LocalFileSystem {
    static final String SCHEME = "rangerecord";

    /** A byte range read: {@code [offset, offset + length)}. */
    record Range(long offset, long length) {
        long end() {
            return offset + length;
        }
    }

    private static final List<Range> READS = new ArrayList<>();

    /** The path of a local file on this file system. */
    static String uri(java.nio.file.Path local) {
        return SCHEME + "://" + local.toAbsolutePath();
    }

    /** Forgets the ranges read so far. */
    static void reset() {
        synchronized (READS) {
            READS.clear();
        }
    }

    /** The ranges read since the last reset. */
    static List<Range> reads() {
        synchronized (READS) {
            return new ArrayList<>(READS);
        }
    }

    @Override
    public boolean isDistributedFS() {
        return true;
    }

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        return open(f);
    }

    @Override
    public FSDataInputStream open(Path f) throws IOException {
        FSDataInputStream in = super.open(f);
        return new FSDataInputStream() {
            @Override
            public void seek(long desired) throws IOException {
                in.seek(desired);
            }

            @Override
            public long getPos() throws IOException {
                return in.getPos();
            }

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                long at = in.getPos();
                int n = in.read(b, off, len);
                if (n > 0) {
                    synchronized (READS) {
                        READS.add(new Range(at, n));
                    }
                }
                return n;
            }

            @Override
            public void close() throws IOException {
                in.close();
            }
        };
    }

    /** Registers the scheme with Flink. */
    public static final class Factory implements FileSystemFactory {
        @Override
        public String getScheme() {
            return SCHEME;
        }

        @Override
        public FileSystem create(URI fsUri) {
            return new RangeRecordingFileSystem();
        }
    }
}
