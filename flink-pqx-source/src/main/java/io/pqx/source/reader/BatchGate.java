package io.pqx.source.reader;

import java.io.InterruptedIOException;

/**
 * The hand-over of decoded batches between the fetcher thread and the task thread. The format
 * reuses its batch objects, and the emitted rows point into the batch, so the fetcher may have at
 * most {@code limit} batches out at once: with one buffer (limit 1) it touches its batch iterator
 * again only after the task thread has emitted every row of the batch and recycled it; with the
 * format's two alternating buffers (limit 2) it decodes the next batch while the previous one is
 * emitted, and waits before a third. Rows are never copied, and an emitted row stays valid while
 * the downstream operators of the chain process it.
 */
final class BatchGate {
    private final int limit;
    private int inUse;
    private boolean wakeUp;
    private boolean signalled; // a wake-up not yet taken by awaitSignal

    /**
     * @param limit batches out at once: 1, or 2 when the reader decodes into two alternating
     *     buffers
     */
    BatchGate(int limit) {
        if (limit < 1 || limit > 2) {
            throw new IllegalArgumentException(
                    "Cannot gate batches: " + limit + " in flight (1 or 2)");
        }
        this.limit = limit;
    }

    /** Fetcher: waits until fewer than {@code limit} batches are out; false when woken up first. */
    synchronized boolean awaitFree() throws InterruptedIOException {
        while (inUse >= limit && !wakeUp) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted waiting for a batch to be emitted");
            }
        }
        wakeUp = false;
        return inUse < limit;
    }

    /** Fetcher: a batch was handed out. */
    synchronized void take() {
        inUse++;
    }

    /**
     * Task thread: every row of a batch was emitted (batches are recycled in the order handed out).
     */
    synchronized void release() {
        inUse--;
        notifyAll();
    }

    /**
     * Fetcher: waits for a {@link #wakeUp} since the last call returned (one that came earlier
     * counts: a wake-up is never lost, at worst one is taken for a later wait).
     */
    synchronized void awaitSignal() throws InterruptedIOException {
        while (!signalled) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted waiting for a split to be resumed");
            }
        }
        signalled = false;
    }

    /** Any thread: makes a waiting {@link #awaitFree} or {@link #awaitSignal} return. */
    synchronized void wakeUp() {
        wakeUp = true;
        signalled = true;
        notifyAll();
    }
}
