package io.pqx.format.encode;

/** Growth of the dictionaries' arrays, bounded so that a table never overflows an int. */
final class DictionaryTables {
    /** The largest power-of-two table: ids are ints and a table is kept at most half full. */
    private static final int MAX_CAPACITY = 1 << 30;

    private DictionaryTables() {}

    /** Twice {@code capacity}; an {@link IllegalStateException} past {@value #MAX_CAPACITY}. */
    static int grownCapacity(int capacity) {
        if (capacity >= MAX_CAPACITY) {
            throw new IllegalStateException(
                    "Cannot grow a dictionary past " + MAX_CAPACITY + " entries");
        }
        return capacity << 1;
    }
}
