package io.pqx.format.decode;

import java.util.Arrays;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.vector.Dictionary;
import org.apache.flink.table.data.columnar.vector.heap.HeapBytesVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;

/**
 * A Flink {@link HeapBytesVector} that holds either bytes (as any) or, for a batch whose values all
 * come from one small chunk dictionary, only their dictionary ids: Flink's dictionary mode, in
 * which {@code getBytes(i)} returns the entry of id {@code i}. Readers see no difference; the
 * decoder ({@link BinaryDecoders.Bytes}) saves copying each value. The decoder switches a vector
 * back to bytes ({@link #leaveIds}) before it writes bytes into it.
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
            data = entries.values[dictionaryIds.vector[i]];
            offset = 0;
            length = data.length;
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
        for (int i = 0; i < rows; i++) {
            byte[] entry = entries.values[dictionaryIds.vector[i]];
            appendBytes(i, entry, 0, entry.length);
        }
        entries = null;
        setDictionary(null);
    }

    /** A chunk dictionary's strings, one array each: what {@code getBytes} returns in id mode. */
    static final class Entries implements Dictionary {
        private final byte[][] values;

        private Entries(byte[][] values) {
            this.values = values;
        }

        /** Entry {@code id} is {@code bytes[starts[id], starts[id] + lengths[id])}. */
        static Entries of(byte[] bytes, int[] starts, int[] lengths) {
            byte[][] values = new byte[starts.length][];
            for (int id = 0; id < values.length; id++) {
                values[id] = Arrays.copyOfRange(bytes, starts[id], starts[id] + lengths[id]);
            }
            return new Entries(values);
        }

        @Override
        public byte[] decodeToBinary(int id) {
            return values[id];
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
