package io.pqx.bench.source;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.concurrent.ExecutorThreadFactory;

/**
 * A split enumerator's context as Flink's source coordinator gives it, without a job: a coordinator
 * thread (every enumerator call and every {@code callAsync} handler) and one worker thread (the
 * {@code callAsync} work), as in Flink. Its readers take each split at once and ask for the next
 * while fewer than {@link #handOutUpTo} splits have been handed out, so the enumerator's own time
 * is measured, not reading. Periodic calls are not scheduled: {@link #runPeriodicOnce} runs them
 * once, measured. Records when the first split was assigned and when every reader was told there
 * are no more. For the benchmark's main thread; the context's own state is thread-safe.
 *
 * @param <S> the split type
 */
final class InProcessEnumeratorContext<S extends SourceSplit>
        implements SplitEnumeratorContext<S>, AutoCloseable {
    private record Periodic<T>(Callable<T> callable, BiConsumer<T, Throwable> handler) {}

    private final int parallelism;
    private final Map<Integer, ReaderInfo> readers = new LinkedHashMap<>();
    private final ExecutorService coordinator =
            Executors.newSingleThreadExecutor(new ExecutorThreadFactory("bench-coordinator"));
    private final ExecutorService worker =
            Executors.newSingleThreadExecutor(new ExecutorThreadFactory("bench-worker"));
    private final AtomicInteger outstanding = new AtomicInteger();
    private final List<Periodic<?>> periodic = new ArrayList<>();
    private final Set<Integer> awaiting = ConcurrentHashMap.newKeySet();
    private final Set<Integer> noMoreSplits = ConcurrentHashMap.newKeySet();
    private final AtomicLong assigned = new AtomicLong();
    private volatile SplitEnumerator<S, ?> enumerator;
    private volatile Throwable failure;
    private volatile long firstAssignedNanos;
    private volatile long allToldNanos;

    /** Readers ask again after a split while fewer than this many have been handed out. */
    volatile long handOutUpTo = Long.MAX_VALUE;

    InProcessEnumeratorContext(int parallelism) {
        this.parallelism = parallelism;
        for (int i = 0; i < parallelism; i++) {
            readers.put(i, new ReaderInfo(i, "localhost"));
        }
    }

    /** Starts {@code e} on the coordinator thread; every reader asks for a split. */
    void start(SplitEnumerator<S, ?> e) throws Exception {
        this.enumerator = e;
        coordinator
                .submit(
                        () -> {
                            e.start();
                            for (int r : readers.keySet()) {
                                request(r);
                            }
                        })
                .get();
    }

    /** Every reader that is not waiting for a split asks for one. */
    void resume() throws Exception {
        coordinator
                .submit(
                        () -> {
                            for (int r : readers.keySet()) {
                                if (!awaiting.contains(r) && !noMoreSplits.contains(r)) {
                                    request(r);
                                }
                            }
                        })
                .get();
    }

    private void request(int reader) {
        awaiting.add(reader);
        enumerator.handleSplitRequest(reader, null);
    }

    /** Waits until no async work is outstanding and the coordinator has nothing queued. */
    void awaitIdle() throws Exception {
        int quiet = 0;
        while (quiet < 3) {
            checkFailure();
            Thread.sleep(20);
            long before = assigned.get();
            coordinator.submit(() -> {}).get();
            quiet = outstanding.get() == 0 && assigned.get() == before ? quiet + 1 : 0;
        }
        checkFailure();
    }

    /** Waits until every reader has been told there are no more splits. */
    void awaitEnd(long timeoutMillis) throws Exception {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (noMoreSplits.size() < parallelism) {
            checkFailure();
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException(
                        "The enumerator did not end within "
                                + timeoutMillis
                                + " ms: "
                                + assigned.get()
                                + " splits handed out");
            }
            Thread.sleep(5);
        }
    }

    /** Runs {@code action} on the coordinator thread and returns its result. */
    <T> T onCoordinator(Callable<T> action) throws Exception {
        return coordinator.submit(action).get();
    }

    /**
     * Runs every periodic call once: its work on the calling thread, then its handler on the
     * coordinator thread. Returns {wall ns, CPU ns, bytes allocated} of work and handler together.
     */
    long[] runPeriodicOnce() throws Exception {
        var threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long wall = 0;
        long cpu = 0;
        long allocated = 0;
        for (Periodic<?> p : periodic) {
            long[] figures = runMeasured(p, threads);
            wall += figures[0];
            cpu += figures[1];
            allocated += figures[2];
        }
        checkFailure();
        return new long[] {wall, cpu, allocated};
    }

    private <T> long[] runMeasured(Periodic<T> p, ThreadMXBean threads) throws Exception {
        long start = System.nanoTime();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long alloc0 = threads.getCurrentThreadAllocatedBytes();
        T result = null;
        Throwable error = null;
        try {
            result = p.callable().call();
        } catch (Throwable t) {
            error = t;
        }
        long cpu = threads.getCurrentThreadCpuTime() - cpu0;
        long allocated = threads.getCurrentThreadAllocatedBytes() - alloc0;
        T r = result;
        Throwable e = error;
        long[] handler =
                coordinator
                        .submit(
                                () -> {
                                    long c0 = threads.getCurrentThreadCpuTime();
                                    long a0 = threads.getCurrentThreadAllocatedBytes();
                                    p.handler().accept(r, e);
                                    return new long[] {
                                        threads.getCurrentThreadCpuTime() - c0,
                                        threads.getCurrentThreadAllocatedBytes() - a0
                                    };
                                })
                        .get();
        return new long[] {System.nanoTime() - start, cpu + handler[0], allocated + handler[1]};
    }

    long assigned() {
        return assigned.get();
    }

    /** When the first split was assigned, System.nanoTime(); 0 before. */
    long firstAssignedNanos() {
        return firstAssignedNanos;
    }

    /** When the last reader was told there are no more splits, System.nanoTime(); 0 before. */
    long allToldNanos() {
        return allToldNanos;
    }

    private void checkFailure() {
        if (failure != null) {
            throw new IllegalStateException("The enumerator failed: " + failure, failure);
        }
    }

    @Override
    public SplitEnumeratorMetricGroup metricGroup() {
        return UnregisteredMetricsGroup.createSplitEnumeratorMetricGroup();
    }

    @Override
    public void sendEventToSourceReader(int subtaskId, SourceEvent event) {}

    @Override
    public int currentParallelism() {
        return parallelism;
    }

    @Override
    public Map<Integer, ReaderInfo> registeredReaders() {
        return readers;
    }

    /** Coordinator thread (the enumerator assigns there). */
    @Override
    public void assignSplits(SplitsAssignment<S> assignment) {
        assignment
                .assignment()
                .forEach(
                        (reader, splits) -> {
                            if (firstAssignedNanos == 0) {
                                firstAssignedNanos = System.nanoTime();
                            }
                            long total = assigned.addAndGet(splits.size());
                            awaiting.remove(reader);
                            if (total < handOutUpTo) {
                                // asks again after this call returns, as a reader's request does
                                coordinator.execute(() -> guarded(() -> request(reader)));
                            }
                        });
    }

    @Override
    public void signalNoMoreSplits(int subtask) {
        awaiting.remove(subtask);
        noMoreSplits.add(subtask);
        if (noMoreSplits.size() == parallelism) {
            allToldNanos = System.nanoTime();
        }
    }

    @Override
    public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
        outstanding.incrementAndGet();
        worker.execute(
                () -> {
                    T result = null;
                    Throwable error = null;
                    try {
                        result = callable.call();
                    } catch (Throwable t) {
                        error = t;
                    }
                    T r = result;
                    Throwable e = error;
                    coordinator.execute(
                            () -> {
                                try {
                                    guarded(() -> handler.accept(r, e));
                                } finally {
                                    outstanding.decrementAndGet();
                                }
                            });
                });
    }

    @Override
    public <T> void callAsync(
            Callable<T> callable,
            BiConsumer<T, Throwable> handler,
            long initialDelay,
            long period) {
        periodic.add(new Periodic<>(callable, handler));
    }

    @Override
    public void runInCoordinatorThread(Runnable runnable) {
        coordinator.execute(() -> guarded(runnable));
    }

    private void guarded(Runnable action) {
        try {
            action.run();
        } catch (Throwable t) {
            failure = t;
        }
    }

    @Override
    public void close() throws Exception {
        if (enumerator != null) {
            coordinator
                    .submit(
                            () -> {
                                enumerator.close();
                                return null;
                            })
                    .get();
        }
        coordinator.shutdownNow();
        worker.shutdownNow();
        worker.awaitTermination(10, TimeUnit.SECONDS);
    }
}
