package io.pqx.format.encode;

import java.nio.ByteBuffer;

/**
 * The length in bytes of the one Variant value that starts at an offset, read from its header (and,
 * for objects and arrays, their last offset) as Parquet's VariantEncoding lays it out. Parquet-
 * variant has this ({@code VariantUtil.valueSize}) but keeps it package-private; the writer needs
 * it to cut an object field or array element out of its parent's bytes (parquet-variant's views of
 * them run on to the end of the parent). Stateless.
 */
final class VariantValueSize {
    private static final int PRIMITIVE = 0;
    private static final int SHORT_STRING = 1;
    private static final int OBJECT = 2;

    private VariantValueSize() {}

    /**
     * The size of the value at {@code pos}.
     *
     * @throws IllegalArgumentException if the header is not a Variant's or the value runs past the
     *     end of {@code bytes}
     */
    static int of(byte[] bytes, int pos) {
        return of(ByteBuffer.wrap(bytes), pos);
    }

    /** The size of the value at absolute index {@code pos} of {@code bytes} (limit its end). */
    static int of(ByteBuffer bytes, int pos) {
        check(bytes, pos, 1);
        int header = bytes.get(pos) & 0xFF;
        int basicType = header & 0x3;
        int valueHeader = header >>> 2;
        int size;
        if (basicType == PRIMITIVE) {
            size = primitive(bytes, pos, valueHeader);
        } else if (basicType == SHORT_STRING) {
            size = 1 + valueHeader;
        } else {
            boolean object = basicType == OBJECT;
            int offsetSize = (valueHeader & 0x3) + 1;
            int idSize = object ? ((valueHeader >>> 2) & 0x3) + 1 : 0;
            boolean large = ((valueHeader >>> (object ? 4 : 2)) & 0x1) == 1;
            int countSize = large ? 4 : 1;
            check(bytes, pos + 1, countSize);
            int count = (int) little(bytes, pos + 1, countSize);
            long offsets = 1L + countSize + (long) count * idSize;
            check(bytes, pos + offsets, (count + 1L) * offsetSize);
            long last =
                    little(bytes, (int) (pos + offsets + (long) count * offsetSize), offsetSize);
            long total = offsets + (count + 1L) * offsetSize + last;
            if (total > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("a Variant value of " + total + " bytes");
            }
            size = (int) total;
        }
        check(bytes, pos, size);
        return size;
    }

    private static int primitive(ByteBuffer bytes, int pos, int typeId) {
        switch (typeId) {
            case 0: // null
            case 1: // true
            case 2: // false
                return 1;
            case 3: // int8
                return 2;
            case 4: // int16
                return 3;
            case 5: // int32
            case 11: // date
            case 14: // float
                return 5;
            case 6: // int64
            case 7: // double
            case 12: // timestamp
            case 13: // timestamp without time zone
            case 17: // time
            case 18: // timestamp nanos
            case 19: // timestamp nanos without time zone
                return 9;
            case 8: // decimal4: scale byte and 4 bytes
                return 6;
            case 9: // decimal8
                return 10;
            case 10: // decimal16
                return 18;
            case 15: // binary: 4-byte length
            case 16: // string
                check(bytes, pos + 1, 4);
                long length = little(bytes, pos + 1, 4);
                if (length > Integer.MAX_VALUE - 5) {
                    throw new IllegalArgumentException("a Variant value of " + length + " bytes");
                }
                return 5 + (int) length;
            case 20: // uuid
                return 17;
            default:
                throw new IllegalArgumentException("unknown Variant primitive type " + typeId);
        }
    }

    private static long little(ByteBuffer bytes, int at, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (long) (bytes.get(at + i) & 0xFF) << (8 * i);
        }
        return v;
    }

    private static void check(ByteBuffer bytes, long at, long n) {
        if (at < 0 || n < 0 || at + n > bytes.limit()) {
            throw new IllegalArgumentException(
                    "a Variant value runs past the end of its "
                            + bytes.limit()
                            + " bytes (at byte "
                            + at
                            + ", "
                            + n
                            + " more)");
        }
    }
}
