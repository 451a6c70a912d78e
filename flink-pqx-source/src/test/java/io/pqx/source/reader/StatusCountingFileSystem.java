package io.pqx.source.reader;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemFactory;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.local.LocalFileSystem;

/**
 * The local file system under the scheme {@value #SCHEME} ({@code statuscount:///tmp/x} is {@code
 * /tmp/x}), counting the {@code getFileStatus} calls per file: on an object store each is a request
 * and a round trip. Registered for tests through {@code META-INF/services}.
 */
public final class StatusCountingFileSystem extends LocalFileSystem {
    static final String SCHEME = "statuscount";

    private static final Map<String, AtomicInteger> STATUS_CALLS = new ConcurrentHashMap<>();

    /** The path of a local file on this file system. */
    static String uri(java.nio.file.Path local) {
        return SCHEME + "://" + local.toAbsolutePath();
    }

    /** {@code getFileStatus} calls for {@code local} so far. */
    static int statusCalls(java.nio.file.Path local) {
        AtomicInteger calls = STATUS_CALLS.get(local.toAbsolutePath().toString());
        return calls == null ? 0 : calls.get();
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        STATUS_CALLS
                .computeIfAbsent(f.toUri().getPath(), p -> new AtomicInteger())
                .incrementAndGet();
        return super.getFileStatus(f);
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
            return new StatusCountingFileSystem();
        }
    }
}
