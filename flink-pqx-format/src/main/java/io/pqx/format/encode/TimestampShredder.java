package io.pqx.format.encode;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;

/**
 * TIMESTAMP(p) and TIMESTAMP_LTZ(p) to INT64 in the unit of the column's TIMESTAMP annotation.
 * Flink holds both as epoch milliseconds plus a non-negative nano-of-millisecond, so for negative
 * epochs {@code millis * 1000 + nanos / 1000} is already the floor the Parquet value must be.
 * Values outside the INT64 range of the unit (NANOS: years 1677 to 2262) are rejected. Built by
 * {@link RowShredder}.
 */
final class TimestampShredder extends FieldShredder {
    private final LeafBuffer buf;
    private final int precision;
    private final TimeUnit unit;

    TimestampShredder(LeafBuffer buf, int precision, TimeUnit unit) {
        this.buf = buf;
        this.precision = precision;
        this.unit = unit;
    }

    @Override
    public void writeField(RowData row, int pos, int r) {
        if (row.isNullAt(pos)) {
            buf.addLeafNull(r);
        } else {
            buf.addLong(toLong(row.getTimestamp(pos, precision)), r);
        }
    }

    @Override
    public void writeElement(ArrayData array, int index, int r) {
        if (array.isNullAt(index)) {
            buf.addLeafNull(r);
        } else {
            buf.addLong(toLong(array.getTimestamp(index, precision)), r);
        }
    }

    private long toLong(TimestampData t) {
        long millis = t.getMillisecond();
        int nanos = t.getNanoOfMillisecond();
        try {
            return switch (unit) {
                case MILLIS -> millis;
                case MICROS -> Math.addExact(Math.multiplyExact(millis, 1_000L), nanos / 1_000);
                case NANOS -> Math.addExact(Math.multiplyExact(millis, 1_000_000L), nanos);
            };
        } catch (ArithmeticException e) {
            throw new ValueRejectedException(
                    buf.path,
                    "stores " + unit + " in INT64 but the value " + t + " is out of its range");
        }
    }

    @Override
    public void writeNull(int r, int d) {
        buf.addNull(r, d);
    }
}
