package io.pqx.format.encode;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.RowData;

/**
 * The shredders of fixed-width Flink types: BOOLEAN, TINYINT, SMALLINT, INT (and DATE and TIME,
 * which Flink holds as int days and int milliseconds, exactly Parquet's DATE and TIME(MILLIS)),
 * BIGINT, FLOAT, DOUBLE. Each reads with the typed getter and appends to its {@link LeafBuffer}.
 * Built by {@link RowShredder}.
 */
final class NumericShredders {
    private NumericShredders() {}

    /** BOOLEAN to BOOLEAN. */
    static final class Booleans extends FieldShredder {
        private final LeafBuffer buf;

        Booleans(LeafBuffer buf) {
            this.buf = buf;
        }

        @Override
        public void writeField(RowData row, int pos, int r) {
            if (row.isNullAt(pos)) {
                buf.addLeafNull(r);
            } else {
                buf.addBoolean(row.getBoolean(pos), r);
            }
        }

        @Override
        public void writeElement(ArrayData array, int index, int r) {
            if (array.isNullAt(index)) {
                buf.addLeafNull(r);
            } else {
                buf.addBoolean(array.getBoolean(index), r);
            }
        }

        @Override
        public void writeNull(int r, int d) {
            buf.addNull(r, d);
        }
    }

    /** TINYINT to INT32 INT(8, true). */
    static final class Bytes extends FieldShredder {
        private final LeafBuffer buf;

        Bytes(LeafBuffer buf) {
            this.buf = buf;
        }

        @Override
        public void writeField(RowData row, int pos, int r) {
            if (row.isNullAt(pos)) {
                buf.addLeafNull(r);
            } else {
                buf.addInt(row.getByte(pos), r);
            }
        }

        @Override
        public void writeElement(ArrayData array, int index, int r) {
            if (array.isNullAt(index)) {
                buf.addLeafNull(r);
            } else {
                buf.addInt(array.getByte(index), r);
            }
        }

        @Override
        public void writeNull(int r, int d) {
            buf.addNull(r, d);
        }
    }

    /** SMALLINT to INT32 INT(16, true). */
    static final class Shorts extends FieldShredder {
        private final LeafBuffer buf;

        Shorts(LeafBuffer buf) {
            this.buf = buf;
        }

        @Override
        public void writeField(RowData row, int pos, int r) {
            if (row.isNullAt(pos)) {
                buf.addLeafNull(r);
            } else {
                buf.addInt(row.getShort(pos), r);
            }
        }

        @Override
        public void writeElement(ArrayData array, int index, int r) {
            if (array.isNullAt(index)) {
                buf.addLeafNull(r);
            } else {
                buf.addInt(array.getShort(index), r);
            }
        }

        @Override
        public void writeNull(int r, int d) {
            buf.addNull(r, d);
        }
    }

    /** INT, DATE (days since epoch) and TIME (milliseconds of day) to INT32. */
    static final class Ints extends FieldShredder {
        private final LeafBuffer buf;

        Ints(LeafBuffer buf) {
            this.buf = buf;
        }

        @Override
        public void writeField(RowData row, int pos, int r) {
            if (row.isNullAt(pos)) {
                buf.addLeafNull(r);
            } else {
                buf.addInt(row.getInt(pos), r);
            }
        }

        @Override
        public void writeElement(ArrayData array, int index, int r) {
            if (array.isNullAt(index)) {
                buf.addLeafNull(r);
            } else {
                buf.addInt(array.getInt(index), r);
            }
        }

        @Override
        public void writeNull(int r, int d) {
            buf.addNull(r, d);
        }
    }

    /** BIGINT to INT64. */
    static final class Longs extends FieldShredder {
        private final LeafBuffer buf;

        Longs(LeafBuffer buf) {
            this.buf = buf;
        }

        @Override
        public void writeField(RowData row, int pos, int r) {
            if (row.isNullAt(pos)) {
                buf.addLeafNull(r);
            } else {
                buf.addLong(row.getLong(pos), r);
            }
        }

        @Override
        public void writeElement(ArrayData array, int index, int r) {
            if (array.isNullAt(index)) {
                buf.addLeafNull(r);
            } else {
                buf.addLong(array.getLong(index), r);
            }
        }

        @Override
        public void writeNull(int r, int d) {
            buf.addNull(r, d);
        }
    }

    /** FLOAT to FLOAT. */
    static final class Floats extends FieldShredder {
        private final LeafBuffer buf;

        Floats(LeafBuffer buf) {
            this.buf = buf;
        }

        @Override
        public void writeField(RowData row, int pos, int r) {
            if (row.isNullAt(pos)) {
                buf.addLeafNull(r);
            } else {
                buf.addFloat(row.getFloat(pos), r);
            }
        }

        @Override
        public void writeElement(ArrayData array, int index, int r) {
            if (array.isNullAt(index)) {
                buf.addLeafNull(r);
            } else {
                buf.addFloat(array.getFloat(index), r);
            }
        }

        @Override
        public void writeNull(int r, int d) {
            buf.addNull(r, d);
        }
    }

    /** DOUBLE to DOUBLE. */
    static final class Doubles extends FieldShredder {
        private final LeafBuffer buf;

        Doubles(LeafBuffer buf) {
            this.buf = buf;
        }

        @Override
        public void writeField(RowData row, int pos, int r) {
            if (row.isNullAt(pos)) {
                buf.addLeafNull(r);
            } else {
                buf.addDouble(row.getDouble(pos), r);
            }
        }

        @Override
        public void writeElement(ArrayData array, int index, int r) {
            if (array.isNullAt(index)) {
                buf.addLeafNull(r);
            } else {
                buf.addDouble(array.getDouble(index), r);
            }
        }

        @Override
        public void writeNull(int r, int d) {
            buf.addNull(r, d);
        }
    }
}
