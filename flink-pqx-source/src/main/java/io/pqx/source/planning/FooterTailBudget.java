package io.pqx.source.planning;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.ThreadSafeSimpleCounter;

/**
 * The bound on the footer tails the enumerator holds: the bytes of the tails attached to planned
 * splits not yet sent to a reader (planning reserves a tail's bytes before attaching it, and a tail
 * that does not fit is not kept: its split's reader reads the footer itself). A tail's bytes are
 * released once its split was sent, was dropped, or its file gave no split. Counts the tails sent
 * ({@value #TAILS_SHIPPED}) and shows the bytes held ({@value #TAIL_BYTES_HELD}) in the
 * enumerator's metric group. Thread-safe: planning reserves on the worker thread, the coordinator
 * thread releases.
 */
@Internal
public final class FooterTailBudget {
    /** Footer tails sent to readers with a split. */
    public static final String TAILS_SHIPPED = "pqxFooterTailsShipped";

    /** Bytes of the footer tails held for splits not yet sent. */
    public static final String TAIL_BYTES_HELD = "pqxFooterTailBytesHeld";

    private final long maxBytes;
    private final AtomicLong held = new AtomicLong();
    private final Counter shipped;

    private FooterTailBudget(long maxBytes, Counter shipped) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException(
                    "Cannot bound the footer tails held by " + maxBytes + " bytes");
        }
        this.maxBytes = maxBytes;
        this.shipped = shipped;
    }

    /** A budget of {@code maxBytes}, its metrics registered in {@code group}. */
    public static FooterTailBudget register(long maxBytes, MetricGroup group) {
        FooterTailBudget budget = new FooterTailBudget(maxBytes, group.counter(TAILS_SHIPPED));
        group.gauge(TAIL_BYTES_HELD, (Gauge<Long>) budget::heldBytes);
        return budget;
    }

    /** A budget of {@code maxBytes} whose metrics are registered nowhere (tests). */
    public static FooterTailBudget unregistered(long maxBytes) {
        return new FooterTailBudget(maxBytes, new ThreadSafeSimpleCounter());
    }

    /** Reserves {@code bytes} if they fit in what is left; whether they did. */
    public boolean tryReserve(int bytes) {
        while (true) {
            long now = held.get();
            if (now + bytes > maxBytes) {
                return false;
            }
            if (held.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    /** Releases {@code bytes} reserved before. */
    public void release(long bytes) {
        held.addAndGet(-bytes);
    }

    /** Releases the {@code bytes} of a tail sent with its split, and counts it. */
    public void shipped(long bytes) {
        release(bytes);
        shipped.inc();
    }

    /** Bytes reserved and not released. */
    public long heldBytes() {
        return held.get();
    }

    /** Tails counted as sent. */
    public long tailsShipped() {
        return shipped.getCount();
    }
}
