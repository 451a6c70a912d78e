package io.pqx.source.runtimefilter;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.RuntimeFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.JobID;
import org.apache.flink.metrics.groups.OperatorCoordinatorMetricGroup;
import org.apache.flink.runtime.checkpoint.CheckpointCoordinator;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.operators.coordination.CoordinatorStore;
import org.apache.flink.runtime.operators.coordination.CoordinatorStoreImpl;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.apache.flink.runtime.source.event.SourceEventWrapper;
import org.apache.flink.table.types.logical.BigIntType;
import org.junit.jupiter.api.Test;

/**
 * The publisher's coordinator: merges only when complete, delivers by the store's rules, restores.
 */
class PublisherCoordinatorTest {
    private static final RuntimeFilterTarget TARGET =
            new RuntimeFilterTarget(
                    "listen-1", "ids", ColumnRef.of("id"), new BigIntType(), 1000, 0.01);

    /** A context of {@code parallelism} subtasks over {@code store}. */
    private static OperatorCoordinator.Context context(int parallelism, CoordinatorStore store) {
        return new OperatorCoordinator.Context() {
            @Override
            public JobID getJobID() {
                return new JobID();
            }

            @Override
            public OperatorID getOperatorId() {
                return new OperatorID();
            }

            @Override
            public OperatorCoordinatorMetricGroup metricGroup() {
                throw new UnsupportedOperationException();
            }

            @Override
            public void failJob(Throwable cause) {
                throw new AssertionError("failJob", cause);
            }

            @Override
            public int currentParallelism() {
                return parallelism;
            }

            @Override
            public ClassLoader getUserCodeClassloader() {
                return getClass().getClassLoader();
            }

            @Override
            public CoordinatorStore getCoordinatorStore() {
                return store;
            }

            @Override
            public boolean isConcurrentExecutionAttemptsSupported() {
                return false;
            }

            @Override
            public CheckpointCoordinator getCheckpointCoordinator() {
                return null;
            }
        };
    }

    /** Stands for the pqx source's coordinator in the store: records what it is handed. */
    private static final class FakeSourceCoordinator implements OperatorCoordinator {
        final List<RuntimeFilterEvent> received = new ArrayList<>();
        int failuresLeft;

        @Override
        public void handleEventFromOperator(int subtask, int attempt, OperatorEvent event) {
            if (failuresLeft > 0) {
                failuresLeft--;
                throw new IllegalStateException("closed");
            }
            assertThat(subtask).isZero();
            received.add((RuntimeFilterEvent) ((SourceEventWrapper) event).getSourceEvent());
        }

        @Override
        public void start() {}

        @Override
        public void close() {}

        @Override
        public void checkpointCoordinator(long id, CompletableFuture<byte[]> result) {}

        @Override
        public void notifyCheckpointComplete(long id) {}

        @Override
        public void resetToCheckpoint(long id, byte[] data) {}

        @Override
        public void subtaskReset(int subtask, long id) {}

        @Override
        public void executionAttemptFailed(int subtask, int attempt, Throwable reason) {}

        @Override
        public void executionAttemptReady(int subtask, int attempt, SubtaskGateway gateway) {}
    }

    private static PartialFilterEvent partial(long... keys) {
        KeyAccumulator acc = new KeyAccumulator(TARGET);
        for (long k : keys) {
            acc.add(k);
        }
        return new PartialFilterEvent(acc.toEvent());
    }

    @Test
    void mergesOnlyWhenEverySubtaskReportedAndDeliversTheUnionOnce() {
        CoordinatorStore store = new CoordinatorStoreImpl();
        FakeSourceCoordinator source = new FakeSourceCoordinator();
        store.putIfAbsent(TARGET.listeningId(), source);
        PublisherCoordinator c = new PublisherCoordinator(context(3, store), TARGET);
        c.handleEventFromOperator(0, 0, partial(5, 17));
        c.handleEventFromOperator(2, 0, partial());
        assertThat(source.received).as("a partial of some subtasks is too narrow").isEmpty();
        c.handleEventFromOperator(1, 0, partial(40));
        assertThat(source.received).hasSize(1);
        RuntimeFilterEvent merged = source.received.get(0);
        assertThat(merged.state()).isEqualTo(RuntimeFilter.State.RANGE);
        assertThat(merged.min().orElseThrow().value()).isEqualTo(5L);
        assertThat(merged.max().orElseThrow().value()).isEqualTo(40L);
        BloomKeyFilter keys = merged.keys().orElseThrow();
        assertThat(List.of(5L, 17L, 40L)).allMatch(keys::mightContain);
        c.handleEventFromOperator(
                1, 1, partial(40)); // re-sent after a regional failover: same union
        c.notifyCheckpointComplete(1);
        assertThat(source.received).hasSize(1);
        assertThat(store.get(TARGET.listeningId())).as("the source's entry stays").isSameAs(source);
    }

