package io.pqx.sink.file;

import io.pqx.format.encode.EncodedRowGroup;
import io.pqx.format.encode.FileAssembler;
import io.pqx.format.encode.RowGroupBuffer;
import io.pqx.format.encode.RowGroupEncoder;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.schema.ParquetSchema;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The sealed row groups of one file on their way to it: each is encoded column by column on the
 * shared pool while the next one fills (or, streamed, has been encoded while it filled), then written by the shared file-writer thread, strictly in
 * the order they were sealed (each write waits for the previous one). A sealed group holds one
 * in-flight permit from seal until written; its buffer then returns to this file's free list.
 *
 * <p>The task thread calls {@link #submit}, {@link #newBuffer} and {@link #drain}; the file-writer
 * thread calls the assembler. A failure of any group fails every later one and is rethrown by the
 * next {@link #submit} or {@link #drain}. The bytes do not depend on the number of threads: every
 * chunk depends on its own column only, and the order is fixed.
 */
final class RowGroupPipeline {
    private final ParquetSchema schema;
    private final String location;
    private final RowGroupEncoder encoder;
    private final FileAssembler assembler;
    private final PositionOutputStream out;
    private final EncodingResources resources;
    private final ConcurrentLinkedDeque<RowGroupBuffer> freeBuffers = new ConcurrentLinkedDeque<>();
    private final AtomicLong writtenBytes = new AtomicLong();
    private CompletableFuture<Void> tail = CompletableFuture.completedFuture(null);

    RowGroupPipeline(
            ParquetSchema schema,
            String location,
            RowGroupEncoder encoder,
            FileAssembler assembler,
            PositionOutputStream out,
            EncodingResources resources) {
        this.schema = schema;
        this.location = location;
        this.encoder = encoder;
        this.assembler = assembler;
        this.out = out;
        this.resources = resources;
    }

    /** An empty buffer, reused from a written group when one is free. */
    RowGroupBuffer newBuffer() {
        RowGroupBuffer buffer = freeBuffers.poll();
        return buffer != null ? buffer : new RowGroupBuffer(schema, location);
    }

    /**
     * Hands a sealed, non-empty buffer over; waits for an in-flight permit first.
     *
     * @throws IOException if an earlier group failed
     */
    void submit(RowGroupBuffer sealed) throws IOException, InterruptedException {
        submit(
                () -> encoder.encodeAsync(sealed, resources.encodePool()),
                () -> {
                    sealed.reset();
                    freeBuffers.add(sealed);
                });
    }

    /**
     * Hands over a row group whose encoding {@code start} begins (or has begun, incrementally);
     * waits for an in-flight permit first. {@code afterWrite} runs once the group is written or
     * has failed.
     *
     * @throws IOException if an earlier group failed
     */
    void submit(Supplier<CompletableFuture<EncodedRowGroup>> start, Runnable afterWrite)
            throws IOException, InterruptedException {
        rethrowFailure();
        resources.permits().acquire();
        CompletableFuture<EncodedRowGroup> encoded;
        try {
            encoded = start.get();
        } catch (RuntimeException e) {
            resources.permits().release();
            throw e;
        }
        CompletableFuture<Void> previous = tail;
        tail =
                CompletableFuture.allOf(previous, encoded)
                        .thenRunAsync(() -> write(encoded.join()), resources.fileWriter())
                        .whenComplete(
                                (ignored, failure) -> {
                                    afterWrite.run();
                                    resources.permits().release();
                                });
    }

    /** Waits until every submitted group is written. */
    void drain() throws IOException, InterruptedException {
        try {
            tail.get();
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        }
    }

    /** Waits for the groups in flight, ignoring their failures, so their permits come back. */
    void abandon() {
        try {
            tail.handle((v, e) -> null).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // handle() never completes exceptionally
        }
    }

    /** Bytes written to the file so far (updated by the file-writer thread). */
    long writtenBytes() {
        return writtenBytes.get();
    }

    private void write(EncodedRowGroup group) {
        try {
            assembler.writeRowGroup(group);
            writtenBytes.set(out.position());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void rethrowFailure() throws IOException {
        if (tail.isCompletedExceptionally()) {
            try {
                tail.join();
            } catch (CompletionException e) {
                throw unwrap(e.getCause());
            }
        }
    }

    /** The failure as the IOException the task thread throws, naming the file. */
    IOException unwrap(Throwable cause) {
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof UncheckedIOException u) {
            cause = u.getCause();
        }
        if (cause instanceof IOException io) {
            // e.g. a full disk: say which file could not be written.
            return new IOException("Cannot write " + location + ": " + io.getMessage(), io);
        }
        if (cause instanceof java.util.concurrent.CancellationException) {
            return new InterruptedIOException("Cannot write " + location + ": encoding stopped");
        }
        return new IOException("Cannot write " + location + ": " + cause, cause);
    }
}
