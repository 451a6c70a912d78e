package io.pqx.format;

import io.pqx.format.encode.EncodingContext;
import java.util.concurrent.Executor;
import org.apache.flink.annotation.PublicEvolving;

/**
 * What the {@link ParquetWriter}s of many open files share to encode and write their row groups:
 * the threads that encode columns, the thread that writes finished row groups to their files, and
 * the bounds on work in flight across all those files: raw row slices being encoded, and finished
 * row groups not yet written. A writer that needs a slot waits for one (backpressure), so memory
 * stays bounded however many files are open. A file's bytes never depend on the pool: the same rows
 * give the same file on the calling thread and on any number of threads.
 *
 * <p>Thread-safe. {@link #close()} stops the threads a pool made ({@link #threads}); it does not
 * shut down an executor passed to {@link #using}. Close a pool only once no writer uses it.
 */
@PublicEvolving
public final class EncodingPool implements AutoCloseable {
    private static final EncodingPool CALLER_RUNS =
            new EncodingPool(EncodingContext.using(EncodingContext.CALLER_RUNS, Integer.MAX_VALUE));

    private final EncodingContext context;

    private EncodingPool(EncodingContext context) {
        this.context = context;
    }

    /** Encodes and writes on the thread that calls the writer; nothing is bounded or waited for. */
    public static EncodingPool callerRuns() {
        return CALLER_RUNS;
    }

    /**
     * Encodes columns on {@code executor}, at most {@code maxSlicesInFlight} slices of rows (a few
     * thousand rows each) at once across the writers sharing the pool; each writer writes its
     * finished row groups on its own thread.
     */
    public static EncodingPool using(Executor executor, int maxSlicesInFlight) {
        return new EncodingPool(EncodingContext.using(executor, maxSlicesInFlight));
    }

    /**
     * A pool of its own threads: {@code encodingThreads} encode columns, one writes finished row
     * groups to their files (in order per file), so a writer's thread only shreds rows. At most
     * {@code maxSlicesInFlight} slices are being encoded and {@code maxRowGroupsInFlight} finished
     * row groups wait to be written, across all writers of the pool.
     *
     * @param threadName prefix of the threads' names
     * @throws IllegalArgumentException if a count is below 1
     */
    public static EncodingPool threads(
            int encodingThreads,
            int maxSlicesInFlight,
            int maxRowGroupsInFlight,
            String threadName) {
        return new EncodingPool(
                EncodingContext.threads(
                        encodingThreads, maxSlicesInFlight, maxRowGroupsInFlight, threadName));
    }

    EncodingContext context() {
        return context;
    }

    /** Stops the threads this pool made; tasks still queued are dropped. */
    @Override
    public void close() {
        context.close();
    }
}
