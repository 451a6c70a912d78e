package io.pqx.source.reader;

import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;
import org.apache.flink.table.data.RowData;

/**
 * Emits a row and then moves its split's position past it, so a checkpoint taken between two
 * emissions holds exactly the rows not yet emitted.
 */
final class PqxRecordEmitter implements RecordEmitter<RowAtPosition, RowData, RowGroupSplitState> {
    @Override
    public void emitRecord(RowAtPosition element, SourceOutput<RowData> output, RowGroupSplitState state) {
        output.collect(element.row);
        state.emitted(element.rowGroup, element.nextRow);
    }
}
