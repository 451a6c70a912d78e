package io.pqx.format.encode;

import java.util.Arrays;

/**
 * The distinct 8-byte values of a column chunk, each numbered by first appearance (0, 1, 2, ...):
 * the ids parquet-column's dictionary writers assign, kept in an open-addressing table of ids over
 * an array of keys in id order. INT64 values, or DOUBLE values as their raw bits.
 *
 * <p>{@link IntDictionary} and {@link LongDictionary} are the same table over int and long keys,
 * written twice on purpose: one generic table would box every key on the per-value path.
 *
 * <p>Not thread-safe.
 */
final class LongDictionary {
    /** Slots hold id + 1; 0 is empty. Kept at most half full. */
    private int[] slots = new int[1 << 10];

    private int shift = Long.SIZE - 10;
    private long[] keys = new long[1 << 9];
    private int size;

    int size() {
        return size;
    }

    /** Heap bytes of the table's arrays, as allocated (they grow with the entries). */
    long allocatedBytes() {
        return 4L * slots.length + 8L * keys.length;
    }

    /** The id of {@code key}, numbering it next if it is new. */
    int idOf(long key) {
        int[] s = slots;
        int mask = s.length - 1;
        int at = (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
        while (true) {
            int slot = s[at];
            if (slot == 0) {
                return insert(key, at);
            }
            if (keys[slot - 1] == key) {
                return slot - 1;
            }
            at = (at + 1) & mask;
        }
    }

    long key(int id) {
        return keys[id];
    }

    /** Writes the first {@code count} entries in id order, PLAIN encoded. */
    void writeEntries(int count, PlainBuffer out) {
        out.putLongs(keys, 0, count);
    }

    /** Forgets every entry and gives back the table's memory (a dictionary given up for good). */
    void clear() {
        slots = new int[1 << 10];
        shift = Long.SIZE - 10;
        keys = new long[1 << 9];
        size = 0;
    }

    private int insert(long key, int at) {
        int id = size;
        if (id == keys.length) {
            keys = Arrays.copyOf(keys, ArrayGrowth.doubled(keys.length));
        }
        keys[id] = key;
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
        int newShift = Long.SIZE - Integer.numberOfTrailingZeros(capacity);
        int mask = capacity - 1;
        for (int id = 0; id < size; id++) {
            int at = (int) ((keys[id] * 0x9E3779B97F4A7C15L) >>> newShift);
            while (s[at] != 0) {
                at = (at + 1) & mask;
            }
            s[at] = id + 1;
        }
        slots = s;
        shift = newShift;
    }
}
