package io.pqx.format.decode;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.ArrayColumnVector;
import org.apache.flink.table.data.columnar.vector.BooleanColumnVector;
import org.apache.flink.table.data.columnar.vector.ByteColumnVector;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.DecimalColumnVector;
import org.apache.flink.table.data.columnar.vector.DoubleColumnVector;
import org.apache.flink.table.data.columnar.vector.FloatColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.MapColumnVector;
import org.apache.flink.table.data.columnar.vector.RowColumnVector;
import org.apache.flink.table.data.columnar.vector.ShortColumnVector;
import org.apache.flink.table.data.columnar.vector.TimestampColumnVector;

/**
 * Views of a decoded vector through a row selection: row {@code i} of the view is row {@code
 * rows[i]} of the vector, so a batch whose rows a filter dropped is shown without copying a value.
 * A view implements the one vector interface its vector has (an int vector's view is an {@link
 * IntColumnVector} only), so code that dispatches on the vector's interface sees the same kind.
 * Views are re-pointed batch after batch ({@link #view}); not thread-safe.
 */
@Internal
public final class SelectedVectors {
    private SelectedVectors() {}

    /** A view: its vector and the selected rows, both replaced for every batch. */
    public abstract static class View implements ColumnVector {
        ColumnVector inner;
        int[] rows;
        int kind;

        /** The viewed vector. */
        public ColumnVector inner() {
            return inner;
        }

        /** The row of {@link #inner()} that row {@code i} of this view shows. */
        public int innerRow(int i) {
            return rows[i];
        }

        @Override
        public boolean isNullAt(int i) {
            return inner.isNullAt(rows[i]);
        }
    }

    /**
     * A view of {@code inner} through {@code rows}: {@code reuse} re-pointed when it is a view of
     * the same kind, else a new one.
     */
    public static View view(View reuse, ColumnVector inner, int[] rows) {
        int kind = kindOf(inner);
        View v = reuse != null && reuse.kind == kind ? reuse : create(kind);
        v.inner = inner;
        v.rows = rows;
        return v;
    }

    /** The first of the vector interfaces {@code inner} implements, in {@link #create}'s order. */
    private static int kindOf(ColumnVector inner) {
        if (inner instanceof BooleanColumnVector) {
            return 1;
        } else if (inner instanceof ByteColumnVector) {
            return 2;
        } else if (inner instanceof ShortColumnVector) {
            return 3;
        } else if (inner instanceof IntColumnVector) {
            return 4;
        } else if (inner instanceof LongColumnVector) {
            return 5;
        } else if (inner instanceof FloatColumnVector) {
            return 6;
        } else if (inner instanceof DoubleColumnVector) {
            return 7;
        } else if (inner instanceof BytesColumnVector) {
            return 8;
        } else if (inner instanceof DecimalColumnVector) {
            return 9;
        } else if (inner instanceof TimestampColumnVector) {
            return 10;
        } else if (inner instanceof ArrayColumnVector) {
            return 11;
        } else if (inner instanceof MapColumnVector) {
            return 12;
        } else if (inner instanceof RowColumnVector) {
            return 13;
        }
        return 0; // a vector of no typed values (all null): isNullAt only
    }

    private static View create(int kind) {
        View v =
                switch (kind) {
                    case 1 -> new Booleans();
                    case 2 -> new Bytes1();
                    case 3 -> new Shorts();
                    case 4 -> new Ints();
                    case 5 -> new Longs();
                    case 6 -> new Floats();
                    case 7 -> new Doubles();
                    case 8 -> new Binaries();
                    case 9 -> new Decimals();
                    case 10 -> new Timestamps();
                    case 11 -> new Arrays();
                    case 12 -> new Maps();
                    case 13 -> new Rows();
                    default -> new Nulls();
                };
        v.kind = kind;
        return v;
    }

    static final class Nulls extends View {}

    static final class Booleans extends View implements BooleanColumnVector {
        @Override
        public boolean getBoolean(int i) {
            return ((BooleanColumnVector) inner).getBoolean(rows[i]);
        }
    }

    static final class Bytes1 extends View implements ByteColumnVector {
        @Override
        public byte getByte(int i) {
            return ((ByteColumnVector) inner).getByte(rows[i]);
        }
    }

    static final class Shorts extends View implements ShortColumnVector {
        @Override
        public short getShort(int i) {
            return ((ShortColumnVector) inner).getShort(rows[i]);
        }
    }

    static final class Ints extends View implements IntColumnVector {
        @Override
        public int getInt(int i) {
            return ((IntColumnVector) inner).getInt(rows[i]);
        }
    }

    static final class Longs extends View implements LongColumnVector {
        @Override
        public long getLong(int i) {
            return ((LongColumnVector) inner).getLong(rows[i]);
        }
    }

    static final class Floats extends View implements FloatColumnVector {
        @Override
        public float getFloat(int i) {
            return ((FloatColumnVector) inner).getFloat(rows[i]);
        }
    }

    static final class Doubles extends View implements DoubleColumnVector {
        @Override
        public double getDouble(int i) {
            return ((DoubleColumnVector) inner).getDouble(rows[i]);
        }
    }

    static final class Binaries extends View implements BytesColumnVector {
        @Override
        public Bytes getBytes(int i) {
            return ((BytesColumnVector) inner).getBytes(rows[i]);
        }
    }

    /** A DECIMAL view; {@code DecimalVectors} reads unscaled longs through it. */
    public static final class Decimals extends View implements DecimalColumnVector {
        @Override
        public DecimalData getDecimal(int i, int precision, int scale) {
            return ((DecimalColumnVector) inner).getDecimal(rows[i], precision, scale);
        }
    }

    static final class Timestamps extends View implements TimestampColumnVector {
        @Override
        public TimestampData getTimestamp(int i, int precision) {
            return ((TimestampColumnVector) inner).getTimestamp(rows[i], precision);
        }
    }

    static final class Arrays extends View implements ArrayColumnVector {
        @Override
        public ArrayData getArray(int i) {
            return ((ArrayColumnVector) inner).getArray(rows[i]);
        }
    }

    static final class Maps extends View implements MapColumnVector {
        @Override
        public MapData getMap(int i) {
            return ((MapColumnVector) inner).getMap(rows[i]);
        }
    }

    static final class Rows extends View implements RowColumnVector {
        @Override
        public ColumnarRowData getRow(int i) {
            return ((RowColumnVector) inner).getRow(rows[i]);
        }
    }
}
