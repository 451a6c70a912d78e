package io.pqx.format.predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

class ColumnDomainTest {

    private static Object coerce(Object value, LogicalType type) {
        return ColumnDomain.coerce(Literal.of(value), type);
    }

    private static void rejects(Object value, LogicalType type) {
        assertThatThrownBy(() -> coerce(value, type))
                .as(value + " for " + type)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(type.asSummaryString())
                .hasMessageContaining("does not fit");
    }

    @Test
    void convertsIntegersExactlyWithinTheTypesRange() {
        assertThat(coerce(5, new IntType())).isEqualTo(5L);
        assertThat(coerce((byte) -3, new BigIntType())).isEqualTo(-3L);
        assertThat(coerce(new BigDecimal("12"), new SmallIntType())).isEqualTo(12L);
        assertThat(coerce(BigInteger.valueOf(Long.MAX_VALUE), new BigIntType()))
                .isEqualTo(Long.MAX_VALUE);
        rejects(300, new TinyIntType());
        rejects(-129, new TinyIntType());
        rejects(1L << 31, new IntType());
        rejects(new BigDecimal("1.5"), new IntType());
        rejects(5.0, new IntType());
        rejects("5", new IntType());
        rejects(true, new IntType());
    }

    @Test
    void convertsFloatingPointExactlyAndMakesNegativeZeroZero() {
        assertThat(coerce(0.5, new FloatType())).isEqualTo(0.5);
        assertThat(coerce(0.5f, new DoubleType())).isEqualTo(0.5);
        assertThat(coerce(-0.0, new DoubleType())).isEqualTo(0.0);
        assertThat(Double.doubleToRawLongBits((Double) coerce(-0.0, new DoubleType()))).isZero();
        assertThat(coerce(7, new DoubleType())).isEqualTo(7.0);
        assertThat(coerce(Double.POSITIVE_INFINITY, new FloatType()))
                .isEqualTo(Double.POSITIVE_INFINITY);
        rejects(0.1, new FloatType()); // 0.1 is no float
        rejects(Long.MAX_VALUE, new DoubleType());
        rejects("1.0", new DoubleType());
    }

    @Test
    void convertsDecimalsAtTheColumnsScale() {
        assertThat(coerce(new BigDecimal("1.5"), new DecimalType(5, 2)))
                .isEqualTo(new BigDecimal("1.50"));
        assertThat(coerce(3, new DecimalType(3, 1))).isEqualTo(new BigDecimal("3.0"));
        assertThat(
                        coerce(
                                DecimalData.fromBigDecimal(new BigDecimal("-9.99"), 3, 2),
                                new DecimalType(3, 2)))
                .isEqualTo(new BigDecimal("-9.99"));
        assertThat(coerce(new BigDecimal("12345678901234567890.123"), new DecimalType(38, 3)))
                .isEqualTo(new BigDecimal("12345678901234567890.123"));
        rejects(new BigDecimal("1.25"), new DecimalType(3, 1));
        rejects(new BigDecimal("100"), new DecimalType(3, 1));
        rejects(1.5, new DecimalType(3, 1));
    }

    @Test
    void convertsStringsBinariesAndTemporals() {
        assertThat((byte[]) coerce("ü", new VarCharType(10))).containsExactly(0xc3, 0xbc);
        assertThat((byte[]) coerce(StringData.fromString("x"), new CharType(1)))
                .containsExactly('x');
        assertThat((byte[]) coerce(new byte[] {1}, new VarBinaryType(4))).containsExactly(1);
        assertThat((byte[]) coerce(new byte[] {1, 2}, new BinaryType(2))).containsExactly(1, 2);
        rejects(new byte[] {1}, new VarCharType(10));
        rejects("x", new VarBinaryType(4));
        assertThat(coerce(LocalDate.of(1970, 1, 2), new DateType())).isEqualTo(1L);
        assertThat(coerce(LocalTime.of(0, 0, 1, 5_000_000), new TimeType(3))).isEqualTo(1005L);
        rejects(LocalTime.of(0, 0, 1, 5_000_000), new TimeType(0));
        rejects(LocalTime.of(0, 0, 0, 1000), new TimeType(6)); // Flink's TIME holds milliseconds
        assertThat(coerce(LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1000), new TimestampType(6)))
                .isEqualTo(TimestampData.fromEpochMillis(0, 1000));
        rejects(LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1000), new TimestampType(3));
        rejects(LocalDateTime.of(1970, 1, 1, 0, 0), new LocalZonedTimestampType(3));
        assertThat(coerce(Instant.ofEpochMilli(-1), new LocalZonedTimestampType(3)))
                .isEqualTo(TimestampData.fromEpochMillis(-1));
        rejects(Instant.EPOCH, new TimestampType(3));
        assertThat(coerce(true, new BooleanType())).isEqualTo(true);
        rejects(1, new BooleanType());
    }

    @Test
    void ordersLikeSql() {
        assertThat(ColumnDomain.BYTES.compare(new byte[] {(byte) 0xff}, new byte[] {1}))
                .isPositive();
        assertThat(ColumnDomain.BYTES.compare(new byte[] {1}, new byte[] {1, 0})).isNegative();
        // strings as Flink compares values read from a file at run time (UTF-8 bytes), not as
        // Java does (UTF-16): U+FFFD is below an emoji (a surrogate pair in UTF-16)
        byte[] replacement = (byte[]) coerce("\uFFFD", VarCharType.STRING_TYPE);
        byte[] emoji = (byte[]) coerce("\uD83D\uDE00", VarCharType.STRING_TYPE);
        assertThat("\uFFFD".compareTo("\uD83D\uDE00")).isPositive();
        assertThat(ColumnDomain.BYTES.compare(replacement, emoji))
                .isNegative()
                .isEqualTo(
                        Integer.signum(
                                BinaryStringData.fromBytes(replacement)
                                        .compareTo(BinaryStringData.fromBytes(emoji))));
        assertThat(ColumnDomain.DOUBLE.compare(-0.0, 0.0)).isZero();
        assertThat(ColumnDomain.DECIMAL.compare(new BigDecimal("1.0"), new BigDecimal("1.00")))
                .isZero();
        assertThat(ColumnDomain.BOOLEAN.compare(false, true)).isNegative();
        assertThat(
                        ColumnDomain.TIMESTAMP.compare(
                                TimestampData.fromEpochMillis(0, 1),
                                TimestampData.fromEpochMillis(0)))
                .isPositive();
        assertThat(ColumnDomain.DOUBLE.equal(Double.NaN, Double.NaN)).isFalse();
        assertThatThrownBy(() -> ColumnDomain.of(new ArrayType(new IntType())))
                .hasMessageContaining("ARRAY");
    }
}
