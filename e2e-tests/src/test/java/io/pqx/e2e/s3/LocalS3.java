package io.pqx.e2e.s3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.fs.FileSystem;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.blobstore.domain.PageSet;
import org.jclouds.blobstore.domain.StorageMetadata;
import org.jclouds.blobstore.options.ListContainerOptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A local S3 server for a test class, and Flink's own S3 file system pointed at it.
 *
 * <p>Before the class: S3Proxy starts in process on 127.0.0.1 (a port free when this object was
 * made, so that a MiniCluster configured earlier can be handed {@link #flinkConfiguration()}), over
 * jclouds' in-memory {@code transient} blob store wrapped in a {@link CountingBlobStore} (requests
 * and bytes served: {@link #traffic()}), and in a {@link LatencyBlobStore} that answers like a
 * remote store when {@link #withLatency} asked for it (else without delay), with AWS signatures
 * checked against a fixed key pair and one bucket, {@value #BUCKET}; then Flink's {@link
 * FileSystem} is initialized with that configuration and the plugins directory of {@link
 * TestingFlinkPlugins}, so {@code s3://} is Flink's {@code flink-s3-fs-hadoop} plugin, loaded as a
 * Flink process loads it. After the class: the file systems are reset to Flink's defaults and the
 * server stops.
 *
 * <p>Register it with {@code @RegisterExtension} before any {@code MiniClusterExtension}. The
 * MiniCluster shares the test JVM and so this {@link FileSystem} set-up; it is handed the same
 * configuration all the same, as a real cluster's {@code config.yaml} would carry it.
 */
final class LocalS3 implements BeforeAllCallback, AfterAllCallback {
    static final String BUCKET = "bucket";
    static final String ACCESS_KEY = "pqx-local-access";
    static final String SECRET_KEY = "pqx-local-secret";

    private final int port;
    private final Map<String, String> settings = new LinkedHashMap<>();
    private final S3Traffic traffic = new S3Traffic();
    private Duration firstByte = Duration.ZERO;
    private long bytesPerSecond = Long.MAX_VALUE;
    private BlobStoreContext context;
    private S3Proxy proxy;

    private LocalS3(int port) {
        this.port = port;
        // The keys a user puts in Flink's config.yaml for an S3-compatible store (the plugin
        // hands every s3.* key to Hadoop's S3A as fs.s3a.*).
        settings.put("s3.endpoint", endpoint());
        settings.put("s3.path.style.access", "true"); // bucket in the path, not the host name
        settings.put("s3.access-key", ACCESS_KEY);
        settings.put("s3.secret-key", SECRET_KEY);
    }

    /** A server to start on a port that is free now. */
    static LocalS3 onFreePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new LocalS3(socket.getLocalPort());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot find a free port on 127.0.0.1", e);
        }
    }

    /** Adds a Flink file system setting (an {@code s3.*} key); before the class starts only. */
    LocalS3 with(String key, String value) {
        settings.put(key, value);
        return this;
    }

    /**
     * Makes the server answer like a remote object store: each GET and HEAD {@code firstByte} late,
     * each GET's body at most {@code bytesPerSecond} ({@link LatencyBlobStore}); before the class
     * starts only.
     */
    LocalS3 withLatency(Duration firstByte, long bytesPerSecond) {
        this.firstByte = firstByte;
        this.bytesPerSecond = bytesPerSecond;
        return this;
    }

    String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    /** The Flink configuration of the S3 file system: endpoint, path style, keys, settings. */
    Configuration flinkConfiguration() {
        Configuration config = new Configuration();
        settings.forEach(config::setString);
        return config;
    }

    /** The settings as lines of a Flink {@code config.yaml}. */
    List<String> configYaml() {
        List<String> lines = new ArrayList<>();
        settings.forEach((key, value) -> lines.add(key + ": " + value));
        return lines;
    }

    /** {@code s3://bucket/<key>}. */
    String uri(String key) {
        return "s3://" + BUCKET + "/" + key;
    }

    S3Traffic traffic() {
        return traffic;
    }

    /** Every object key under the prefix, as the store holds them (not through Flink or S3A). */
    List<String> keys(String prefix) {
        BlobStore store = context.getBlobStore();
        List<String> keys = new ArrayList<>();
        ListContainerOptions options = ListContainerOptions.Builder.prefix(prefix).recursive();
        while (true) {
            PageSet<? extends StorageMetadata> page = store.list(BUCKET, options);
            for (StorageMetadata entry : page) {
                keys.add(entry.getName());
            }
            if (page.getNextMarker() == null) {
                return keys;
            }
            options = ListContainerOptions.Builder.prefix(prefix).recursive();
            options.afterMarker(page.getNextMarker());
        }
    }

    /** The bytes the store holds under these keys. */
    long sizeOf(List<String> keys) {
        BlobStore store = context.getBlobStore();
        long bytes = 0;
        for (String key : keys) {
            bytes += store.blobMetadata(BUCKET, key).getSize();
        }
        return bytes;
    }

    @Override
    public void beforeAll(ExtensionContext extension) throws Exception {
        context =
                ContextBuilder.newBuilder("transient")
                        .credentials(ACCESS_KEY, SECRET_KEY)
                        .build(BlobStoreContext.class);
        proxy =
                S3Proxy.builder()
                        .blobStore(
                                new LatencyBlobStore(
                                        new CountingBlobStore(context.getBlobStore(), traffic),
                                        firstByte,
                                        bytesPerSecond))
                        .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                        .endpoint(URI.create(endpoint()))
                        .build();
        proxy.start();
        context.getBlobStore().createContainerInLocation(null, BUCKET);
        Configuration config = flinkConfiguration();
        FileSystem.initialize(config, TestingFlinkPlugins.manager(config));
    }

    @Override
    public void afterAll(ExtensionContext extension) throws Exception {
        FileSystem.initialize(new Configuration(), null);
        if (proxy != null) {
            proxy.stop();
        }
        if (context != null) {
            context.close();
        }
    }
}
