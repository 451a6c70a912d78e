package io.pqx.source.enumerator;

import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

/**
 * An enumerator context run by hand: {@link #runAsync()} runs the recorded {@code callAsync} work
 * and its handlers on the calling thread (one-shot calls once, periodic calls on every run), and it
 * records the splits assigned, the readers told there are no more and the events sent to readers.
 */
final class TestingEnumeratorContext implements SplitEnumeratorContext<RowGroupSplit> {
    private record Call<T>(
            Callable<T> callable, BiConsumer<T, Throwable> handler, boolean periodic) {
        void run() {
            prepare().run();
        }

        /** Runs the work now; the returned handler call delivers its outcome. */
        Runnable prepare() {
            T result = null;
            Throwable error = null;
            try {
                result = callable.call();
            } catch (Throwable t) {
                error = t;
            }
            T r = result;
            Throwable e = error;
            return () -> handler.accept(r, e);
        }
    }

    private final int parallelism;
    private final Map<Integer, ReaderInfo> readers = new LinkedHashMap<>();
    private final List<Call<?>> calls = new ArrayList<>();
    final Map<Integer, List<RowGroupSplit>> assigned = new LinkedHashMap<>();

    /** Every split assigned, to whichever reader, in the order of assignment. */
    final List<RowGroupSplit> assignedInOrder = new ArrayList<>();

    /** Told each split as it is assigned, before it is recorded (checks of the moment). */
    Consumer<RowGroupSplit> onAssign = split -> {};

    /**
     * The splits assigned as the enumerator passed them, by reader: what Flink's record of the
     * splits assigned since the last checkpoint keeps, and gives back when a reader fails.
     */
    final Map<Integer, List<RowGroupSplit>> assignedAsPassed = new LinkedHashMap<>();

    final Set<Integer> noMoreSplits = new TreeSet<>();

    /** The source events sent, by reader. */
    final Map<Integer, List<SourceEvent>> events = new LinkedHashMap<>();

    int periodicCalls;

    TestingEnumeratorContext(int parallelism) {
        this.parallelism = parallelism;
    }

    void registerReader(int subtask) {
        readers.put(subtask, new ReaderInfo(subtask, "localhost"));
    }

    void unregisterReader(int subtask) {
        readers.remove(subtask);
    }

    /** Runs pending one-shot calls and every periodic call once. */
    void runAsync() {
        List<Call<?>> now = new ArrayList<>(calls);
        calls.removeIf(c -> !c.periodic());
        for (Call<?> c : now) {
            c.run();
        }
    }

    /**
     * Runs pending one-shot calls and every periodic call once, running {@code between} after their
     * work and before their handlers (something the coordinator thread did meanwhile).
     */
    void runAsync(Runnable between) {
        List<Call<?>> now = new ArrayList<>(calls);
        calls.removeIf(c -> !c.periodic());
        List<Runnable> handlers = new ArrayList<>();
        for (Call<?> c : now) {
            handlers.add(c.prepare());
        }
        between.run();
        handlers.forEach(Runnable::run);
    }

    /**
     * Runs the work of pending one-shot calls and of every periodic call once, and returns their
     * handlers without running them: work may run again (a periodic listing on the worker thread)
     * before the coordinator thread has handled the last one's outcome.
     */
    List<Runnable> runWorkOnly() {
        List<Call<?>> now = new ArrayList<>(calls);
        calls.removeIf(c -> !c.periodic());
        List<Runnable> handlers = new ArrayList<>();
        for (Call<?> c : now) {
            handlers.add(c.prepare());
        }
        return handlers;
    }

    /**
     * Runs pending one-shot calls and every periodic call once, then the one-shot calls their
     * handlers scheduled (such as the next planning batch), until none is left.
     */
    void runAsyncUntilIdle() {
        runAsync();
        while (calls.stream().anyMatch(c -> !c.periodic())) {
            List<Call<?>> now = new ArrayList<>(calls);
            calls.removeIf(c -> !c.periodic());
            for (Call<?> c : now) {
                if (!c.periodic()) {
                    c.run();
                }
            }
        }
    }

    /** Whether one-shot calls wait to be run. */
    boolean hasOneShotCalls() {
        return calls.stream().anyMatch(c -> !c.periodic());
    }

    List<RowGroupSplit> allAssigned() {
        List<RowGroupSplit> all = new ArrayList<>();
        assigned.values().forEach(all::addAll);
        return all;
    }

    @Override
    public SplitEnumeratorMetricGroup metricGroup() {
        return UnregisteredMetricsGroup.createSplitEnumeratorMetricGroup();
    }

    /** Sends to a reader that is not registered fail, as they do in Flink's context. */
    @Override
    public void sendEventToSourceReader(int subtaskId, SourceEvent event) {
        if (!readers.containsKey(subtaskId)) {
            throw new IllegalStateException("subtask " + subtaskId + " is not registered");
        }
        events.computeIfAbsent(subtaskId, k -> new ArrayList<>()).add(event);
    }

    @Override
    public int currentParallelism() {
        return parallelism;
    }

    @Override
    public Map<Integer, ReaderInfo> registeredReaders() {
        return readers;
    }

    /**
     * Records each split as its reader gets it: serialized as it is assigned and read back, as
     * Flink's {@code AddSplitEvent} does (so a footer tail taken off the split afterwards was
     * sent).
     */
    @Override
    public void assignSplits(SplitsAssignment<RowGroupSplit> assignment) {
        SimpleVersionedSerializer<RowGroupSplit> serializer = RowGroupSplit.serializer();
        assignment
                .assignment()
                .forEach(
                        (subtask, splits) -> {
                            for (RowGroupSplit split : splits) {
                                onAssign.accept(split);
                                RowGroupSplit sent;
                                try {
                                    sent =
                                            serializer.deserialize(
                                                    serializer.getVersion(),
                                                    serializer.serialize(split));
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                                assigned.computeIfAbsent(subtask, k -> new ArrayList<>()).add(sent);
                                assignedInOrder.add(sent);
                                assignedAsPassed
                                        .computeIfAbsent(subtask, k -> new ArrayList<>())
                                        .add(split);
                            }
                        });
    }

    @Override
    public void signalNoMoreSplits(int subtask) {
        noMoreSplits.add(subtask);
    }

    @Override
    public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
        calls.add(new Call<>(callable, handler, false));
    }

    @Override
    public <T> void callAsync(
            Callable<T> callable,
            BiConsumer<T, Throwable> handler,
            long initialDelay,
            long period) {
        periodicCalls++;
        calls.add(new Call<>(callable, handler, true));
    }

    @Override
    public void runInCoordinatorThread(Runnable runnable) {
        runnable.run();
    }
}
