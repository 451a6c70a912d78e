package io.pqx.format.encode;

import io.pqx.format.schema.ParquetSchema;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * What the {@link StreamingRowGroupWriter}s of many open files share: the executor that encodes
 * columns, the executor that writes finished row groups to their streams (none: the writer's own
 * thread writes them), the permits bounding raw slices being encoded and finished row groups not
 * yet written, across all files, and the emptied slices kept for reuse. A writer that needs a
 * permit waits for one, so memory stays bounded and backpressure reaches the caller.
 *
 * <p>Thread-safe. {@link #close()} stops the threads it created; executors given to it are the
 * caller's.
 */
@Internal
public final class EncodingContext implements AutoCloseable {
    /** Runs each task on the calling thread. */
    public static final Executor CALLER_RUNS = Runnable::run;

    /** Emptied slices kept for reuse at most, however many may be in flight. */
    private static final int MAX_KEPT_SLICES = 64;

    private final Executor encoder;
    @Nullable private final Executor fileWriter;
    private final Semaphore slicePermits;
    @Nullable private final Semaphore groupPermits;
    private final int maxKeptSlices;
    private final ConcurrentLinkedDeque<RowGroupBuffer> kept = new ConcurrentLinkedDeque<>();
    private final AtomicInteger keptCount = new AtomicInteger();
    @Nullable private final ExecutorService ownedEncoder;
    @Nullable private final ExecutorService ownedFileWriter;

    private EncodingContext(
            Executor encoder,
            @Nullable Executor fileWriter,
            int maxSlices,
            int maxGroups,
            @Nullable ExecutorService ownedEncoder,
            @Nullable ExecutorService ownedFileWriter) {
        if (maxSlices < 1 || maxGroups < 1) {
            throw new IllegalArgumentException(
                    "Cannot share encoding: "
                            + maxSlices
                            + " slices and "
                            + maxGroups
                            + " row groups in flight must be >= 1");
        }
        this.encoder = encoder;
        this.fileWriter = fileWriter;
        this.slicePermits = new Semaphore(maxSlices);
        this.groupPermits = fileWriter == null ? null : new Semaphore(maxGroups);
        this.maxKeptSlices = Math.min(maxSlices, MAX_KEPT_SLICES);
        this.ownedEncoder = ownedEncoder;
        this.ownedFileWriter = ownedFileWriter;
    }

    /** Encodes on {@code executor} and writes on each writer's own thread. */
    public static EncodingContext using(Executor executor, int maxSlicesInFlight) {
        return new EncodingContext(executor, null, maxSlicesInFlight, 1, null, null);
    }

    /**
     * Owns {@code encodingThreads} daemon threads that encode and one that writes finished row
     * groups to their files, in order per file.
     */
    public static EncodingContext threads(
            int encodingThreads, int maxSlicesInFlight, int maxRowGroupsInFlight, String name) {
        if (encodingThreads < 1) {
            throw new IllegalArgumentException(
                    "Cannot share encoding: " + encodingThreads + " threads must be >= 1");
        }
        ExecutorService encode =
                Executors.newFixedThreadPool(encodingThreads, daemon(name + "-encode"));
        ExecutorService write = Executors.newSingleThreadExecutor(daemon(name + "-file-writer"));
        return new EncodingContext(
                encode, write, maxSlicesInFlight, maxRowGroupsInFlight, encode, write);
    }

    Executor encoder() {
        return encoder;
    }

    /** The executor writing row groups, or null when each writer writes its own. */
    @Nullable
    Executor fileWriter() {
        return fileWriter;
    }

    void acquireSlice() throws InterruptedException {
        slicePermits.acquire();
    }

    void releaseSlice() {
        slicePermits.release();
    }

    void acquireGroup() throws InterruptedException {
        if (groupPermits != null) {
            groupPermits.acquire();
        }
    }

    void releaseGroup() {
        if (groupPermits != null) {
            groupPermits.release();
        }
    }

    /**
     * An empty slice for {@code schema}, naming {@code location} in its messages: a kept one of an
     * equal schema when there is one, else a new one.
     */
    RowGroupBuffer takeSlice(ParquetSchema schema, String location) {
        RowGroupBuffer slice;
        while ((slice = kept.poll()) != null) {
            keptCount.decrementAndGet();
            if (slice.schema() == schema || slice.schema().equals(schema)) {
                slice.relocate(location);
                return slice;
            }
        }
        return new RowGroupBuffer(schema, location);
    }

    /**
     * Keeps a slice nobody uses any more for reuse, when fewer than the in-flight bound are kept.
     */
    void recycle(RowGroupBuffer slice) {
        if (keptCount.incrementAndGet() <= maxKeptSlices) {
            slice.reset();
            kept.add(slice);
        } else {
            keptCount.decrementAndGet();
        }
    }

    /** Slice permits not taken now: for tests and diagnostics. */
    int availableSlices() {
        return slicePermits.availablePermits();
    }

    /** Slices kept for reuse now: for tests and diagnostics. */
    int keptSlices() {
        return keptCount.get();
    }

    /** Stops the threads this context created; queued tasks are dropped. */
    @Override
    public void close() {
        if (ownedEncoder != null) {
            ownedEncoder.shutdownNow();
        }
        if (ownedFileWriter != null) {
            ownedFileWriter.shutdownNow();
        }
    }

    private static ThreadFactory daemon(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread t = new Thread(runnable, prefix + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
