package io.pqx.source.reader;

import io.pqx.source.eventtime.WatermarkColumn;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.table.types.logical.RowType;

/**
 * The columns a split reader plans a file's scan with, given its watermark column: the emitted
 * columns, and the watermark column after them when it is read only to stamp rows.
 *
 * @param planType the columns scanned
 * @param index where the watermark column is in {@code planType}, or -1 without one
 * @param eventTime the stamp read from that column, or null without one
 */
record EventTimePlan(RowType planType, int index, @Nullable RowEventTime eventTime) {

    static EventTimePlan of(ReaderSettings settings) {
        RowType planType;
        int index;
        RowEventTime eventTime;
        RowType produced = settings.rows().producedType();
        WatermarkColumn column = settings.watermarkColumn();
        if (column == null) {
            planType = produced;
            index = -1;
            eventTime = null;
        } else {
            int at = produced.getFieldIndex(column.name());
            if (at >= 0) {
                planType = produced;
                index = at;
            } else {
                // read to stamp rows, not emitted: one column after the emitted ones
                RowType read = settings.rows().readType();
                List<RowType.RowField> fields = new ArrayList<>(produced.getFields());
                fields.add(read.getFields().get(read.getFieldIndex(column.name())));
                planType = new RowType(produced.isNullable(), fields);
                index = produced.getFieldCount();
            }
            eventTime = RowEventTime.of(column, planType.getTypeAt(index));
        }
        return new EventTimePlan(planType, index, eventTime);
    }
}
