package io.pqx.table.lookup;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.ThreadSafeSimpleCounter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.AsyncLookupFunction;
import org.apache.flink.table.functions.FunctionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers a lookup join's keys asynchronously, many at once: the probes waiting when a worker
 * thread becomes free (at most {@code batchSize} of them) are answered by one read of the table
 * ({@link LookupReader}: their keys as one predicate that prunes files, row groups and pages and
 * filters rows), and each probe's future completes with the rows of its key (as {@link
 * PqxLookupFunction#lookup} would give them). How many probes are in flight is bounded by Flink's
 * async lookup operator ({@code table.exec.async-lookup.buffer-capacity}); a failed read fails the
 * futures of its batch. {@code threads} workers read at the same time.
 */
@Internal
public final class PqxAsyncLookupFunction extends AsyncLookupFunction {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(PqxAsyncLookupFunction.class);

    private final LookupTable table;
    private final int threads;
    private final int batchSize;

    private transient LookupReader reader;
    private transient LinkedBlockingQueue<Probe> pending;
    private transient ExecutorService workers;
    private transient volatile boolean closed;
    private transient Counter batches;

    private record Probe(KeyBatch.Key key, CompletableFuture<Collection<RowData>> answer) {}

    PqxAsyncLookupFunction(LookupTable table, int threads, int batchSize) {
        if (threads < 1 || batchSize < 1) {
            throw new IllegalArgumentException(
                    "Cannot look up with "
                            + threads
                            + " threads and"
                            + " batches of "
                            + batchSize
                            + ": both must be at least 1");
        }
        this.table = table;
        this.threads = threads;
        this.batchSize = batchSize;
    }

    @Override
    public void open(FunctionContext context) throws Exception {
        reader = new LookupReader(table, context.getMetricGroup());
        batches =
                context.getMetricGroup().counter("pqxLookupBatches", new ThreadSafeSimpleCounter());
        pending = new LinkedBlockingQueue<>();
        closed = false;
        AtomicInteger n = new AtomicInteger();
        ThreadFactory named =
                r -> {
                    Thread t = new Thread(r, "pqx-lookup-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                };
        workers = Executors.newFixedThreadPool(threads, named);
        for (int i = 0; i < threads; i++) {
            workers.execute(this::work);
        }
    }

    @Override
    public CompletableFuture<Collection<RowData>> asyncLookup(RowData keyRow) {
        KeyBatch.Key key = KeyBatch.keyOf(table, keyRow);
        if (key == null) {
            reader.lookups.inc();
            return CompletableFuture.completedFuture(List.of());
        }
        CompletableFuture<Collection<RowData>> answer = new CompletableFuture<>();
        if (closed) {
            answer.completeExceptionally(
                    new IllegalStateException("The lookup function is closed"));
            return answer;
        }
        pending.add(new Probe(key, answer));
        return answer;
    }

    private void work() {
        List<Probe> batch = new ArrayList<>();
        while (!closed) {
            Probe first;
            try {
                first = pending.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (first == null) {
                continue;
            }
            batch.clear();
            batch.add(first);
            pending.drainTo(batch, batchSize - 1);
            answer(batch);
        }
    }

    private void answer(List<Probe> batch) {
        try {
            List<KeyBatch.Key> keys = new ArrayList<>(batch.size());
            batch.forEach(p -> keys.add(p.key));
            Map<KeyBatch.Key, List<RowData>> rows =
                    reader.read(KeyBatch.ofKeys(table, keys), batch.size());
            batches.inc();
            for (Probe p : batch) {
                p.answer.complete(rows.get(p.key));
            }
        } catch (Throwable t) {
            for (Probe p : batch) {
                p.answer.completeExceptionally(t);
            }
        }
    }

    @Override
    public void close() throws Exception {
        closed = true;
        if (workers != null) {
            workers.shutdownNow();
            if (!workers.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.warn("pqx lookup threads did not stop within 10 s");
            }
        }
        if (pending != null) {
            Probe p;
            while ((p = pending.poll()) != null) {
                p.answer.completeExceptionally(
                        new IllegalStateException("The lookup function closed"));
            }
        }
    }

    /** The reader of the lookups (for tests: its counters and caches). */
    LookupReader reader() {
        return reader;
    }
}
