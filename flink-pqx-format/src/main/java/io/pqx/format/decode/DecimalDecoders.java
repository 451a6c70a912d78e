package io.pqx.format.decode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.column.ColumnReader;

/**
 * Decoders of DECIMAL from every physical type Parquet allows (INT32, INT64, FIXED_LEN_BYTE_ARRAY
 * and BYTE_ARRAY of any width) and of INT(64, unsigned) as DECIMAL(20, 0), into {@link
 * HeapDecimalVector}.
 */
final class DecimalDecoders {
    private DecimalDecoders() {}

    /** INT32 or INT64 unscaled values. */
    static final class FromLong implements ValueDecoder, BulkSinks.Ints, BulkSinks.Longs {
        private final int precision;
        private final int scale;
        private final boolean int32;

        FromLong(int precision, int scale, boolean int32) {
            this.precision = precision;
            this.scale = scale;
            this.int32 = int32;
        }

        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapDecimalVector(capacity, precision, scale);
        }

        @Override
        public void putInts(int[] src, int from, WritableColumnVector v, int pos, int count) {
            HeapDecimalVector vector = (HeapDecimalVector) v;
            for (int k = 0; k < count; k++) {
                vector.setUnscaledLong(pos + k, src[from + k]);
            }
        }

        @Override
        public void putLongs(long[] src, int from, WritableColumnVector v, int pos, int count) {
            ((HeapDecimalVector) v).setUnscaledLongs(pos, src, from, count);
        }

        @Override
        public void putDictionaryLongs(
                long[] dictionary,
                int[] ids,
                int from,
                long[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            ((HeapDecimalVector) v).setUnscaledLongs(pos, dictionary, ids, from, count);
        }

        @Override
        public void putPlainLongs(
                LongBuffer page,
                int from,
                long[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            ((HeapDecimalVector) v).setUnscaledLongs(pos, page, from, count);
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapDecimalVector) v).setUnscaledLong(pos, int32 ? r.getInteger() : r.getLong());
        }

        @Override
        public void decodeFlat(
                ColumnReader r, WritableColumnVector v, int pos, int count, int maxDef) {
            HeapDecimalVector vector = (HeapDecimalVector) v;
            for (int i = pos, end = pos + count; i < end; i++) {
                if (r.getCurrentDefinitionLevel() == maxDef) {
                    vector.setUnscaledLong(i, int32 ? r.getInteger() : r.getLong());
                } else {
                    vector.setNullAt(i);
                }
                r.consume();
            }
        }
    }

    /** Big-endian two's complement unscaled values in FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY. */
    static final class FromBinary implements ValueDecoder, BulkSinks.Binaries {
        private static final VarHandle BIG_ENDIAN_LONGS =
                MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

        private final int precision;
        private final int scale;

        /** The dictionary {@link #dictionaryLongs} was made of (its {@code starts}: identity). */
        private int[] longsOf;

        /** The unscaled values of that dictionary; null when one of them is wider than a long. */
        private long[] dictionaryLongs;

        FromBinary(int precision, int scale) {
            this.precision = precision;
            this.scale = scale;
        }

        /**
         * Into a compact vector, each dictionary entry is turned into its unscaled long once per
         * dictionary, and values are looked up as longs; otherwise value by value.
         */
        @Override
        public void putDictionaryBinaries(
                byte[] bytes,
                int[] starts,
                int[] lengths,
                int[] ids,
                int from,
                int[] scratchStarts,
                int[] scratchLengths,
                WritableColumnVector v,
                int pos,
                int count) {
            HeapDecimalVector vector = (HeapDecimalVector) v;
            if (vector.compact()) {
                if (longsOf != starts) {
                    longsOf = starts;
                    dictionaryLongs = unscaledLongs(bytes, starts, lengths);
                }
                if (dictionaryLongs != null) {
                    vector.setUnscaledLongs(pos, dictionaryLongs, ids, from, count);
                    return;
                }
            }
            BulkSinks.Binaries.super.putDictionaryBinaries(
                    bytes,
                    starts,
                    lengths,
                    ids,
                    from,
                    scratchStarts,
                    scratchLengths,
                    v,
                    pos,
                    count);
        }

        /** Null when an entry does not fit a long: refused only if a value uses it. */
        static long[] unscaledLongs(byte[] bytes, int[] starts, int[] lengths) {
            long[] values = new long[starts.length];
            try {
                for (int id = 0; id < values.length; id++) {
                    int start = starts[id];
                    int length = lengths[id];
                    int word = start + length - 8;
                    values[id] =
                            length > 0 && length <= 8 && word >= 0
                                    ? signExtended((long) BIG_ENDIAN_LONGS.get(bytes, word), length)
                                    : HeapDecimalVector.toLong(bytes, start, length);
                }
            } catch (DecodeRefusal e) {
                return null;
            }
            return values;
        }

        /**
         * The two's complement value of the last {@code length} (1..8) bytes of {@code word}, as
         * {@link HeapDecimalVector#toLong} reads them byte by byte: one 8-byte read instead (a
         * chunk's dictionary of decimals is converted entry by entry, once per row group).
         */
        private static long signExtended(long word, int length) {
            int unused = 64 - 8 * length;
            return (word << unused) >> unused;
        }

        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapDecimalVector(capacity, precision, scale);
        }

        @Override
        public void putBinaries(
                byte[] bytes,
                int[] starts,
                int[] lengths,
                int from,
                WritableColumnVector v,
                int pos,
                int count) {
            HeapDecimalVector vector = (HeapDecimalVector) v;
            for (int k = 0; k < count; k++) {
                vector.setUnscaledBytes(pos + k, bytes, starts[from + k], lengths[from + k]);
            }
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ByteBuffer bytes = BinaryDecoders.Bytes.onHeap(r.getBinary());
            ((HeapDecimalVector) v)
                    .setUnscaledBytes(
                            pos,
                            bytes.array(),
                            bytes.arrayOffset() + bytes.position(),
                            bytes.remaining());
        }
    }

    /** INT(64, unsigned) as DECIMAL(20, 0): the long read as an unsigned 64-bit value. */
    static final class FromUnsignedLong implements ValueDecoder, BulkSinks.Longs {
        private final byte[] scratch = new byte[9];

        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapDecimalVector(capacity, 20, 0);
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            put((HeapDecimalVector) v, pos, r.getLong());
        }

        @Override
        public void putLongs(long[] src, int from, WritableColumnVector v, int pos, int count) {
            for (int k = 0; k < count; k++) {
                put((HeapDecimalVector) v, pos + k, src[from + k]);
            }
        }

        private void put(HeapDecimalVector vector, int pos, long unsigned) {
            long value = unsigned;
            scratch[0] = 0; // a leading zero byte keeps the two's complement value positive
            for (int k = 8; k >= 1; k--) {
                scratch[k] = (byte) value;
                value >>>= 8;
            }
            vector.setUnscaledBytes(pos, scratch, 0, scratch.length);
        }
    }
}
