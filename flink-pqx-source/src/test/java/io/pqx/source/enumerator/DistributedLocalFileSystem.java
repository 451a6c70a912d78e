package io.pqx.source.enumerator;

import java.net.URI;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemFactory;
import org.apache.flink.core.fs.local.LocalFileSystem;

/**
 * The local file system under the scheme {@value #SCHEME} ({@code distributedlocal:///tmp/x} is
 * {@code /tmp/x}), reporting itself distributed as an object store's file system does: the
 * enumerator keeps the footer tails it reads from it and sends them with the files' first splits.
 * Registered for tests through {@code META-INF/services}.
 */
public final class DistributedLocalFileSystem extends LocalFileSystem {
    static final String SCHEME = "distributedlocal";

    /** The path of a local file or directory on this file system. */
    static String uri(java.nio.file.Path local) {
        return SCHEME + "://" + local.toAbsolutePath();
    }

    @Override
    public boolean isDistributedFS() {
        return true;
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
            return new DistributedLocalFileSystem();
        }
    }
}
