package io.pqx.format.encode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;

/**
 * A growable byte buffer holding values in Parquet's PLAIN encoding: little-endian 4- and 8-byte
 * numbers, and binaries as a little-endian 4-byte length followed by their bytes. The bytes are
 * those of parquet-column's {@code PlainValuesWriter} for the same values. Reused page after page
 * by {@link #clear()}.
 *
 * <p>Not thread-safe.
 */
final class PlainBuffer {
    private static final VarHandle INTS =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] buf = new byte[1024];
    private int size;

    /** Bytes allocated for the buffer. */
    int capacity() {
        return buf.length;
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }

    /** A view of the bytes written so far; valid until the next write or {@link #clear()}. */
    BytesInput bytes() {
        return BytesInput.from(buf, 0, size);
    }

    void putInt(int v) {
        reserve(4);
        INTS.set(buf, size, v);
        size += 4;
    }

    void putLong(long v) {
        reserve(8);
        LONGS.set(buf, size, v);
        size += 8;
    }

    void putInts(int[] v, int from, int to) {
        reserve(4L * (to - from));
        byte[] b = buf;
        int at = size;
        for (int i = from; i < to; i++, at += 4) {
            INTS.set(b, at, v[i]);
        }
        size = at;
    }

    void putFloatBits(float[] v, int from, int to) {
        reserve(4L * (to - from));
        byte[] b = buf;
        int at = size;
        for (int i = from; i < to; i++, at += 4) {
            INTS.set(b, at, Float.floatToRawIntBits(v[i]));
        }
        size = at;
    }

    void putLongs(long[] v, int from, int to) {
        reserve(8L * (to - from));
        byte[] b = buf;
        int at = size;
        for (int i = from; i < to; i++, at += 8) {
            LONGS.set(b, at, v[i]);
        }
        size = at;
    }

    void putDoubleBits(double[] v, int from, int to) {
        reserve(8L * (to - from));
        byte[] b = buf;
        int at = size;
        for (int i = from; i < to; i++, at += 8) {
            LONGS.set(b, at, Double.doubleToRawLongBits(v[i]));
        }
        size = at;
    }

    /** One binary: its length, then its bytes. */
    void putBinary(byte[] src, int start, int length) {
        reserve(4L + length);
        INTS.set(buf, size, length);
        System.arraycopy(src, start, buf, size + 4, length);
        size += 4 + length;
    }

    /** Binaries {@code from} to {@code to} of a buffer that ends binary i at offsets[i + 1]. */
    void putBinaries(byte[] src, int[] offsets, int from, int to) {
        reserve(4L * (to - from) + (offsets[to] - offsets[from]));
        byte[] b = buf;
        int at = size;
        for (int i = from; i < to; i++) {
            int start = offsets[i];
            int length = offsets[i + 1] - start;
            INTS.set(b, at, length);
            System.arraycopy(src, start, b, at + 4, length);
            at += 4 + length;
        }
        size = at;
    }

    private void reserve(long extra) {
        long needed = size + extra;
        if (needed > buf.length) {
            buf = Arrays.copyOf(buf, ArrayGrowth.atLeast(buf.length, needed, "a page's values"));
        }
    }
}
