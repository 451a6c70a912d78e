package io.pqx.sink.file;

import io.pqx.format.encode.RowGroupBuffer;
import io.pqx.format.schema.ParquetSchema;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The raw row slices of one sink subtask's streaming files ({@link StreamingRowGroupCutter}), bounded
 * for the subtask as a whole rather than per file: at most {@code maxInFlight} slices are being
 * encoded at once across all its open files (a file that wants to feed one more waits, so
 * backpressure reaches the job), and at most as many emptied slices are kept for reuse. Each open
 * file also fills one slice of its own. So a subtask with many open partition files holds at most
 * {@code 2 x maxInFlight} slices besides the ones being filled, whatever the number of files.
 *
 * <p>Thread-safe: the task thread takes slices and permits, encoding threads hand slices back.
 */
final class SlicePool {
    private final Semaphore inFlight;
    private final int maxFree;
    private final ConcurrentLinkedDeque<RowGroupBuffer> free = new ConcurrentLinkedDeque<>();
    private final AtomicInteger freeCount = new AtomicInteger();

    SlicePool(int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException(
                    "Cannot pool slices: " + maxInFlight + " in flight must be >= 1");
        }
        this.inFlight = new Semaphore(maxInFlight);
        this.maxFree = maxInFlight;
    }

    /**
     * An empty slice for a file of {@code schema}, naming {@code location} in its error messages: a
     * kept one when there is one of the same schema object (the files of a subtask share theirs),
     * else a new one.
     */
    RowGroupBuffer take(ParquetSchema schema, String location) {
        RowGroupBuffer slice;
        while ((slice = free.poll()) != null) {
            freeCount.decrementAndGet();
            if (slice.schema() == schema) {
                slice.relocate(location);
                return slice;
            }
        }
        return new RowGroupBuffer(schema, location);
    }

    /** Takes a permit to feed one slice to the encoders; waits while all are in use. */
    void acquireFeed() throws InterruptedException {
        inFlight.acquire();
    }

    /** Gives back a permit taken by {@link #acquireFeed()} for a feed that did not start. */
    void cancelFeed() {
        inFlight.release();
    }

    /**
     * A fed slice was consumed by every column (or its encoding failed): its permit is given back,
     * and the slice is kept for reuse when there is room.
     */
    void consumed(RowGroupBuffer slice) {
        try {
            recycle(slice);
        } finally {
            inFlight.release();
        }
    }

    /** Keeps a slice that is no longer used (fed or not) for reuse when there is room. */
    void recycle(RowGroupBuffer slice) {
        if (freeCount.incrementAndGet() <= maxFree) {
            slice.reset();
            free.add(slice);
        } else {
            freeCount.decrementAndGet();
        }
    }

    /** Permits not taken now: for tests and diagnostics. */
    int availableFeeds() {
        return inFlight.availablePermits();
    }

    /** Slices kept for reuse now: for tests and diagnostics. */
    int keptSlices() {
        return freeCount.get();
    }
}