    @Test
    void allSubtasksWithoutKeysPublishAnEmptyFilter() {
        CoordinatorStore store = new CoordinatorStoreImpl();
        FakeSourceCoordinator source = new FakeSourceCoordinator();
        store.putIfAbsent(TARGET.listeningId(), source);
        PublisherCoordinator c = new PublisherCoordinator(context(2, store), TARGET);
        c.handleEventFromOperator(0, 0, partial());
        c.handleEventFromOperator(1, 0, partial());
        assertThat(source.received)
                .extracting(RuntimeFilterEvent::state)
                .containsExactly(RuntimeFilter.State.EMPTY);
    }

    @Test
    void neverParksInTheStoreWaitsForTheSourceAndRetriesAfterAFailure() {
        CoordinatorStore store = new CoordinatorStoreImpl();
        PublisherCoordinator c = new PublisherCoordinator(context(1, store), TARGET);
        c.handleEventFromOperator(0, 0, partial(1));
        assertThat(store.containsKey(TARGET.listeningId())).as("nothing parked").isFalse();
        FakeSourceCoordinator source = new FakeSourceCoordinator();
        source.failuresLeft = 1;
        store.putIfAbsent(TARGET.listeningId(), source);
        c.checkpointCoordinator(1, new CompletableFuture<>()); // fails: the source rejects it
        assertThat(source.received).isEmpty();
        c.notifyCheckpointComplete(1);
        assertThat(source.received).hasSize(1);
    }

    @Test
    void redeliversToANewSourceCoordinatorInstance() {
        CoordinatorStore store = new CoordinatorStoreImpl();
        FakeSourceCoordinator first = new FakeSourceCoordinator();
        store.putIfAbsent(TARGET.listeningId(), first);
        PublisherCoordinator c = new PublisherCoordinator(context(1, store), TARGET);
        c.handleEventFromOperator(0, 0, partial(1, 2));
        FakeSourceCoordinator second =
                new FakeSourceCoordinator(); // a global failover recreated it
        store.compute(TARGET.listeningId(), (k, old) -> second);
        c.deliver();
        c.deliver();
        assertThat(first.received).hasSize(1);
        assertThat(second.received).isEqualTo(first.received);
    }

    @Test
    void theRetryTimerDeliversOnceTheSourceRegisters() throws Exception {
        CoordinatorStore store = new CoordinatorStoreImpl();
        PublisherCoordinator c = new PublisherCoordinator(context(1, store), TARGET);
        c.start();
        try {
            c.handleEventFromOperator(0, 0, partial(7));
            FakeSourceCoordinator source = new FakeSourceCoordinator();
            store.putIfAbsent(TARGET.listeningId(), source);
            long deadline = System.currentTimeMillis() + 10_000;
            while (System.currentTimeMillis() < deadline) {
                synchronized (c) {
                    if (!source.received.isEmpty()) {
                        break;
                    }
                }
                Thread.sleep(20);
            }
            synchronized (c) {
                assertThat(source.received).hasSize(1);
            }
        } finally {
            c.close();
        }
    }

    @Test
    void partialsSurviveACheckpointAndRestore() throws Exception {
        CoordinatorStore store = new CoordinatorStoreImpl();
        PublisherCoordinator c = new PublisherCoordinator(context(2, store), TARGET);
        c.handleEventFromOperator(0, 0, partial(3));
        CompletableFuture<byte[]> half = new CompletableFuture<>();
        c.checkpointCoordinator(1, half);
        c.handleEventFromOperator(1, 0, partial(9));
        CompletableFuture<byte[]> full = new CompletableFuture<>();
        c.checkpointCoordinator(2, full);
        RuntimeFilterEvent merged = c.merged();
        assertThat(merged).isNotNull();

        // restored from the checkpoint with both partials: published again to the new source
        CoordinatorStore store2 = new CoordinatorStoreImpl();
        FakeSourceCoordinator source = new FakeSourceCoordinator();
        store2.putIfAbsent(TARGET.listeningId(), source);
        PublisherCoordinator restored = new PublisherCoordinator(context(2, store2), TARGET);
        restored.resetToCheckpoint(2, full.get());
        restored.deliver();
        assertThat(source.received).containsExactly(merged);

        // restored from the one with a single partial: waits for the other subtask
        PublisherCoordinator early = new PublisherCoordinator(context(2, store2), TARGET);
        early.resetToCheckpoint(1, half.get());
        assertThat(early.merged()).isNull();
        early.handleEventFromOperator(1, 0, partial(9));
        assertThat(early.merged()).isEqualTo(merged);
    }
}
