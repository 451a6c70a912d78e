package io.pqx.source.reader;

/**
 * The hand-over of the one decoded batch between the fetcher thread and the task thread. The
 * format reuses its batch objects (the next {@code hasNext()} overwrites the batch), and the
 * emitted rows point into the batch, so the fetcher may touch its batch iterator again only after
 * the task thread has emitted every row of the batch and recycled it: rows are never copied, and
 * an emitted row stays valid while the downstream operators of the chain process it.
 */
final class BatchGate {
    private boolean inUse;
    private boolean wakeUp;

    /** Fetcher: waits until the last batch is recycled; false when woken up first. */
    synchronized boolean awaitFree() throws java.io.InterruptedIOException {
        while (inUse && !wakeUp) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted waiting for a batch to be emitted");
            }
        }
        wakeUp = false;
        return !inUse;
    }

    /** Fetcher: a batch was handed out. */
    synchronized void take() {
        inUse = true;
    }

    /** Task thread: every row of the batch was emitted. */
    synchronized void release() {
        inUse = false;
        notifyAll();
    }

    /** Any thread: makes a waiting {@link #awaitFree} return. */
    synchronized void wakeUp() {
        wakeUp = true;
        notifyAll();
    }
}
