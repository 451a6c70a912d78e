package io.pqx.format.encode;

import java.math.BigDecimal;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.RowData;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * DECIMAL(p, s) to its physical type: the unscaled value as INT32 (p &le; 9) or INT64 (p &le; 18),
 * or as big-endian two's complement in a FIXED_LEN_BYTE_ARRAY (sign-extended to the column width)
 * or BYTE_ARRAY (minimal). A value with another scale is rescaled when that is exact; a value with
 * more than p digits is rejected naming the column, never truncated. Compact values (p &le; 18)
 * take an allocation-free path. Built by {@link RowShredder}.
 */
final class DecimalShredder extends FieldShredder {
    private static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private final LeafBuffer buf;
    private final int precision;
    private final int scale;
    private final PrimitiveTypeName physical;
    private final int fixedLength;

    DecimalShredder(LeafBuffer buf, int precision, int scale, int fixedLength) {
        this.buf = buf;
        this.precision = precision;
        this.scale = scale;
        this.physical = buf.type;
        this.fixedLength = fixedLength;
    }

    @Override
    public void writeField(RowData row, int pos, int r) {
        if (row.isNullAt(pos)) {
            buf.addLeafNull(r);
        } else {
            add(row.getDecimal(pos, precision, scale), r);
        }
    }

    @Override
    public void writeElement(ArrayData array, int index, int r) {
        if (array.isNullAt(index)) {
            buf.addLeafNull(r);
        } else {
            add(array.getDecimal(index, precision, scale), r);
        }
    }

    @Override
    public void writeNull(int r, int d) {
        buf.addNull(r, d);
    }

    private void add(DecimalData value, int r) {
        if (value.scale() == scale && value.isCompact()) {
            long unscaled = value.toUnscaledLong();
            // A long has at most 19 digits, so only columns of p <= 18 need the bound check.
            if (precision <= 18
                    && (unscaled >= POW10[precision] || unscaled <= -POW10[precision])) {
                throw doesNotFit(value);
            }
            addUnscaled(unscaled, r);
        } else {
            addBig(exact(value), r);
        }
    }

    private void addUnscaled(long unscaled, int r) {
        switch (physical) {
            case INT32 -> buf.addInt((int) unscaled, r);
            case INT64 -> buf.addLong(unscaled, r);
            default -> {
                int len = fixedLength >= 0 ? fixedLength : minimalLength(unscaled);
                int at = buf.reserveBinary(len, r);
                byte[] out = buf.bytes;
                for (int i = len - 1; i >= 0; i--) {
                    out[at + i] = (byte) unscaled;
                    unscaled >>= 8; // arithmetic shift sign-extends past the 8 value bytes
                }
            }
        }
    }

    private void addBig(BigDecimal value, int r) {
        if (value.precision() > precision) {
            throw doesNotFit(value);
        }
        if (value.precision() <= 18) {
            addUnscaled(value.unscaledValue().longValueExact(), r);
            return;
        }
        byte[] minimal = value.unscaledValue().toByteArray();
        int len = fixedLength >= 0 ? fixedLength : minimal.length;
        if (minimal.length > len) {
            throw doesNotFit(value);
        }
        int at = buf.reserveBinary(len, r);
        byte pad = (byte) (minimal[0] < 0 ? -1 : 0);
        for (int i = 0; i < len - minimal.length; i++) {
            buf.bytes[at + i] = pad;
        }
        System.arraycopy(minimal, 0, buf.bytes, at + len - minimal.length, minimal.length);
    }

    /** The value at the column's scale, or a rejection if that would round. */
    private BigDecimal exact(DecimalData value) {
        BigDecimal big = value.toBigDecimal();
        if (big.scale() == scale) {
            return big;
        }
        try {
            return big.setScale(scale);
        } catch (ArithmeticException e) {
            throw doesNotFit(big);
        }
    }

    private static int minimalLength(long v) {
        int bits = 64 - Long.numberOfLeadingZeros(v < 0 ? ~v : v) + 1; // + sign bit
        return Math.max(1, (bits + 7) / 8);
    }

    private ValueRejectedException doesNotFit(Object value) {
        return new ValueRejectedException(
                buf.path,
                "is DECIMAL("
                        + precision
                        + ", "
                        + scale
                        + ") but the value "
                        + value
                        + " does not fit");
    }
}
