package io.pqx.source.discovery;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemFactory;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.local.LocalFileSystem;

/**
 * The local file system under the scheme {@value #SCHEME} ({@code requestcount:///tmp/x} is {@code
 * /tmp/x}), counting the metadata requests an object store would answer: {@code getFileStatus} (a
 * HEAD) and {@code listStatus} (a LIST). The status calls the local listing makes for each entry
 * are not counted: a store's listing carries them. Registered for tests through {@code
 * META-INF/services}.
 */
public final class RequestCountingFileSystem extends LocalFileSystem {
    static final String SCHEME = "requestcount";

    private static final AtomicInteger STATUS_CALLS = new AtomicInteger();
    private static final AtomicInteger LIST_CALLS = new AtomicInteger();
    private static final ThreadLocal<Boolean> LISTING = ThreadLocal.withInitial(() -> false);

    /** The path of a local file or directory on this file system. */
    static String uri(java.nio.file.Path local) {
        return SCHEME + "://" + local.toAbsolutePath();
    }

    /** Forgets the requests counted so far. */
    static void reset() {
        STATUS_CALLS.set(0);
        LIST_CALLS.set(0);
    }

    /** {@code getFileStatus} calls since the last reset. */
    static int statusCalls() {
        return STATUS_CALLS.get();
    }

    /** {@code listStatus} calls since the last reset. */
    static int listCalls() {
        return LIST_CALLS.get();
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        if (!LISTING.get()) {
            STATUS_CALLS.incrementAndGet();
        }
        return super.getFileStatus(f);
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
        LIST_CALLS.incrementAndGet();
        LISTING.set(true);
        try {
            return super.listStatus(f);
        } finally {
            LISTING.set(false);
        }
    }

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    /** Registers the scheme with Flink. */
    public static final class Factory implements FileSystemFactory {
        @Override
        public String getScheme() {
            return SCHEME;
        }

        @Override
        public FileSystem create(URI fsUri) {
            return new RequestCountingFileSystem();
        }
    }
}
