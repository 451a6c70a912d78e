package io.pqx.format.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.annotation.Internal;

/**
 * Runs a batch of independent reads with bounded parallelism on one pool of daemon threads shared
 * by the whole JVM (no thread per file; idle threads end after 30 s): the calling thread takes part
 * and helpers from the pool take reads from the same queue, so a batch never waits for a pool
 * thread that has not started (the caller reads what nobody took) and batches started from pool
 * threads (a read-ahead) cannot deadlock the pool. Returns when every read taken has finished; the
 * first failure is thrown after that, and reads not yet taken then are skipped.
 */
@Internal
public final class ConcurrentReads {
    /** Pool threads at most, for all files of the JVM together. */
    static final int MAX_THREADS = 32;

    private static final ThreadPoolExecutor POOL = newPool();

    private ConcurrentReads() {}

    /** One read of a batch. */
    @FunctionalInterface
    public interface Read {
        void run() throws IOException;
    }

    /**
     * Runs {@code reads}, at most {@code parallelism} at a time (the caller counts as one).
     *
     * @throws IOException the first read's failure as it was thrown (others are added to it as
     *     suppressed); an unchecked one is rethrown as it is
     */
    public static void run(List<Read> reads, int parallelism) throws IOException {
        int helpers = Math.min(parallelism, reads.size()) - 1;
        if (helpers <= 0) {
            for (Read read : reads) {
                read.run();
            }
            return;
        }
        Batch batch = new Batch(reads);
        for (int i = 0; i < helpers; i++) {
            POOL.execute(batch::work);
        }
        batch.work();
        try {
            batch.done.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            batch.failure.compareAndSet(
                    null, new InterruptedIOException("interrupted while reading ranges"));
            // reads still running finish into buffers nobody reads
        }
        Throwable failure = batch.failure.get();
        if (failure instanceof IOException io) {
            throw io;
        } else if (failure instanceof RuntimeException runtime) {
            throw runtime;
        } else if (failure != null) {
            throw (Error) failure;
        }
    }

    /**
     * Starts {@code reads}, at most {@code parallelism} at a time (the caller counts as one), as
     * {@link #run} does, but returns as soon as no read is left to take: the reads helpers took may
     * still be running. Every read runs (none is skipped): each must report its own outcome and
     * completion, and must not throw.
     */
    public static void start(List<Runnable> reads, int parallelism) {
        int helpers = Math.min(parallelism, reads.size()) - 1;
        AtomicInteger next = new AtomicInteger();
        Runnable work =
                () -> {
                    for (int i; (i = next.getAndIncrement()) < reads.size(); ) {
                        reads.get(i).run();
                    }
                };
        for (int i = 0; i < helpers; i++) {
            POOL.execute(work);
        }
        work.run();
    }

    /**
     * Runs {@code task} on the pool, in the background (a read-ahead). The task must not wait for
     * another task of the pool that it did not start itself through {@link #run}.
     */
    public static void submit(Runnable task) {
        POOL.execute(task);
    }

    /** Threads of the pool alive now; for tests. */
    static int poolThreads() {
        return POOL.getPoolSize();
    }

    private static final class Batch {
        final List<Read> reads;
        final AtomicInteger next = new AtomicInteger();
        final CountDownLatch done;
        final AtomicReference<Throwable> failure = new AtomicReference<>();

        Batch(List<Read> reads) {
            this.reads = reads;
            this.done = new CountDownLatch(reads.size());
        }

        void work() {
            for (int i; (i = next.getAndIncrement()) < reads.size(); ) {
                try {
                    if (failure.get() == null) {
                        reads.get(i).run();
                    }
                } catch (Throwable e) {
                    if (!failure.compareAndSet(null, e) && failure.get() != e) {
                        failure.get().addSuppressed(e);
                    }
                } finally {
                    done.countDown();
                }
            }
        }
    }

    private static ThreadPoolExecutor newPool() {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory threads =
                r -> {
                    Thread t = new Thread(r, "pqx-range-read-" + count.incrementAndGet());
                    t.setDaemon(true);
                    // A new thread inherits its creator's context class loader: a job's user
                    // class loader when a task started it. The pool outlives that job, and file
                    // system clients (Flink's S3 plugins) look classes up through the context
                    // loader, so a later job's read would touch the closed loader (and keep it
                    // alive). The pool's own loader lives as long as the pool.
                    t.setContextClassLoader(ConcurrentReads.class.getClassLoader());
                    return t;
                };
        ThreadPoolExecutor pool =
                new ThreadPoolExecutor(
                        MAX_THREADS,
                        MAX_THREADS,
                        30,
                        TimeUnit.SECONDS,
                        new LinkedBlockingQueue<>(),
                        threads);
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
