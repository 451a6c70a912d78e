package io.pqx.format.decode;

import java.util.Arrays;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.vector.Dictionary;
import org.apache.flink.table.data.columnar.vector.heap.HeapBytesVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;

/**
 * A Flink {@link HeapBytesVector} that holds either bytes (as any) or, for a batch whose values all
 * come from one chunk dictionary, only their dictionary ids: Flink's dictionary mode, in which
 * {@code getBytes(i)} returns the entry of id {@code i}. Readers see no difference; the decoder
 * ({@link BinaryDecoders.Bytes}) saves copying each value. The decoder switches a vector back to
 * bytes ({@link #leaveIds}) before it writes bytes into it.
 *
 * <p>Written by one decoder; not thread-safe.
 */
final class IdBytesVector extends HeapBytesVector {
    private static final long serialVersionUID = 1L;

    /**
     * The entries the vector holds ids of (also its Flink dictionary); null while it holds bytes.
     */
    private Entries entries;

    IdBytesVector(int capacity) {
        super(capacity);
    }

    /**
     * As Flink's, in both modes, through one allocation: a caller's {@code Bytes} stays
     * allocation-free once the JIT inlines this (two allocations merging at a return would defeat
     * its escape analysis, at a call site that sees both modes).
     */
    @Override
    public Bytes getBytes(int i) {
        byte[] data;
        int offset;
        int length;
        if (entries != null) {
            int id = dictionaryIds.vector[i];
            data = entries.bytes;
            offset = entries.starts[id] - entries.base;
            length = entries.lengths[id];
        } else {
            data = buffer;
            offset = start[i];
            length = this.length[i];
        }
        return new Bytes(data, offset, length);
    }

    /** Whether the vector holds ids of {@code entries}. */
    boolean holdsIdsOf(Entries entries) {
        return this.entries == entries;
    }

    /**
     * Makes the vector hold ids of {@code entries}, from row 0; returns the array to write them to.
     */
    int[] holdIds(Entries entries) {
        this.entries = entries;
        setDictionary(entries);
        HeapIntVector ids = reserveDictionaryIds(getLen());
        return ids.vector;
    }

    /** The ids array of a vector that {@link #holdsIdsOf} some entries. */
    int[] ids() {
        return dictionaryIds.vector;
    }

    /**
     * Turns rows {@code [0, rows)} held as ids into bytes and leaves dictionary mode, so that bytes
     * can be written from row {@code rows} on; does nothing to a vector holding bytes.
     */
    void leaveIds(int rows) {
        if (entries == null) {
            return;
        }
        Entries e = entries;
        for (int i = 0; i < rows; i++) {
            int id = dictionaryIds.vector[i];
            appendBytes(i, e.bytes, e.starts[id] - e.base, e.lengths[id]);
        }
        entries = null;
        setDictionary(null);
    }

    /**
     * A chunk dictionary's strings, copied once into one array (not one array per entry: a chunk of
     * tens of thousands of entries would otherwise allocate as many objects): what {@code getBytes}
     * points into in id mode. Entry {@code id} is {@code bytes[starts[id] - base, starts[id] - base
     * + lengths[id])}; {@code starts} and {@code lengths} are the flat dictionary's own (immutable)
     * arrays.
     */
    static final class Entries implements Dictionary {
        private final byte[] bytes;
        private final int[] starts;
        private final int[] lengths;
        private final int base;

        private Entries(byte[] bytes, int[] starts, int[] lengths, int base) {
            this.bytes = bytes;
            this.starts = starts;
            this.lengths = lengths;
            this.base = base;
        }

        /**
         * Entry {@code id} is {@code bytes[starts[id], starts[id] + lengths[id])}, the entries in
         * id order ({@link FlatDictionary}'s layout): their span is copied, the arrays kept.
         */
        static Entries of(byte[] bytes, int[] starts, int[] lengths) {
            int size = starts.length;
            int lo = size == 0 ? 0 : starts[0];
            int hi = size == 0 ? 0 : starts[size - 1] + lengths[size - 1];
            return new Entries(Arrays.copyOfRange(bytes, lo, hi), starts, lengths, lo);
        }

        /** A copy of entry {@code id} (Flink's contract; {@code getBytes} does not copy). */
        @Override
        public byte[] decodeToBinary(int id) {
            int from = starts[id] - base;
            return Arrays.copyOfRange(bytes, from, from + lengths[id]);
        }

        @Override
        public int decodeToInt(int id) {
            throw new UnsupportedOperationException("a string dictionary");
        }

        @Override
        public long decodeToLong(int id) {
            throw new UnsupportedOperationException("a string dictionary");
        }

        @Override
        public float decodeToFloat(int id) {
            throw new UnsupportedOperationException("a string dictionary");
        }

        @Override
        public double decodeToDouble(int id) {
            throw new UnsupportedOperationException("a string dictionary");
        }

        @Override
        public TimestampData decodeToTimestamp(int id) {
            throw new UnsupportedOperationException("a string dictionary");
        }
    }
}
