package io.pqx.format.decode;

import java.math.BigInteger;
import java.nio.LongBuffer;
import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.columnar.vector.DecimalColumnVector;
import org.apache.flink.table.data.columnar.vector.heap.AbstractHeapVector;

/**
 * A writable Flink DECIMAL column. Values of precision up to 18 are kept as unscaled longs (no
 * allocation per value); wider ones as big-endian two's complement bytes in one shared buffer.
 *
 * <p>Written by the decoder, read through {@link DecimalColumnVector#getDecimal}; not thread-safe.
 */
@Internal
public final class HeapDecimalVector extends AbstractHeapVector implements DecimalColumnVector {
    private static final long serialVersionUID = 1L;

    private final int precision;
    private final int scale;
    private final long[] unscaled;
    private final int[] start;
    private final int[] length;
    private byte[] buffer;
    private int bytesUsed;

    /** 10^precision: a non-compact value's magnitude must stay below it. */
    private final BigInteger limit;

    public HeapDecimalVector(int capacity, int precision, int scale) {
        super(capacity);
        this.precision = precision;
        this.scale = scale;
        boolean compact = DecimalData.isCompact(precision);
        this.unscaled = compact ? new long[capacity] : null;
        this.start = compact ? null : new int[capacity];
        this.length = compact ? null : new int[capacity];
        this.buffer = compact ? null : new byte[Math.max(16, capacity * 8)];
        this.limit = BigInteger.TEN.pow(precision);
    }

    /** Whether values are kept as unscaled longs (precision up to 18). */
    public boolean compact() {
        return unscaled != null;
    }

    public int precision() {
        return precision;
    }

    public int scale() {
        return scale;
    }

    /** Sets row {@code i} to the decimal with this unscaled value. */
    public void setUnscaledLong(int i, long value) {
        if (unscaled != null) {
            unscaled[i] = value;
        } else {
            byte[] bytes = BigInteger.valueOf(value).toByteArray();
            setUnscaledBytes(i, bytes, 0, bytes.length);
        }
    }

    /** Sets rows {@code [pos, pos + count)} to the unscaled values {@code src[from...]}. */
    void setUnscaledLongs(int pos, long[] src, int from, int count) {
        if (unscaled != null) {
            System.arraycopy(src, from, unscaled, pos, count);
            return;
        }
        for (int k = 0; k < count; k++) {
            setUnscaledLong(pos + k, src[from + k]);
        }
    }

    /** Sets rows {@code [pos, pos + count)} to the unscaled values {@code values.get(from...)}. */
    void setUnscaledLongs(int pos, LongBuffer values, int from, int count) {
        if (unscaled != null) {
            values.get(from, unscaled, pos, count);
            return;
        }
        for (int k = 0; k < count; k++) {
            setUnscaledLong(pos + k, values.get(from + k));
        }
    }

    /** Sets row {@code pos + k} to the unscaled value {@code dictionary[ids[from + k]]}. */
    void setUnscaledLongs(int pos, long[] dictionary, int[] ids, int from, int count) {
        if (unscaled != null) {
            for (int k = 0; k < count; k++) {
                unscaled[pos + k] = dictionary[ids[from + k]];
            }
            return;
        }
        for (int k = 0; k < count; k++) {
            setUnscaledLong(pos + k, dictionary[ids[from + k]]);
        }
    }

    /**
     * Sets row {@code i} to the unscaled value in big-endian two's complement {@code bytes}. For a
     * compact vector the value must fit in a long.
     *
     * @throws DecodeRefusal when a compact vector is given a value wider than a long, or a value
     *     has more digits than the precision (Flink would read it as null)
     */
    public void setUnscaledBytes(int i, byte[] bytes, int offset, int len) {
        if (unscaled != null) {
            unscaled[i] = toLong(bytes, offset, len);
            return;
        }
        // up to 8 bytes hold less than 2^63, below the limit of any precision over 18
        if (len > 8 && new BigInteger(bytes, offset, len).abs().compareTo(limit) >= 0) {
            throw new DecodeRefusal(
                    "a DECIMAL("
                            + precision
                            + ", "
                            + scale
                            + ") value has "
                            + new BigInteger(bytes, offset, len).abs().toString().length()
                            + " digits");
        }
        if (buffer.length - bytesUsed < len) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, bytesUsed + len));
        }
        System.arraycopy(bytes, offset, buffer, bytesUsed, len);
        start[i] = bytesUsed;
        length[i] = len;
        bytesUsed += len;
    }

    /** The unscaled value of row {@code i} of a compact vector. */
    public long unscaledLong(int i) {
        return unscaled[i];
    }

    @Override
    public DecimalData getDecimal(int i, int precision, int scale) {
        if (unscaled != null) {
            return DecimalData.fromUnscaledLong(unscaled[i], precision, scale);
        }
        byte[] bytes = Arrays.copyOfRange(buffer, start[i], start[i] + length[i]);
        return DecimalData.fromUnscaledBytes(bytes, precision, scale);
    }

    @Override
    public void reset() {
        super.reset();
        bytesUsed = 0;
    }

    /**
     * Converts big-endian two's complement bytes to a long, rejecting values wider than 64 bits.
     */
    static long toLong(byte[] bytes, int offset, int len) {
        if (len == 0) {
            return 0;
        }
        int skip = Math.max(0, len - 8);
        long value = bytes[offset + skip]; // sign-extended first significant byte
        for (int k = offset + skip + 1; k < offset + len; k++) {
            value = (value << 8) | (bytes[k] & 0xFF);
        }
        byte sign = (byte) (value < 0 ? -1 : 0);
        for (int k = offset; k < offset + skip; k++) {
            if (bytes[k] != sign) {
                throw new DecodeRefusal(
                        "a DECIMAL's unscaled value of " + len + " bytes does not fit in 64 bits");
            }
        }
        return value;
    }
}
