package io.pqx.format.decode;

/**
 * Walks PLAIN-encoded FIXED_LEN_BYTE_ARRAY values (back to back, {@code width} bytes each) in
 * place: where each value starts and how long it is, every value within the section. Stateless.
 */
final class FixedBinaries {
    private FixedBinaries() {}

    /**
     * Records the start and length of each of the {@code count} values of {@code width} bytes in
     * {@code b[at, end)} into {@code starts[0, count)} and {@code lengths[0, count)}; false when
     * they do not fit before {@code end} (or the width is negative), as pqx's PLAIN check refuses
     * such a page.
     */
    static boolean index(
            byte[] b, int at, int end, int count, int width, int[] starts, int[] lengths) {
        if (width < 0 || (long) count * width > end - at) {
            return false;
        }
        for (int i = 0, start = at; i < count; i++, start += width) {
            starts[i] = start;
            lengths[i] = width;
        }
        return true;
    }
}
