package io.pqx.sink.file;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the open files of one sink subtask share to encode row groups: a bounded pool that encodes
 * and compresses columns ({@code sink.encoding.threads}), one thread that writes finished row
 * groups to their files in order, the permits bounding sealed row groups in flight ({@code
 * sink.encoding.max-in-flight}) and the raw slices of streaming files in flight ({@link
 * SlicePool}, {@value #SLICES_IN_FLIGHT}). A writer that needs a permit waits for one, so memory
 * stays bounded and backpressure reaches the job.
 *
 * <p>Created by the sink writer, closed with it. Thread-safe.
 */
public final class EncodingResources implements AutoCloseable {
    private final ExecutorService encodePool;
    private final ExecutorService fileWriter;
    /** Raw slices of streaming files being encoded at once, for the whole subtask. */
    static final int SLICES_IN_FLIGHT = 8;

    private final Semaphore permits;
    private final SlicePool slices = new SlicePool(SLICES_IN_FLIGHT);

    public EncodingResources(int encodingThreads, int maxInFlight, String name) {
        if (encodingThreads < 1 || maxInFlight < 1) {
            throw new IllegalArgumentException(
                    "Cannot create encoding resources: threads "
                            + encodingThreads
                            + " and in-flight "
                            + maxInFlight
                            + " must be >= 1");
        }
        this.encodePool = Executors.newFixedThreadPool(encodingThreads, daemon(name + "-encode"));
        this.fileWriter = Executors.newSingleThreadExecutor(daemon(name + "-file-writer"));
        this.permits = new Semaphore(maxInFlight);
    }

    /** Encodes columns; bounded. */
    public ExecutorService encodePool() {
        return encodePool;
    }

    /** The one thread that writes encoded row groups to files. */
    public ExecutorService fileWriter() {
        return fileWriter;
    }

    /** Permits for sealed row groups in flight. */
    public Semaphore permits() {
        return permits;
    }

    /** The raw slices of the subtask's streaming files. */
    SlicePool slices() {
        return slices;
    }

    /** Stops the threads; tasks still queued are dropped (their files are being discarded). */
    @Override
    public void close() {
        encodePool.shutdownNow();
        fileWriter.shutdownNow();
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
