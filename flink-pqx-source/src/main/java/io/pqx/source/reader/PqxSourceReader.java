package io.pqx.source.reader;

import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import io.pqx.source.split.RowGroupSplit;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.table.data.RowData;

/**
 * The source reader of one subtask: one fetcher thread decodes, the task thread emits; it asks the
 * enumerator for a split at start (unless splits were restored) and after each finished split.
 * Emitted rows are {@code ColumnarRowData} over the decoded batch, reused row after row and valid
 * until the next row is emitted (Flink copies them between chained operators when object reuse is
 * off; with object reuse on, operators must not hold them, as for any reused source record).
 *
 * <p><b>Runtime filters.</b> A {@link RuntimeFilterEvent} from the enumerator sets the slot's
 * filter in the {@link LiveSlots} the split reader reads (from then on, at its next row-group
 * boundary and batch); one equal to the filter held is ignored. Until one arrives the slot is
 * PENDING and keeps every row.
 *
 * <p><b>Event time.</b> With a watermark column, rows carry their event time as the record
 * timestamp ({@link PqxRecordEmitter}) and the reader emits watermarks from the event times of the
 * splits it holds ({@link SplitWatermarks}: checked after each emitted row at the cost of a flag,
 * computed only when a row group or split was passed or a split added), counting the splits that
 * arrive below the watermark already emitted ({@code pqxLateSplits}).
 *
 * <p><b>Watermark alignment.</b> Flink pauses and resumes splits through {@code
 * pauseOrResumeSplits}, which the fetcher hands to the split reader ({@link PqxSplitReader}): a
 * paused split stops being read at its position, and stays in this reader's state and checkpoints
 * as any other.
 *
 * <p><b>Metrics.</b> pqx's counters ({@link ReaderMetrics}) and Flink's standard {@code numBytesIn}
 * and {@code pendingRecords} ({@link PendingRecords}); {@code numRecordsIn} is counted by Flink's
 * source operator.
 */
@Internal
public final class PqxSourceReader<T>
        extends SingleThreadMultiplexSourceReaderBase<
                RowAtPosition, T, RowGroupSplit, RowGroupSplitState> {

    private final LiveSlots slots;
    private final PendingRecords pending;
    @Nullable private final SplitWatermarks watermarks; // with a watermark column
    private final ReaderMetrics metrics;

    /** The runtime filters received, by slot (task thread only). */
    private final Map<String, RuntimeFilterEvent> received = new HashMap<>();

    /** A reader emitting the rows themselves. */
    public static PqxSourceReader<RowData> ofRows(
            SourceReaderContext context, ReaderSettings settings) {
        return new PqxSourceReader<>(
                context, settings, RowConverter.rows(settings.rows().producedType()));
    }

    /** A reader emitting what {@code converter} makes of each row. */
    public PqxSourceReader(
            SourceReaderContext context, ReaderSettings settings, RowConverter<T> converter) {
        this(
                context,
                settings,
                ReaderMetrics.register(context.metricGroup()),
                new LiveSlots(),
                opened(converter, context));
    }

    private PqxSourceReader(
            SourceReaderContext context,
            ReaderSettings settings,
            ReaderMetrics metrics,
            LiveSlots slots,
            RowConverter<T> converter) {
        // one count of rows handed over for the limit, whichever split reader (fetchers are
        // closed when idle and made anew) hands them over
        this(context, settings, metrics, slots, converter, new AtomicLong());
    }

    private PqxSourceReader(
            SourceReaderContext context,
            ReaderSettings settings,
            ReaderMetrics metrics,
            LiveSlots slots,
            RowConverter<T> converter,
            AtomicLong handedOver) {
        super(
                () -> new PqxSplitReader(settings, metrics, slots, handedOver),
                new PqxRecordEmitter<>(converter),
                FetchQueueCapacity.atLeastMinimum(context.getConfiguration()),
                context);
        this.slots = slots;
        this.metrics = metrics;
        this.pending = new PendingRecords(metrics.splitRows);
        this.watermarks =
                settings.watermarkColumn() == null ? null : new SplitWatermarks(metrics.lateSplits);
        context.metricGroup().setPendingRecordsGauge(pending);
    }

    private static <T> RowConverter<T> opened(
            RowConverter<T> converter, SourceReaderContext context) {
        converter.open(context.getUserCodeClassLoader().asClassLoader());
        return converter;
    }

    @Override
    public void handleSourceEvents(SourceEvent event) {
        if (event instanceof RuntimeFilterEvent filter) {
            if (!filter.equals(received.get(filter.slot()))) { // equal: a re-send, already held
                received.put(filter.slot(), filter);
                slots.apply(filter.slot(), filter.filter());
            }
        } else {
            super.handleSourceEvents(event);
        }
    }

    /** The runtime-filter values this reader knows (for tests). */
    LiveSlots liveSlots() {
        return slots;
    }

    @Override
    public void start() {
        if (getNumberOfCurrentlyAssignedSplits() == 0) {
            context.sendSplitRequest();
        }
    }

    @Override
    public InputStatus pollNext(ReaderOutput<T> output) throws Exception {
        if (watermarks == null) {
            return super.pollNext(output);
        }
        if (watermarks.changed()) { // splits added since
            watermarks.emit(output);
        }
        InputStatus status = super.pollNext(output);
        if (watermarks.changed()) { // a row group passed, a split finished
            watermarks.emit(output);
        }
        return status;
    }

    @Override
    protected void onSplitFinished(Map<String, RowGroupSplitState> finished) {
        finished.keySet().forEach(pending::finished);
        if (watermarks != null) {
            finished.keySet().forEach(watermarks::finished);
        }
        context.sendSplitRequest();
    }

    @Override
    protected RowGroupSplitState initializedState(RowGroupSplit split) {
        RowGroupSplitState state = new RowGroupSplitState(split, watermarks);
        pending.added(split.splitId(), state);
        if (watermarks != null) {
            watermarks.added(state);
        }
        return state;
    }

    /** The reader's event-time watermarks, or null without a watermark column (for tests). */
    @Nullable
    SplitWatermarks watermarks() {
        return watermarks;
    }

    /** The reader's counters (for tests). */
    ReaderMetrics metrics() {
        return metrics;
    }

    @Override
    protected RowGroupSplit toSplitType(String splitId, RowGroupSplitState state) {
        return state.toSplit();
    }
}
