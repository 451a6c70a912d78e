package io.pqx.source.reader;

import io.pqx.source.eventtime.WatermarkColumn;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.TimestampColumnVector;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.TimestampType;

/**
 * A row's event time, read from the watermark column's vector of a decoded batch: a {@code
 * TIMESTAMP} as UTC and a {@code TIMESTAMP_LTZ} as its instant, both in epoch milliseconds rounded
 * down ({@code TimestampData#getMillisecond}); a {@code BIGINT} through {@link
 * WatermarkColumn#epochMillis}. Resolved once per reader; {@link #millis} is on the emitting path.
 */
abstract class RowEventTime {

    /** How {@code column}'s values, of {@code type} as read, become epoch milliseconds. */
    static RowEventTime of(WatermarkColumn column, LogicalType type) {
        return switch (column.kind()) {
            case TIMESTAMP -> new Timestamps(((TimestampType) type).getPrecision());
            case TIMESTAMP_LTZ -> new Timestamps(((LocalZonedTimestampType) type).getPrecision());
            case EPOCH_NUMBER -> new EpochNumbers(column);
        };
    }

    /** The event time of row {@code row} of {@code vector}, which is not null there. */
    abstract long millis(ColumnVector vector, int row);

    private static final class Timestamps extends RowEventTime {
        private final int precision;

        Timestamps(int precision) {
            this.precision = precision;
        }

        @Override
        long millis(ColumnVector vector, int row) {
            return ((TimestampColumnVector) vector).getTimestamp(row, precision).getMillisecond();
        }
    }

    private static final class EpochNumbers extends RowEventTime {
        private final WatermarkColumn column;

        EpochNumbers(WatermarkColumn column) {
            this.column = column;
        }

        @Override
        long millis(ColumnVector vector, int row) {
            return column.epochMillis(((LongColumnVector) vector).getLong(row));
        }
    }
}
