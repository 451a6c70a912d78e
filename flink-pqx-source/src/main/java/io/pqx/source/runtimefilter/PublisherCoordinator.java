package io.pqx.source.runtimefilter;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.annotation.Nullable;
import org.apache.flink.runtime.operators.coordination.CoordinatorStore;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.apache.flink.runtime.source.event.SourceEventWrapper;
import org.apache.flink.util.concurrent.ExecutorThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator of a runtime-filter publisher, in the JobManager: collects one partial filter per
 * publisher subtask, and once every subtask of the current parallelism has reported, unites them
 * and delivers the result to the pqx source's coordinator, found in Flink's {@link
 * CoordinatorStore} under the source's listening ID, as {@code handleEventFromOperator(0, 0,
 * SourceEventWrapper(filter))}; the source's enumerator then applies it.
 *
 * <p><b>Why this is safe.</b> A filter from some of the subtasks would miss the others' keys, so
 * nothing is published before all have reported; a re-sent partial replaces its subtask's. The
 * partials are checkpointed and restored with the coordinator. Delivery never parks a value in the
 * store and never removes the source's entry (the source would consume a parked event and stop
 * listening); it goes only to a coordinator found there, remembers which instance got the filter,
 * delivers again to a new instance (after a global failover), and retries after failures or while
 * the source has not registered: on start, on every event, at checkpoints and every {@value
 * #RETRY_MILLIS} ms. The enumerator ignores a filter equal to the one it holds.
 */
final class PublisherCoordinator implements OperatorCoordinator {
    private static final Logger LOG = LoggerFactory.getLogger(PublisherCoordinator.class);
    static final long RETRY_MILLIS = 200;
    private static final int STATE_VERSION = 1;

    private final Context context;
    private final RuntimeFilterTarget target;
    private final Map<Integer, RuntimeFilterEvent> partials = new TreeMap<>();
    @Nullable private RuntimeFilterEvent merged;

    /** The source coordinator instance that has {@link #merged}; null when none has. */
    @Nullable private Object deliveredTo;

    @Nullable private ScheduledExecutorService retry;
    private boolean closed;

    PublisherCoordinator(Context context, RuntimeFilterTarget target) {
        this.context = context;
        this.target = target;
    }

    @Override
    public synchronized void start() {
        retry =
                Executors.newSingleThreadScheduledExecutor(
                        new ExecutorThreadFactory("pqx-runtime-filter-" + target.slot()));
        retry.scheduleWithFixedDelay(
                this::deliver, RETRY_MILLIS, RETRY_MILLIS, TimeUnit.MILLISECONDS);
        deliver();
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (retry != null) {
            retry.shutdownNow();
        }
    }

    @Override
    public synchronized void handleEventFromOperator(
            int subtask, int attemptNumber, OperatorEvent event) {
        if (!(event instanceof PartialFilterEvent partial)) {
            LOG.warn(
                    "Runtime filter publisher {}: ignoring unknown event {} from subtask {}",
                    target.slot(),
                    event,
                    subtask);
            return;
        }
        partials.put(subtask, partial.partial());
        merge();
        deliver();
    }

    /** Unites the partials once every current subtask has reported. */
    private void merge() {
        int parallelism = context.currentParallelism();
        for (int i = 0; i < parallelism; i++) {
            if (!partials.containsKey(i)) {
                return;
            }
        }
        RuntimeFilterEvent union = FilterUnion.of(partials.values(), target.keyType());
        if (!union.equals(merged)) {
            merged = union;
            deliveredTo = null;
            LOG.info(
                    "Runtime filter publisher {}: all {} subtasks reported: {}",
                    target.slot(),
                    parallelism,
                    union);
        }
    }

    /** Delivers the merged filter to the source's coordinator instance that lacks it, if any. */
    synchronized void deliver() {
        if (closed || merged == null) {
            return;
        }
        CoordinatorStore store = context.getCoordinatorStore();
        Object value = store.get(target.listeningId());
        if (!(value instanceof OperatorCoordinator source) || value == deliveredTo) {
            return; // not registered yet (try again later), or it has the filter
        }
        try {
            source.handleEventFromOperator(0, 0, new SourceEventWrapper(merged));
            deliveredTo = value;
            LOG.info(
                    "Runtime filter publisher {}: delivered {} to the source listening on {}",
                    target.slot(),
                    merged,
                    target.listeningId());
        } catch (Throwable t) { // a closed coordinator rejects it: retried
            LOG.debug("Runtime filter publisher {}: delivery failed, retrying", target.slot(), t);
        }
    }

    @Override
    public synchronized void checkpointCoordinator(
            long checkpointId, CompletableFuture<byte[]> result) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(STATE_VERSION);
            out.writeInt(RuntimeFilterEventSerializer.VERSION);
            out.writeInt(partials.size());
            for (Map.Entry<Integer, RuntimeFilterEvent> e : partials.entrySet()) {
                out.writeInt(e.getKey());
                RuntimeFilterEventSerializer.write(e.getValue(), out);
            }
            out.flush();
            result.complete(bytes.toByteArray());
        } catch (Throwable t) {
            result.completeExceptionally(t);
        }
        deliver();
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        deliver();
    }

    @Override
    public synchronized void resetToCheckpoint(long checkpointId, @Nullable byte[] checkpointData)
            throws IOException {
        partials.clear();
        merged = null;
        deliveredTo = null;
        if (checkpointData != null) {
            partials.putAll(readPartials(checkpointData));
        }
        merge();
    }

    static Map<Integer, RuntimeFilterEvent> readPartials(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        int version = in.readInt();
        int filterVersion = in.readInt();
        if (version != STATE_VERSION || filterVersion != RuntimeFilterEventSerializer.VERSION) {
            throw new IOException(
                    "Cannot restore a runtime filter publisher's coordinator: state"
                            + " version "
                            + version
                            + " with filters of version "
                            + filterVersion
                            + ", this pqx reads "
                            + STATE_VERSION
                            + " with "
                            + RuntimeFilterEventSerializer.VERSION);
        }
        int count = in.readInt();
        if (count < 0 || count > in.available()) {
            throw new IOException(
                    "Cannot restore a runtime filter publisher's coordinator: count "
                            + count
                            + " exceeds the "
                            + in.available()
                            + " bytes left");
        }
        Map<Integer, RuntimeFilterEvent> out = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            int subtask = in.readInt();
            out.put(subtask, RuntimeFilterEventSerializer.read(in));
        }
        return out;
    }

    @Override
    public void subtaskReset(int subtask, long checkpointId) {
        // keep its partial until it sends one again: it was complete when sent
    }

    @Override
    public void executionAttemptFailed(
            int subtask, int attemptNumber, @Nullable Throwable reason) {}

    @Override
    public void executionAttemptReady(int subtask, int attemptNumber, SubtaskGateway gateway) {}

    /** The merged filter, once every subtask has reported (for tests). */
    @Nullable
    synchronized RuntimeFilterEvent merged() {
        return merged;
    }
}
