package io.pqx.source.reader;

import java.math.BigDecimal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.columnar.vector.ByteColumnVector;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.DecimalColumnVector;
import org.apache.flink.table.data.columnar.vector.DoubleColumnVector;
import org.apache.flink.table.data.columnar.vector.FloatColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.ShortColumnVector;

/**
 * Views of a file's column vector as a wider requested type, value by value, without copying the
 * column: integers to wider integers, FLOAT to DOUBLE, DECIMAL to a DECIMAL that holds every value
 * (scale not smaller, integer digits not fewer). Each view is re-pointed at the next batch's vector
 * with {@link Widening#wrap}; not thread-safe.
 */
final class WideningVectors {
    private WideningVectors() {}

    /** A view that can be pointed at a new input vector. */
    abstract static class Widening implements ColumnVector {
        ColumnVector in;

        ColumnVector wrap(ColumnVector input) {
            this.in = input;
            return this;
        }

        @Override
        public boolean isNullAt(int i) {
            return in.isNullAt(i);
        }
    }

    static final class ByteToShort extends Widening implements ShortColumnVector {
        @Override
        public short getShort(int i) {
            return ((ByteColumnVector) in).getByte(i);
        }
    }

    static final class ToInt extends Widening implements IntColumnVector {
        @Override
        public int getInt(int i) {
            return in instanceof ByteColumnVector b
                    ? b.getByte(i)
                    : ((ShortColumnVector) in).getShort(i);
        }
    }

    static final class ToLong extends Widening implements LongColumnVector {
        @Override
        public long getLong(int i) {
            if (in instanceof IntColumnVector v) {
                return v.getInt(i);
            }
            return in instanceof ByteColumnVector b
                    ? b.getByte(i)
                    : ((ShortColumnVector) in).getShort(i);
        }
    }

    static final class FloatToDouble extends Widening implements DoubleColumnVector {
        @Override
        public double getDouble(int i) {
            return ((FloatColumnVector) in).getFloat(i);
        }
    }

    static final class DecimalWiden extends Widening implements DecimalColumnVector {
        private final int fromPrecision;
        private final int fromScale;

        DecimalWiden(int fromPrecision, int fromScale) {
            this.fromPrecision = fromPrecision;
            this.fromScale = fromScale;
        }

        @Override
        public DecimalData getDecimal(int i, int precision, int scale) {
            DecimalData d = ((DecimalColumnVector) in).getDecimal(i, fromPrecision, fromScale);
            if (scale == fromScale
                    && DecimalData.isCompact(precision) == DecimalData.isCompact(fromPrecision)
                    && DecimalData.isCompact(precision)) {
                return DecimalData.fromUnscaledLong(d.toUnscaledLong(), precision, scale);
            }
            BigDecimal value = d.toBigDecimal().setScale(scale);
            return DecimalData.fromBigDecimal(value, precision, scale);
        }
    }
}
