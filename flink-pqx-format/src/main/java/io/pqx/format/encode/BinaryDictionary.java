package io.pqx.format.encode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The distinct binary values of a column chunk, each numbered by first appearance (0, 1, 2, ...):
 * the ids parquet-column's binary dictionary writer assigns. Entries are copied into one byte
 * arena, in id order; an open-addressing table of ids, with each entry's hash kept beside it, finds
 * them.
 *
 * <p>Not thread-safe.
 */
final class BinaryDictionary {
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

    /** Slots hold id + 1; 0 is empty. Kept at most half full. */
    private int[] slots = new int[1 << 10];

    private int[] hashes = new int[1 << 9];

    /** Entry i is arena[starts[i], starts[i + 1]). */
    private int[] starts = new int[(1 << 9) + 1];

    private byte[] arena = new byte[1 << 12];
    private int size;

    int size() {
        return size;
    }

    /** Heap bytes of the table's arrays, as allocated (they grow with the entries). */
    long allocatedBytes() {
        return 4L * slots.length + 4L * hashes.length + 4L * starts.length + arena.length;
    }

    /** The bytes of all entries (without their lengths). */
    long entryBytes() {
        return starts[size];
    }

    /** The id of {@code bytes[start, start + length)}, numbering it next if it is new. */
    int idOf(byte[] bytes, int start, int length) {
        int hash = hash(bytes, start, length);
        int[] s = slots;
        int mask = s.length - 1;
        int at = hash & mask;
        while (true) {
            int slot = s[at];
            if (slot == 0) {
                return insert(bytes, start, length, hash, at);
            }
            int id = slot - 1;
            if (hashes[id] == hash) {
                int from = starts[id];
                if (starts[id + 1] - from == length
                        && sameBytes(arena, from, bytes, start, length)) {
                    return id;
                }
            }
            at = (at + 1) & mask;
        }
    }

    /** Appends entry {@code id} to {@code out} as one PLAIN binary. */
    void writeEntry(int id, PlainBuffer out) {
        int from = starts[id];
        out.putBinary(arena, from, starts[id + 1] - from);
    }

    /** Writes the first {@code count} entries in id order, PLAIN encoded. */
    void writeEntries(int count, PlainBuffer out) {
        for (int id = 0; id < count; id++) {
            writeEntry(id, out);
        }
    }

    /** Forgets every entry and gives back the table's memory (a dictionary given up for good). */
    void clear() {
        slots = new int[1 << 10];
        hashes = new int[1 << 9];
        starts = new int[(1 << 9) + 1];
        arena = new byte[1 << 12];
        size = 0;
    }

    private int insert(byte[] bytes, int start, int length, int hash, int at) {
        int id = size;
        if (id + 1 == starts.length) {
            int capacity = ArrayGrowth.doubled(hashes.length);
            hashes = Arrays.copyOf(hashes, capacity);
            starts = Arrays.copyOf(starts, capacity + 1);
        }
        int from = starts[id];
        long end = (long) from + length;
        if (end > arena.length) {
            arena =
                    Arrays.copyOf(
                            arena, ArrayGrowth.atLeast(arena.length, end, "a dictionary's bytes"));
        }
        System.arraycopy(bytes, start, arena, from, length);
        starts[id + 1] = (int) end;
        hashes[id] = hash;
        slots[at] = id + 1;
        size = id + 1;
        if (2L * size > slots.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        int capacity = ArrayGrowth.doubled(slots.length);
        int[] s = new int[capacity];
        int mask = capacity - 1;
        for (int id = 0; id < size; id++) {
            int at = hashes[id] & mask;
            while (s[at] != 0) {
                at = (at + 1) & mask;
            }
            s[at] = id + 1;
        }
        slots = s;
    }

    /**
     * Whether {@code a[aFrom, aFrom + length)} and {@code b[bFrom, bFrom + length)} hold the same
     * bytes, compared 8 at a time: dictionary entries are short, where this beats a general
     * mismatch search.
     */
    private static boolean sameBytes(byte[] a, int aFrom, byte[] b, int bFrom, int length) {
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            if ((long) LONGS.get(a, aFrom + i) != (long) LONGS.get(b, bFrom + i)) {
                return false;
            }
        }
        for (; i < length; i++) {
            if (a[aFrom + i] != b[bFrom + i]) {
                return false;
            }
        }
        return true;
    }

    /** A hash of the bytes, 8 at a time; its low bits pick the slot, so it is mixed last. */
    static int hash(byte[] b, int start, int length) {
        long h = length * MULTIPLIER;
        int i = start;
        int end = start + length;
        for (; i + 8 <= end; i += 8) {
            h = (h ^ (long) LONGS.get(b, i)) * MULTIPLIER;
            h ^= h >>> 29;
        }
        for (; i < end; i++) {
            h = (h ^ b[i]) * MULTIPLIER;
        }
        h ^= h >>> 32;
        h *= MULTIPLIER;
        return (int) (h ^ (h >>> 29));
    }
}
