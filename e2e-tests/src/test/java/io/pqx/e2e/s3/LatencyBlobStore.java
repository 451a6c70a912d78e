package io.pqx.e2e.s3;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.domain.Blob;
import org.jclouds.blobstore.domain.BlobMetadata;
import org.jclouds.blobstore.options.GetOptions;
import org.jclouds.blobstore.util.ForwardingBlobStore;
import org.jclouds.io.Payload;
import org.jclouds.io.Payloads;

/**
 * The blob store S3Proxy serves, slowed down to look like a real object store to the client: every
 * GET and HEAD waits {@code firstByte} before S3Proxy can answer (S3Proxy writes no byte of the
 * response before the blob store returns, so the client sees it as time to first byte), and a GET's
 * body is streamed at most {@code bytesPerSecond} per request (per connection: a real store caps
 * one connection, not the client's several). Put outside the {@link CountingBlobStore}, so that
 * requests are counted as they reach the store and bytes as they leave it.
 *
 * <p>Called on S3Proxy's Jetty threads; each request sleeps on its own thread.
 */
final class LatencyBlobStore extends ForwardingBlobStore {
    private final long firstByteNanos;
    private final long bytesPerSecond;

    /**
     * @param bytesPerSecond the body rate of one GET; {@link Long#MAX_VALUE} for no cap
     */
    LatencyBlobStore(BlobStore delegate, Duration firstByte, long bytesPerSecond) {
        super(delegate);
        this.firstByteNanos = firstByte.toNanos();
        this.bytesPerSecond = bytesPerSecond;
    }

    @Override
    public Blob getBlob(String container, String name, GetOptions options) {
        pause();
        Blob blob = super.getBlob(container, name, options);
        if (blob == null || bytesPerSecond == Long.MAX_VALUE) {
            return blob;
        }
        Payload payload = blob.getPayload();
        Payload throttled;
        try {
            throttled =
                    Payloads.newInputStreamPayload(
                            new ThrottledStream(payload.openStream(), bytesPerSecond));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the payload of " + name, e);
        }
        throttled.setContentMetadata(payload.getContentMetadata());
        return withPayload(blob, throttled);
    }

    @Override
    public BlobMetadata blobMetadata(String container, String name) {
        pause();
        return super.blobMetadata(container, name);
    }

    private void pause() {
        try {
            TimeUnit.NANOSECONDS.sleep(firstByteNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while simulating latency", e);
        }
    }

    /**
     * As {@code CountingBlobStore.withPayload}: the blob with another payload, all else its own.
     */
    private static Blob withPayload(Blob blob, Payload payload) {
        return (Blob)
                Proxy.newProxyInstance(
                        Blob.class.getClassLoader(),
                        new Class<?>[] {Blob.class},
                        (proxy, method, args) -> {
                            if (method.getName().equals("getPayload")) {
                                return payload;
                            }
                            try {
                                return method.invoke(blob, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
    }

    /**
     * Hands out bytes no faster than the rate: after each read it sleeps until the bytes handed out
     * so far are due. Reads are cut to 64 KiB so the stream stays smooth.
     */
    private static final class ThrottledStream extends FilterInputStream {
        private static final int STEP = 64 << 10;
        private final long bytesPerSecond;
        private final long start = System.nanoTime();
        private long sent;

        ThrottledStream(InputStream in, long bytesPerSecond) {
            super(in);
            this.bytesPerSecond = bytesPerSecond;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                due(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, Math.min(length, STEP));
            if (n > 0) {
                due(n);
            }
            return n;
        }

        private void due(int n) throws InterruptedIOException {
            sent += n;
            long wait = start + sent * 1_000_000_000L / bytesPerSecond - System.nanoTime();
            if (wait > 0) {
                try {
                    TimeUnit.NANOSECONDS.sleep(wait);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while throttling");
                }
            }
        }
    }
}
