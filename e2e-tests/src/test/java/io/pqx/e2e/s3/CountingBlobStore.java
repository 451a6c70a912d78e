package io.pqx.e2e.s3;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.domain.Blob;
import org.jclouds.blobstore.domain.BlobMetadata;
import org.jclouds.blobstore.domain.MultipartPart;
import org.jclouds.blobstore.domain.MultipartUpload;
import org.jclouds.blobstore.options.GetOptions;
import org.jclouds.blobstore.options.PutOptions;
import org.jclouds.blobstore.util.ForwardingBlobStore;
import org.jclouds.io.Payload;
import org.jclouds.io.Payloads;

/**
 * The blob store S3Proxy serves, wrapped so that {@link S3Traffic} sees every request that reaches
 * it: a GET's key and range, and the bytes of its body as S3Proxy streams them to the client (not
 * the length asked: a client that closes early is counted for what was sent); multipart uploads and
 * parts; PUTs of whole objects; how many GETs were in flight at once (from the store's answer until
 * S3Proxy closes the body it streamed).
 *
 * <p>S3Proxy turns a GET into {@link #getBlob(String, String, GetOptions)} (with the {@code Range}
 * header as {@link GetOptions#getRanges()}) and streams the returned payload; a HEAD into {@link
 * #blobMetadata}. Called on S3Proxy's Jetty threads.
 */
final class CountingBlobStore extends ForwardingBlobStore {
    private final S3Traffic traffic;

    /** Uploads in flight: S3Proxy PUTs a stub object named by the upload id, not a client's. */
    private final Set<String> uploadIds = ConcurrentHashMap.newKeySet();

    CountingBlobStore(BlobStore delegate, S3Traffic traffic) {
        super(delegate);
        this.traffic = traffic;
    }

    @Override
    public Blob getBlob(String container, String name, GetOptions options) {
        Blob blob = super.getBlob(container, name, options);
        if (blob == null) {
            return null;
        }
        List<String> ranges = options.getRanges();
        S3Traffic.Get get = traffic.get(name, ranges.isEmpty() ? null : String.join(",", ranges));
        traffic.getStarted();
        Payload payload = blob.getPayload();
        Payload counted;
        try {
            counted =
                    Payloads.newInputStreamPayload(
                            new CountingStream(payload.openStream(), get.bytes(), traffic));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the payload of " + name, e);
        }
        counted.setContentMetadata(payload.getContentMetadata());
        return withPayload(blob, counted);
    }

    /**
     * The blob with another payload, everything else (metadata, headers such as Content-Range) its
     * own. Not {@code blob.setPayload}: that releases the old payload, which closes the stream the
     * new one reads.
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

    @Override
    public BlobMetadata blobMetadata(String container, String name) {
        traffic.head();
        return super.blobMetadata(container, name);
    }

    @Override
    public String putBlob(String container, Blob blob) {
        countPut(blob);
        return super.putBlob(container, blob);
    }

    @Override
    public String putBlob(String container, Blob blob, PutOptions options) {
        countPut(blob);
        return super.putBlob(container, blob, options);
    }

    private void countPut(Blob blob) {
        if (!uploadIds.contains(blob.getMetadata().getName())) {
            traffic.put();
        }
    }

    @Override
    public MultipartUpload initiateMultipartUpload(
            String container, BlobMetadata metadata, PutOptions options) {
        MultipartUpload upload = super.initiateMultipartUpload(container, metadata, options);
        uploadIds.add(upload.id());
        traffic.uploadStarted();
        return upload;
    }

    @Override
    public MultipartPart uploadMultipartPart(MultipartUpload upload, int part, Payload payload) {
        MultipartPart uploaded = super.uploadMultipartPart(upload, part, payload);
        traffic.partUploaded();
        return uploaded;
    }

    @Override
    public String completeMultipartUpload(MultipartUpload upload, List<MultipartPart> parts) {
        String etag = super.completeMultipartUpload(upload, parts);
        traffic.uploadCompleted();
        return etag;
    }

    @Override
    public void abortMultipartUpload(MultipartUpload upload) {
        super.abortMultipartUpload(upload);
        traffic.uploadAborted();
    }

    /**
     * Adds every byte read through it to a counter: S3Proxy copies the payload to the response as
     * it reads it, so this is what was sent (at most one copy buffer more, when a client hangs up).
     */
    private static final class CountingStream extends FilterInputStream {
        private final AtomicLong bytes;
        private final S3Traffic traffic;
        private boolean closed;

        CountingStream(InputStream in, AtomicLong bytes, S3Traffic traffic) {
            super(in);
            this.bytes = bytes;
            this.traffic = traffic;
        }

        /** The GET ends when S3Proxy is done with its body (sent it, or the client went away). */
        @Override
        public void close() throws IOException {
            if (!closed) {
                closed = true;
                traffic.getEnded();
            }
            super.close();
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                bytes.incrementAndGet();
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                bytes.addAndGet(n);
            }
            return n;
        }
    }
}
