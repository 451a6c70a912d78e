package io.pqx.format.encode;

/**
 * How the flat writer's arrays grow: power-of-two dictionary tables double up to 2^30 slots, and
 * value buffers grow to at least what is needed, doubling, up to the largest array the JVM reliably
 * allocates. Past either bound an {@link IllegalStateException} says what outgrew it, which the
 * flat writer reports as the column's encoding failure.
 */
final class ArrayGrowth {
    /** The largest power-of-two table: ids are ints and a table is kept at most half full. */
    private static final int MAX_TABLE = 1 << 30;

    /** Largest array the JVM reliably allocates. */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private ArrayGrowth() {}

    /** Twice {@code capacity}, for a power-of-two table of dictionary entries. */
    static int doubled(int capacity) {
        if (capacity >= MAX_TABLE) {
            throw new IllegalStateException(
                    "Cannot grow a dictionary past " + MAX_TABLE + " entries");
        }
        return capacity << 1;
    }

    /**
     * The new length of an array of {@code length} that must hold {@code needed} elements: at least
     * twice as long, or {@code needed} if more; {@code what} names its content in the error.
     */
    static int atLeast(int length, long needed, String what) {
        if (needed > MAX_ARRAY) {
            throw new IllegalStateException(
                    "Cannot encode " + what + ": more than " + MAX_ARRAY + " elements");
        }
        return (int) Math.min(MAX_ARRAY, Math.max(needed, 2L * length));
    }
}
