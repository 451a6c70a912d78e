package io.pqx.format.decode;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapTimestampVector;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;

/** Decoders of timestamps (INT64 in MILLIS/MICROS/NANOS, legacy INT96) and INT64 times. */
final class TemporalDecoders {
    /** Julian day number of 1970-01-01, the epoch INT96 days count from. */
    static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;

    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private TemporalDecoders() {}

    /** INT64 counting {@code unit}s since the epoch to TIMESTAMP / TIMESTAMP_LTZ. */
    static final class EpochTimestamps implements ValueDecoder, BulkSinks.Longs {
        private final TimeUnit unit;

        EpochTimestamps(TimeUnit unit) {
            this.unit = unit;
        }

        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapTimestampVector(capacity);
        }

        @Override
        public void putLongs(long[] src, int from, WritableColumnVector v, int pos, int count) {
            HeapTimestampVector vector = (HeapTimestampVector) v;
            for (int k = 0; k < count; k++) {
                vector.setTimestamp(pos + k, toTimestamp(src[from + k], unit));
            }
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapTimestampVector) v).setTimestamp(pos, toTimestamp(r.getLong(), unit));
        }

        static TimestampData toTimestamp(long value, TimeUnit unit) {
            switch (unit) {
                case MILLIS:
                    return TimestampData.fromEpochMillis(value);
                case MICROS:
                    return TimestampData.fromEpochMillis(
                            Math.floorDiv(value, 1000L), (int) Math.floorMod(value, 1000L) * 1000);
                default:
                    return TimestampData.fromEpochMillis(
                            Math.floorDiv(value, NANOS_PER_MILLI),
                            (int) Math.floorMod(value, NANOS_PER_MILLI));
            }
        }
    }

    /**
     * INT96 (8 bytes little-endian nanos of day, then 4 bytes little-endian Julian day) to
     * TIMESTAMP(9), computed in millis so years far beyond 2262 stay correct, as Spark reads them.
     */
    static final class Int96Timestamps implements ValueDecoder {
        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapTimestampVector(capacity);
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapTimestampVector) v).setTimestamp(pos, toTimestamp(r.getBinary()));
        }

        static TimestampData toTimestamp(Binary binary) {
            if (binary.length() != 12) {
                throw new IllegalArgumentException(
                        "INT96 value has " + binary.length() + " bytes instead of 12");
            }
            ByteBuffer bytes = binary.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            int at = bytes.position();
            long nanosOfDay = bytes.getLong(at);
            long julianDay = bytes.getInt(at + 8); // signed, as Spark reads it
            long millis =
                    (julianDay - JULIAN_DAY_OF_EPOCH) * MILLIS_PER_DAY
                            + Math.floorDiv(nanosOfDay, NANOS_PER_MILLI);
            return TimestampData.fromEpochMillis(
                    millis, (int) Math.floorMod(nanosOfDay, NANOS_PER_MILLI));
        }
    }

    /** INT64 TIME(MICROS or NANOS) to Flink's TIME, which keeps milliseconds of the day. */
    static final class LongTimes implements ValueDecoder, BulkSinks.Longs {
        private final long divisor;

        LongTimes(TimeUnit unit) {
            this.divisor = unit == TimeUnit.MICROS ? 1000L : NANOS_PER_MILLI;
        }

        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapIntVector(capacity);
        }

        @Override
        public void putLongs(long[] src, int from, WritableColumnVector v, int pos, int count) {
            int[] values = ((HeapIntVector) v).vector;
            for (int k = 0; k < count; k++) {
                values[pos + k] = (int) Math.floorDiv(src[from + k], divisor);
            }
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapIntVector) v).vector[pos] = (int) Math.floorDiv(r.getLong(), divisor);
        }
    }
}
