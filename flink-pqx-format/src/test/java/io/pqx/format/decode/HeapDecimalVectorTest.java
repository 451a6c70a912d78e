package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class HeapDecimalVectorTest {

    @Test
    void keepsCompactDecimalsAsLongs() {
        HeapDecimalVector vector = new HeapDecimalVector(4, 18, 3);
        vector.setUnscaledLong(0, -123456789012345678L);
        vector.setNullAt(1);
        byte[] padded = {
            -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2
        }; // -2 in 16 bytes
        vector.setUnscaledBytes(2, padded, 0, padded.length);
        assertThat(vector.compact()).isTrue();
        assertThat(vector.getDecimal(0, 18, 3).toBigDecimal())
                .isEqualTo(new BigDecimal("-123456789012345.678"));
        assertThat(vector.isNullAt(1)).isTrue();
        assertThat(vector.getDecimal(2, 18, 3).toBigDecimal()).isEqualTo(new BigDecimal("-0.002"));
    }

    @Test
    void keepsWideDecimalsAsBytes() {
        HeapDecimalVector vector = new HeapDecimalVector(2, 38, 10);
        BigInteger big = new BigInteger("-12345678901234567890123456789012345678");
        byte[] bytes = big.toByteArray();
        vector.setUnscaledBytes(0, bytes, 0, bytes.length);
        vector.setUnscaledLong(1, 42);
        assertThat(vector.compact()).isFalse();
        assertThat(vector.getDecimal(0, 38, 10).toBigDecimal()).isEqualTo(new BigDecimal(big, 10));
        assertThat(vector.getDecimal(1, 38, 10).toBigDecimal())
                .isEqualTo(new BigDecimal(BigInteger.valueOf(42), 10));
        vector.reset();
        vector.setUnscaledLong(0, 7);
        assertThat(vector.getDecimal(0, 38, 10).toBigDecimal())
                .isEqualTo(new BigDecimal(BigInteger.valueOf(7), 10));
    }

    @Test
    void readsAnyWidthOfBigEndianTwosComplement() {
        assertThat(HeapDecimalVector.toLong(new byte[] {0x01, 0x00}, 0, 2)).isEqualTo(256);
        assertThat(HeapDecimalVector.toLong(new byte[] {(byte) 0x80}, 0, 1)).isEqualTo(-128);
        assertThat(HeapDecimalVector.toLong(new byte[0], 0, 0)).isZero();
        byte[] twelve = {0, 0, 0, 0, 0x7F, -1, -1, -1, -1, -1, -1, -1};
        assertThat(HeapDecimalVector.toLong(twelve, 0, 12)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void rejectsACompactValueWiderThan64Bits() {
        byte[] wide = {0, (byte) 0x80, 0, 0, 0, 0, 0, 0, 0}; // 2^63: positive, needs 65 bits
        assertThatThrownBy(() -> HeapDecimalVector.toLong(wide, 0, wide.length))
                .isInstanceOf(DecodeRefusal.class)
                .hasMessage("a DECIMAL's unscaled value of 9 bytes does not fit in 64 bits");
    }

    @Test
    void refusesAValueWithMoreDigitsThanItsPrecision() {
        HeapDecimalVector vector = new HeapDecimalVector(2, 20, 0);
        byte[] twentyDigits = new BigInteger("99999999999999999999").toByteArray();
        vector.setUnscaledBytes(0, twentyDigits, 0, twentyDigits.length);
        assertThat(vector.getDecimal(0, 20, 0).toBigDecimal())
                .isEqualByComparingTo("99999999999999999999");
        byte[] twentyOne = new BigInteger("-100000000000000000000").toByteArray();
        // Flink would read this value as null: pqx refuses it while decoding
        assertThatThrownBy(() -> vector.setUnscaledBytes(1, twentyOne, 0, twentyOne.length))
                .isInstanceOf(DecodeRefusal.class)
                .hasMessage("a DECIMAL(20, 0) value has 21 digits");
    }
}
