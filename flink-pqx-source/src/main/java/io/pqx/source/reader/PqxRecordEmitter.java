package io.pqx.source.reader;

import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;

/**
 * Emits a row (or what the source's {@link RowConverter} makes of it) and then moves its split's
 * position past it, so a checkpoint taken between two emissions holds exactly the rows not yet
 * emitted. With a watermark column a row is emitted with its event time as its timestamp; a row
 * whose event time is null is emitted without one (Flink's no-timestamp marker).
 */
final class PqxRecordEmitter<T> implements RecordEmitter<RowAtPosition, T, RowGroupSplitState> {
    private final RowConverter<T> converter;

    PqxRecordEmitter(RowConverter<T> converter) {
        this.converter = converter;
    }

    @Override
    public void emitRecord(
            RowAtPosition element, SourceOutput<T> output, RowGroupSplitState state) {
        if (element.timed) {
            output.collect(converter.convert(element.row), element.eventTime);
        } else {
            output.collect(converter.convert(element.row));
        }
        state.emitted(element.rowGroup, element.nextRow);
    }
}
