package io.pqx.e2e.cluster;

import io.pqx.e2e.cluster.jobs.GeneratedRows;
import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A directory that keeps growing while a continuous source reads it: files of {@link GeneratedRows}
 * (ids {@code 0, 1, 2, ...} in order, {@code rowsPerFile} per file), each written by pqx's {@code
 * ParquetWriter} under a hidden name and then atomically renamed, so a reader never sees a
 * half-written file; one file every {@code pause} until {@code total} rows are published. Once
 * {@code holdAt} rows are published it waits for {@link #release} (so a test can make sure
 * something happens while the input is incomplete, however slow the machine). Writes on its own
 * thread; {@link #published} and {@link #release} may be called from any thread. A write failure
 * stops it and is rethrown by {@link #awaitDone}.
 */
final class GrowingInput implements AutoCloseable {
    private final Path dir;
    private final long total;
    private final int rowsPerFile;
    private final Duration pause;
    private final long holdAt;
    private final CountDownLatch released = new CountDownLatch(1);
    private final AtomicLong published = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread thread;

    GrowingInput(Path dir, long total, int rowsPerFile, Duration pause, long holdAt) {
        this.dir = dir;
        this.total = total;
        this.rowsPerFile = rowsPerFile;
        this.pause = pause;
        this.holdAt = holdAt;
        this.thread = new Thread(this::run, "growing-input");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Lets the writer go on past {@code holdAt}. */
    void release() {
        released.countDown();
    }

    /** Rows published (visible) so far. */
    long published() {
        return published.get();
    }

    /** Waits until every row is published; rethrows a write failure. */
    void awaitDone(Duration timeout) throws Exception {
        thread.join(timeout.toMillis());
        if (failure.get() != null) {
            throw new IllegalStateException("Cannot grow the input", failure.get());
        }
        if (thread.isAlive()) {
            throw new AssertionError(
                    "Input not done after "
                            + timeout.toSeconds()
                            + " s: "
                            + published()
                            + " of "
                            + total
                            + " rows published");
        }
    }

    private void run() {
        GeneratedRows rows = new GeneratedRows();
        WriteOptions options = WriteOptions.builder().rowGroupRows(rowsPerFile / 4).build();
        try {
            for (int file = 0; published.get() < total; file++) {
                String name = String.format("f-%05d.parquet", file);
                Path hidden = dir.resolve("." + name);
                long first = published.get();
                long last = Math.min(total, first + rowsPerFile);
                try (ParquetWriter writer =
                        ParquetWriter.builder(GeneratedRows.TYPE)
                                .options(options)
                                .create(new org.apache.flink.core.fs.Path(hidden.toUri()))) {
                    for (long id = first; id < last; id++) {
                        writer.write(rows.map(id));
                    }
                }
                Files.move(hidden, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
                published.set(last);
                if (last >= holdAt) {
                    released.await();
                }
                Thread.sleep(pause.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            failure.set(e);
        }
    }

    /** Stops writing (a file being written is left hidden) and waits for the thread. */
    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
