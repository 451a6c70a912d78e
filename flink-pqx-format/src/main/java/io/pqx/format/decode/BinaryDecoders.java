package io.pqx.format.decode;

import java.nio.ByteBuffer;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.flink.table.data.columnar.vector.heap.HeapBytesVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapFloatVector;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;

/**
 * Decoders of BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY into Flink byte vectors (STRING, BYTES,
 * BINARY(n)), and of FLOAT16 into FLOAT.
 */
final class BinaryDecoders {
    private BinaryDecoders() {}

    /**
     * Bytes copied straight from the page buffer into a {@link HeapBytesVector}. On
     * dictionary-encoded pages it reads dictionary ids and copies from the chunk's dictionary,
     * decoded once, so no value allocates.
     */
    static final class Bytes implements ValueDecoder, BulkSinks.Binaries {
        /** Up to this many dictionary bytes per value, a dictionary is copied whole per call. */
        static final int DICTIONARY_BYTES_PER_VALUE = 16;

        /**
         * Dictionaries whose strings span up to this many bytes are kept as ids in the vector (the
         * span copied once per chunk). Writers' default dictionary pages stop at 1 MiB; beyond
         * this, a batch's values are copied rather than the vector holding a large copy.
         */
        static final int ID_BYTES = 1 << 22;

        /**
         * The {@code starts} of the chunk dictionary {@link #entries} was made of (its identity).
         */
        private int[] entriesOf;

        private IdBytesVector.Entries entries;

        private final BooleanSupplier onDictionaryPage;
        private final Supplier<Dictionary> dictionary;
        private byte[][] dictionaryBytes;

        /**
         * @param onDictionaryPage whether the reader's current value lies on a dictionary-encoded
         *     page
         * @param dictionary the chunk's dictionary (null before one was read)
         */
        Bytes(BooleanSupplier onDictionaryPage, Supplier<Dictionary> dictionary) {
            this.onDictionaryPage = onDictionaryPage;
            this.dictionary = dictionary;
        }

        @Override
        public WritableColumnVector newVector(int capacity) {
            return new IdBytesVector(capacity);
        }

        /**
         * Before bytes are written from row {@code pos} on: rows before it held as ids become
         * bytes.
         */
        private static void leaveIds(WritableColumnVector v, int pos) {
            if (v instanceof IdBytesVector ids) {
                ids.leaveIds(pos);
            }
        }

        /**
         * Copies the values' bytes into the vector. When the bytes the values lie in span little
         * more than the values themselves (a PLAIN page: values between their 4-byte lengths; a
         * small dictionary: every entry used again and again), the whole span goes over in one copy
         * and each value points into it; otherwise each value is copied on its own. Either way
         * {@code getBytes(i)} gives each value's bytes; the vector's buffer may also hold the bytes
         * between them.
         */
        @Override
        public void putBinaries(
                byte[] bytes,
                int[] starts,
                int[] lengths,
                int from,
                WritableColumnVector v,
                int pos,
                int count) {
            leaveIds(v, pos);
            HeapBytesVector vector = (HeapBytesVector) v;
            long total = 0;
            int min = Integer.MAX_VALUE;
            int max = 0;
            for (int k = from, end = from + count; k < end; k++) {
                int length = lengths[k];
                if (length > 0) {
                    total += length;
                    int start = starts[k];
                    min = Math.min(min, start);
                    max = Math.max(max, start + length);
                }
            }
            if (total > 0 && max - min <= 2 * total + 8L * count) {
                vector.appendBytes(pos, bytes, min, max - min);
                int base = vector.start[pos];
                for (int k = 0; k < count; k++) {
                    int length = lengths[from + k];
                    vector.start[pos + k] = length > 0 ? base + starts[from + k] - min : base;
                    vector.length[pos + k] = length;
                }
                return;
            }
            for (int k = 0; k < count; k++) {
                vector.appendBytes(pos + k, bytes, starts[from + k], lengths[from + k]);
            }
        }

        /** The span goes over in one copy; each value points into it. */
        @Override
        public void putContiguousBinaries(
                byte[] bytes,
                int[] starts,
                int[] lengths,
                int from,
                WritableColumnVector v,
                int pos,
                int count) {
            if (count == 0) {
                return;
            }
            leaveIds(v, pos);
            int last = from + count - 1;
            int lo = starts[from];
            pointInto(
                    (HeapBytesVector) v,
                    bytes,
                    lo,
                    starts[last] + lengths[last] - lo,
                    starts,
                    lengths,
                    from,
                    pos,
                    count);
        }

