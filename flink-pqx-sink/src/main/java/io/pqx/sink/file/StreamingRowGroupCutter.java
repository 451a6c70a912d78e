package io.pqx.sink.file;

import io.pqx.format.encode.ByteCheckSchedule;
import io.pqx.format.encode.IncrementalRowGroupEncoder;
import io.pqx.format.encode.RowGroupBuffer;
import io.pqx.format.schema.ParquetSchema;

import org.apache.flink.table.data.RowData;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * Exact-mode row groups without sort-by, encoded while they fill. Each row is shredded (validated)
 * whole into a small slice; a full slice is fed to the {@link IncrementalRowGroupEncoder}, whose
 * per-leaf chains encode it on the pool while the next slice fills; at the exact cut the group's
 * chunks are finished and handed to the {@link RowGroupPipeline} for in-order writing. So only
 * compressed pages of the open group, the groups in flight and the raw slices the subtask's {@link
 * SlicePool} allows are in memory; when every slice permit of the subtask is in use the task thread
 * waits (backpressure).
 *
 * <p>Cuts are those of {@link RowGroupCutter} in exact mode: the same rule, and the byte bound
 * measured on the same estimate (the raw bytes of the group's rows, summed over its slices, checked
 * at the same row counts), so the file's bytes are the same as the buffered path's for the same
 * rows. A rejected row is dropped from the slice before any of it is fed, so it is in no column.
 *
 * <p>Called by the sink's task thread only; slices come back from the pool threads.
 */
final class StreamingRowGroupCutter implements RowCutter {
    /** Rows per slice: small enough to stay in cache-friendly memory, large enough per task. */
    static final int DEFAULT_SLICE_ROWS = 4096;
    /** A slice is also fed once its raw values reach this many bytes (wide rows). */
    private static final long SLICE_BYTES = 1 << 20;

    private final int target;
    private final int floor;
    private final long maxBytes;
    private final int sliceRows;
    private final ParquetSchema schema;
    private final String location;
    private final RowGroupPipeline pipeline;
    private final IncrementalRowGroupEncoder encoder;
    private final SlicePool slices;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private RowGroupBuffer slice;
    private long fileRows;
    private int groupRows;
    /** Raw estimated bytes of the open group's slices already fed. */
    private long fedBytes;
    /** When the byte bound is next measured: the same schedule as RowGroupBuffer.isFull. */
    private final ByteCheckSchedule byteChecks = new ByteCheckSchedule();
    /** The open group's estimated raw bytes; one supplier for every check. */
    private final LongSupplier groupBytes = () -> fedBytes + slice.estimatedBytes();

    StreamingRowGroupCutter(
            RowGroupCutSettings settings,
            int sliceRows,
            ParquetSchema schema,
            String location,
            RowGroupPipeline pipeline,
            IncrementalRowGroupEncoder encoder,
            SlicePool slices) {
        if (settings.mode() != RowGroupMode.EXACT || sliceRows < 1) {
            throw new IllegalArgumentException(
                    "Cannot stream row groups: mode " + settings.mode() + ", slice rows "
                            + sliceRows);
        }
        this.target = settings.targetRows();
        this.floor = Math.min(settings.floorRows(), settings.targetRows());
        this.maxBytes = settings.maxBytes();
        this.sliceRows = sliceRows;
        this.schema = schema;
        this.location = location;
        this.pipeline = pipeline;
        this.encoder = encoder;
        this.slices = slices;
        this.slice = slices.take(schema, location);
    }

    @Override
    public void add(RowData row) throws IOException, InterruptedException {
        if (slice == null) {
            throw new IllegalStateException("Cannot write to " + location + ": it is finished");
        }
        slice.append(row, fileRows);
        fileRows++;
        groupRows++;
        boolean bytesFull = groupRows >= floor && groupBytesFull();
        if (RowGroupCutRule.exactCut(groupRows, target, floor, bytesFull)) {
            cut();
        } else if (slice.isFull(sliceRows, SLICE_BYTES)) {
            feedSlice();
        }
    }

    @Override
    public void finish() throws IOException, InterruptedException {
        if (groupRows > 0) {
            cut();
        }
        rethrowFailure();
        release();
    }

    @Override
    public long rowCount() {
        return fileRows;
    }

    @Override
    public long pendingBytes() {
        return fedBytes + (slice == null ? 0 : slice.estimatedBytes());
    }

    /** Hands the filling slice back to the pool: the file takes no more rows. */
    private void release() {
        if (slice != null) {
            slices.recycle(slice);
            slice = null;
        }
    }

    @Override
    public void abandon() {
        try {
            encoder.quiesce().get();
            release();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // quiesce() never completes exceptionally
        }
    }

    /** {@link RowGroupBuffer#isFull}'s byte check, summed over the whole group's slices. */
    private boolean groupBytesFull() {
        return byteChecks.reached(groupRows, maxBytes, groupBytes);
    }

    private void cut() throws IOException, InterruptedException {
        if (slice.rowCount() > 0) {
            feedSlice();
        }
        groupRows = 0;
        fedBytes = 0;
        byteChecks.reset();
        pipeline.submit(encoder::finishRowGroup, () -> {});
    }

    private void feedSlice() throws IOException, InterruptedException {
        rethrowFailure();
        slices.acquireFeed();
        RowGroupBuffer fed = slice;
        fedBytes += fed.estimatedBytes();
        try {
            encoder.feed(fed)
                    .whenComplete(
                            (ignored, e) -> {
                                if (e != null) {
                                    failure.compareAndSet(null, e);
                                }
                                slices.consumed(fed);
                            });
        } catch (RuntimeException e) {
            slices.cancelFeed();
            throw e;
        }
        slice = slices.take(schema, location);
    }

    private void rethrowFailure() throws IOException {
        Throwable e = failure.get();
        if (e != null) {
            throw pipeline.unwrap(e);
        }
    }
}
