package io.pqx.source.reader;

import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;

/**
 * Emits a row (or what the source's {@link RowConverter} makes of it) and then moves its split's
 * position past it, so a checkpoint taken between two emissions holds exactly the rows not yet
 * emitted.
 */
final class PqxRecordEmitter<T> implements RecordEmitter<RowAtPosition, T, RowGroupSplitState> {
    private final RowConverter<T> converter;

    PqxRecordEmitter(RowConverter<T> converter) {
        this.converter = converter;
    }

    @Override
    public void emitRecord(
            RowAtPosition element, SourceOutput<T> output, RowGroupSplitState state) {
        output.collect(converter.convert(element.row));
        state.emitted(element.rowGroup, element.nextRow);
    }
}
