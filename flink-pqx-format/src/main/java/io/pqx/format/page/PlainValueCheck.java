package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Checks PLAIN values of one column's physical type: BINARY values' length prefixes stay inside the
 * section, fixed-width values (and bit-packed booleans) fit in it. Also knows the bytes of one
 * fixed-width value, for the encodings that lay values out by width. Allocates nothing; used on one
 * thread.
 */
final class PlainValueCheck {
    /** A length prefix read in one load (as the bulk decoder reads it). */
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final FileContext ctx;
    private final PrimitiveTypeName physical;
    private final int typeLength;

    PlainValueCheck(FileContext ctx, PrimitiveTypeName physical, int typeLength) {
        this.ctx = ctx;
        this.physical = physical;
        this.typeLength = typeLength;
    }

    /** {@code n} PLAIN values of a data page in {@code [at, end)}. */
    void values(byte[] b, int at, int end, int n, String what) throws CorruptFileException {
        if (end(b, at, end, n, what, null) < 0) {
            throw ctx.corrupt(
                    what,
                    n
                            + " "
                            + physical
                            + " values need "
                            + ((long) n * fixedWidth())
                            + " bytes; "
                            + (end - at)
                            + " are left");
        }
    }

    /**
     * The end of {@code n} PLAIN values from {@code at}, or -1 when fixed-width values do not fit
     * before {@code end}.
     *
     * @param missingLength the reason given when a BINARY value has no length prefix; null for the
     *     default, which names the value
     * @throws CorruptFileException when a BINARY value's length prefix is missing or runs past
     *     {@code end}
     */
    int end(byte[] b, int at, int end, int n, String what, String missingLength)
            throws CorruptFileException {
        return end(b, at, end, n, what, missingLength, null, null);
    }

    /**
     * As above; when {@code starts} and {@code lengths} are not null (and BINARY values are
     * walked), also records where each value starts and how long it is: the walk a bulk decoder
     * would otherwise make again. Their contents are undefined when this throws.
     */
    int end(
            byte[] b,
            int at,
            int end,
            int n,
            String what,
            String missingLength,
            int[] starts,
            int[] lengths)
            throws CorruptFileException {
        if (physical == PrimitiveTypeName.BINARY) {
            int pos = at;
            boolean record = starts != null;
            for (int i = 0; i < n; i++) {
                if (end - pos < 4) {
                    throw ctx.corrupt(
                            what,
                            missingLength != null
                                    ? missingLength
                                    : "value "
                                            + i
                                            + " of "
                                            + n
                                            + " has no length prefix: "
                                            + (end - pos)
                                            + " bytes are left");
                }
                int length = (int) INT_LE.get(b, pos);
                pos += 4;
                if (length < 0 || length > end - pos) {
                    throw ctx.corrupt(
                            what,
                            "value "
                                    + i
                                    + "'s length prefix says "
                                    + Integer.toUnsignedString(length)
                                    + " bytes; "
                                    + (end - pos)
                                    + " are left");
                }
                if (record) {
                    starts[i] = pos;
                    lengths[i] = length;
                }
                pos += length;
            }
            return pos;
        }
        if (physical == PrimitiveTypeName.BOOLEAN) {
            long bytes = (n + 7L) / 8;
            return bytes > end - at ? -1 : (int) (at + bytes);
        }
        long bytes = (long) n * fixedWidth();
        return bytes > end - at ? -1 : (int) (at + bytes);
    }

    /** The bytes of one value of a fixed-width type. */
    int fixedWidth() {
        return switch (physical) {
            case INT32, FLOAT -> 4;
            case INT64, DOUBLE -> 8;
            case INT96 -> 12;
            case FIXED_LEN_BYTE_ARRAY -> typeLength;
            case BOOLEAN -> 1;
            case BINARY -> 4;
        };
    }
}
