package io.pqx.format.decode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Unpacks whole groups of 8 bit-packed values (Parquet's little-endian bit packing, the groups of
 * an RLE / bit-packed hybrid run) of width 1..32 by unaligned 8-byte reads, several values from
 * each read: 8 values from one read up to 8 bits, 4 up to 16, 2 up to 29, and one per read above.
 * Every read lies before the caller's {@code end}: {@link #unpack} takes the leading groups for
 * which that holds and leaves the others (the last few of a section) to the caller.
 *
 * <p>Why not parquet-column's {@code BytePacker}s: they assemble each value from single bytes, one
 * class per width behind a virtual call. Measured on 20,000-value pages taken in stretches of 2,048
 * (time per value, JIT warm, best of 80 runs on the shared 2-core machine), parquet-column's
 * packers, then one 8-byte read per value (what the decoder used from 12 bits on), against this
 * class: 0.35 / - / 0.38 ns at 1 bit, 0.56 / - / 0.43 at 3, 0.61 / - / 0.49 at 6, - / 0.93 / 0.49
 * at 12, - / 0.93 / 0.36 at 14, - / 0.93 / 0.49 to 0.52 at 17 to 24. Full scans of pqx's own
 * lineitem file (ids of 1 to 6 bits for small dictionaries, 12 and 14 for dates and supplier keys,
 * 13 to 17 for order keys), old and new decoder alternating in one JVM: 0.943 to 0.958 of the old
 * thread CPU (medians of 16 to 60 pairs); leaving 1 and 2 bits to the packers made no difference
 * there, so every width goes through this class.
 *
 * <p>Each width range is one small loop whose width is a parameter; {@link #unpack} calls it once
 * per width with that width as a constant, so the JIT, inlining the calls it sees taken, compiles
 * one copy per width in use with its shifts and masks folded to constants (the same loop with the
 * width as a variable took 0.51 to 0.58 ns per value). Stateless.
 */
final class PackedGroups {
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private PackedGroups() {}

    /**
     * Unpacks the leading groups among the {@code groups} groups of {@code width}-bit values packed
     * from {@code b[at]} (group {@code g} at {@code b[at + g * width]}) whose 8-byte reads all lie
     * before {@code end}, into {@code out[o...]}, 8 values per group.
     *
     * @param width 1..32
     * @return the groups unpacked (the first ones, 0 to {@code groups})
     */
    static int unpack(byte[] b, int at, int end, int width, int[] out, int o, int groups) {
        // group g's last read starts lastRead(width) bytes into it and takes 8 bytes
        long room = (long) end - at - 8 - lastRead(width);
        if (room < 0 || groups <= 0) {
            return 0;
        }
        int n = (int) Math.min(groups, room / width + 1);
        switch (width) {
            case 1 -> upTo8(b, at, 1, out, o, n);
            case 2 -> upTo8(b, at, 2, out, o, n);
            case 3 -> upTo8(b, at, 3, out, o, n);
            case 4 -> upTo8(b, at, 4, out, o, n);
            case 5 -> upTo8(b, at, 5, out, o, n);
            case 6 -> upTo8(b, at, 6, out, o, n);
            case 7 -> upTo8(b, at, 7, out, o, n);
            case 8 -> upTo8(b, at, 8, out, o, n);
            case 9 -> upTo16(b, at, 9, out, o, n);
            case 10 -> upTo16(b, at, 10, out, o, n);
            case 11 -> upTo16(b, at, 11, out, o, n);
            case 12 -> upTo16(b, at, 12, out, o, n);
            case 13 -> upTo16(b, at, 13, out, o, n);
            case 14 -> upTo16(b, at, 14, out, o, n);
            case 15 -> upTo16(b, at, 15, out, o, n);
            case 16 -> upTo16(b, at, 16, out, o, n);
            case 17 -> upTo29(b, at, 17, out, o, n);
            case 18 -> upTo29(b, at, 18, out, o, n);
            case 19 -> upTo29(b, at, 19, out, o, n);
            case 20 -> upTo29(b, at, 20, out, o, n);
            case 21 -> upTo29(b, at, 21, out, o, n);
            case 22 -> upTo29(b, at, 22, out, o, n);
            case 23 -> upTo29(b, at, 23, out, o, n);
            case 24 -> upTo29(b, at, 24, out, o, n);
            case 25 -> upTo29(b, at, 25, out, o, n);
            case 26 -> upTo29(b, at, 26, out, o, n);
            case 27 -> upTo29(b, at, 27, out, o, n);
            case 28 -> upTo29(b, at, 28, out, o, n);
            case 29 -> upTo29(b, at, 29, out, o, n);
            default -> oneEach(b, at, width, out, o, n);
        }
        return n;
    }

    /**
     * Where the last 8-byte read of a group starts, in bytes from the group's start: reads start at
     * the byte holding the first bit of values 0 (up to 8 bits), 0 and 4 (up to 16), 0, 2, 4 and 6
     * (up to 29), or each value.
     */
    static int lastRead(int width) {
        if (width <= 8) {
            return 0;
        }
        if (width <= 16) {
            return (4 * width) >>> 3;
        }
        return width <= 29 ? (6 * width) >>> 3 : (7 * width) >>> 3;
    }

    /** 8 values from one read: 8 values of up to 8 bits span at most the 8 bytes read. */
    private static void upTo8(byte[] b, int at, int w, int[] out, int o, int groups) {
        long mask = (1L << w) - 1;
        for (int g = 0; g < groups; g++) {
            long v = (long) LONGS.get(b, at + g * w);
            int k = o + (g << 3);
            out[k] = (int) (v & mask);
            out[k + 1] = (int) ((v >>> w) & mask);
            out[k + 2] = (int) ((v >>> 2 * w) & mask);
            out[k + 3] = (int) ((v >>> 3 * w) & mask);
            out[k + 4] = (int) ((v >>> 4 * w) & mask);
            out[k + 5] = (int) ((v >>> 5 * w) & mask);
            out[k + 6] = (int) ((v >>> 6 * w) & mask);
            out[k + 7] = (int) ((v >>> 7 * w) & mask);
        }
    }

    /**
     * 4 values per read: values 0 and 4 start at bits 0 and {@code 4w} (shift 0 or 4 into their
     * byte), and 4 values of up to 16 bits after a shift of at most 4 fit in 64 bits (at 15 bits: 4
     * + 60).
     */
    private static void upTo16(byte[] b, int at, int w, int[] out, int o, int groups) {
        long mask = (1L << w) - 1;
        int second = (4 * w) >>> 3;
        int shift = (4 * w) & 7;
        for (int g = 0; g < groups; g++) {
            int p = at + g * w;
            long v = (long) LONGS.get(b, p);
            long u = (long) LONGS.get(b, p + second) >>> shift;
            int k = o + (g << 3);
            out[k] = (int) (v & mask);
            out[k + 1] = (int) ((v >>> w) & mask);
            out[k + 2] = (int) ((v >>> 2 * w) & mask);
            out[k + 3] = (int) ((v >>> 3 * w) & mask);
            out[k + 4] = (int) (u & mask);
            out[k + 5] = (int) ((u >>> w) & mask);
            out[k + 6] = (int) ((u >>> 2 * w) & mask);
            out[k + 7] = (int) ((u >>> 3 * w) & mask);
        }
    }

    /**
     * 2 values per read: values 0, 2, 4 and 6 start at bits 0, {@code 2w}, {@code 4w} and {@code
     * 6w} (a shift of at most 6 into their byte), and 2 values of up to 29 bits after it fit in 64
     * bits.
     */
    private static void upTo29(byte[] b, int at, int w, int[] out, int o, int groups) {
        long mask = (1L << w) - 1;
        int at1 = (2 * w) >>> 3;
        int s1 = (2 * w) & 7;
        int at2 = (4 * w) >>> 3;
        int s2 = (4 * w) & 7;
        int at3 = (6 * w) >>> 3;
        int s3 = (6 * w) & 7;
        for (int g = 0; g < groups; g++) {
            int p = at + g * w;
            long v0 = (long) LONGS.get(b, p);
            long v1 = (long) LONGS.get(b, p + at1) >>> s1;
            long v2 = (long) LONGS.get(b, p + at2) >>> s2;
            long v3 = (long) LONGS.get(b, p + at3) >>> s3;
            int k = o + (g << 3);
            out[k] = (int) (v0 & mask);
            out[k + 1] = (int) ((v0 >>> w) & mask);
            out[k + 2] = (int) (v1 & mask);
            out[k + 3] = (int) ((v1 >>> w) & mask);
            out[k + 4] = (int) (v2 & mask);
            out[k + 5] = (int) ((v2 >>> w) & mask);
            out[k + 6] = (int) (v3 & mask);
            out[k + 7] = (int) ((v3 >>> w) & mask);
        }
    }

    /** One value per read (30 to 32 bits: a value and its shift of up to 7 fit in 64 bits). */
    private static void oneEach(byte[] b, int at, int w, int[] out, int o, int groups) {
        long mask = (1L << w) - 1;
        long bit = (long) at << 3;
        for (int j = 0, n = groups << 3; j < n; j++) {
            long word = (long) LONGS.get(b, (int) (bit >>> 3));
            out[o + j] = (int) ((word >>> (bit & 7)) & mask);
            bit += w;
        }
    }
}
