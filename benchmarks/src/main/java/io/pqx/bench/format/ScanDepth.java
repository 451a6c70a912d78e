package io.pqx.bench.format;

/**
 * How much of each string value a scan folds into its checksum.
 *
 * <p>Timed scans use {@link #LENGTHS} (every value is reached, as a query touching it would); the
 * untimed verification after the rounds uses {@link #CONTENT}, which reads every byte.
 */
public enum ScanDepth {
    LENGTHS,
    CONTENT;

    /**
     * The checksum contribution of one string value held in {@code bytes[offset, offset+length)}.
     */
    public long digest(byte[] bytes, int offset, int length) {
        if (this == LENGTHS) {
            return length;
        }
        long h = length;
        for (int i = offset; i < offset + length; i++) {
            h = h * 31 + bytes[i];
        }
        return h;
    }
}