        /**
         * A batch whose values all come from one dictionary of up to {@value #ID_BYTES} bytes keeps
         * only their ids, in Flink's dictionary mode ({@link IdBytesVector}). Other values are
         * copied: a dictionary of at most {@value #DICTIONARY_BYTES_PER_VALUE} bytes per value
         * taken goes over whole, once per call, and each value points at its entry; a larger one is
         * copied value by value.
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
            if (v instanceof IdBytesVector vector) {
                // a batch starts at row 0; it stays in id mode while its values come from one
                // dictionary, and leaves it (its ids turned into bytes) for any other value
                int[] target = null;
                if (pos == 0 && keepsIds(bytes, starts, lengths)) {
                    target = vector.holdIds(entries);
                } else if (pos > 0 && entriesOf == starts && vector.holdsIdsOf(entries)) {
                    target = vector.ids();
                }
                if (target != null) {
                    System.arraycopy(ids, from, target, pos, count);
                    return;
                }
                vector.leaveIds(pos);
            }
            int size = starts.length;
            int lo = size == 0 ? 0 : starts[0];
            int span = size == 0 ? 0 : starts[size - 1] + lengths[size - 1] - lo;
            if (count == 0 || span > (long) DICTIONARY_BYTES_PER_VALUE * count) {
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
                return;
            }
            HeapBytesVector vector = (HeapBytesVector) v;
            vector.appendBytes(pos, bytes, lo, span);
            int base = vector.start[pos] - lo;
            int[] start = vector.start;
            int[] length = vector.length;
            for (int k = 0; k < count; k++) {
                int id = ids[from + k];
                start[pos + k] = base + starts[id];
                length[pos + k] = lengths[id];
            }
        }

        /**
         * Whether a dictionary is small enough to keep ids of; makes its entries once per chunk.
         */
        private boolean keepsIds(byte[] bytes, int[] starts, int[] lengths) {
            if (starts == entriesOf) {
                return true;
            }
            int size = starts.length;
            if (size == 0 || starts[size - 1] + lengths[size - 1] - starts[0] > ID_BYTES) {
                return false;
            }
            entries = IdBytesVector.Entries.of(bytes, starts, lengths);
            entriesOf = starts;
            return true;
        }

        /** Copies {@code bytes[lo, lo + span)} once; value {@code k} points at its place in it. */
        private static void pointInto(
                HeapBytesVector vector,
                byte[] bytes,
                int lo,
                int span,
                int[] starts,
                int[] lengths,
                int from,
                int pos,
                int count) {
            vector.appendBytes(pos, bytes, lo, span);
            int base = vector.start[pos] - lo;
            int[] start = vector.start;
            int[] length = vector.length;
            for (int k = 0; k < count; k++) {
                start[pos + k] = base + starts[from + k];
                length[pos + k] = lengths[from + k];
            }
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            leaveIds(v, pos);
            if (onDictionaryPage.getAsBoolean()) {
                byte[] value = dictionaryBytes()[r.getCurrentValueDictionaryID()];
                ((HeapBytesVector) v).appendBytes(pos, value, 0, value.length);
            } else {
                append((HeapBytesVector) v, pos, r.getBinary());
            }
        }

        @Override
        public void decodeFlat(
                ColumnReader r, WritableColumnVector v, int pos, int count, int maxDef) {
            leaveIds(v, pos);
            HeapBytesVector vector = (HeapBytesVector) v;
            for (int i = pos, end = pos + count; i < end; i++) {
                if (r.getCurrentDefinitionLevel() != maxDef) {
                    vector.setNullAt(i);
                } else if (onDictionaryPage.getAsBoolean()) {
                    byte[] value = dictionaryBytes()[r.getCurrentValueDictionaryID()];
                    vector.appendBytes(i, value, 0, value.length);
                } else {
                    append(vector, i, r.getBinary());
                }
                r.consume();
            }
        }

        private byte[][] dictionaryBytes() {
            if (dictionaryBytes == null) {
                Dictionary dict = dictionary.get();
                byte[][] values = new byte[dict.getMaxId() + 1][];
                for (int id = 0; id < values.length; id++) {
                    values[id] = dict.decodeToBinary(id).getBytes();
                }
                dictionaryBytes = values;
            }
            return dictionaryBytes;
        }

        static void append(HeapBytesVector vector, int pos, Binary binary) {
            ByteBuffer bytes = onHeap(binary);
            vector.appendBytes(
                    pos, bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
        }

        /**
         * The bytes of {@code binary} in a heap buffer: its own when it has one, else a copy
         * (parquet-column hands out binaries over direct buffers too).
         */
        static ByteBuffer onHeap(Binary binary) {
            ByteBuffer bytes = binary.toByteBuffer();
            return bytes.hasArray() ? bytes : ByteBuffer.wrap(binary.getBytes());
        }
    }

    /** FLOAT16 (2 bytes, little-endian IEEE 754 half precision) to FLOAT. */
    static final class Float16s implements ValueDecoder {
        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapFloatVector(capacity);
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            Binary binary = r.getBinary();
            if (binary.length() != 2) {
                throw new IllegalArgumentException(
                        "FLOAT16 value has " + binary.length() + " bytes instead of 2");
            }
            ((HeapFloatVector) v).vector[pos] = toFloat(binary.get2BytesLittleEndian());
        }

        /** Widens IEEE 754 binary16 bits to a float, keeping NaN, infinities and subnormals. */
        static float toFloat(short half) {
            int sign = (half & 0x8000) << 16;
            int exponent = (half >>> 10) & 0x1F;
            int mantissa = half & 0x3FF;
            if (exponent == 0x1F) {
                return Float.intBitsToFloat(sign | 0x7F800000 | (mantissa << 13));
            }
            if (exponent == 0) {
                // zero or subnormal: mantissa * 2^-24
                float magnitude = mantissa * 0x1p-24f;
                return sign == 0 ? magnitude : -magnitude;
            }
            return Float.intBitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
        }
    }
}
