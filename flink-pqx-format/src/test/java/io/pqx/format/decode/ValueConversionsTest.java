package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.LocalDateTime;
import org.apache.flink.table.data.TimestampData;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.junit.jupiter.api.Test;

/** The value conversions with arithmetic of their own: FLOAT16, INT96, epoch timestamps. */
class ValueConversionsTest {

    @Test
    void widensHalfPrecisionFloats() {
        assertThat(BinaryDecoders.Float16s.toFloat((short) 0x3C00)).isEqualTo(1.0f);
        assertThat(BinaryDecoders.Float16s.toFloat((short) 0xC000)).isEqualTo(-2.0f);
        assertThat(BinaryDecoders.Float16s.toFloat((short) 0x7BFF)).isEqualTo(65504.0f);
        assertThat(BinaryDecoders.Float16s.toFloat((short) 0x0001))
                .isEqualTo((float) Math.pow(2, -24));
        assertThat(BinaryDecoders.Float16s.toFloat((short) 0x03FF))
                .isEqualTo(1023 * (float) Math.pow(2, -24));
        assertThat(BinaryDecoders.Float16s.toFloat((short) 0x7C00))
                .isEqualTo(Float.POSITIVE_INFINITY);
        assertThat(BinaryDecoders.Float16s.toFloat((short) 0xFC00))
                .isEqualTo(Float.NEGATIVE_INFINITY);
        assertThat(BinaryDecoders.Float16s.toFloat((short) 0x7E00)).isNaN();
        assertThat(Float.floatToIntBits(BinaryDecoders.Float16s.toFloat((short) 0x8000)))
                .isEqualTo(Float.floatToIntBits(-0.0f));
    }

    @Test
    void readsInt96FarBeyondTheNanosecondRangeOfALong() {
        LocalDateTime expected = LocalDateTime.of(290000, 12, 31, 1, 2, 3, 456789123);
        long epochDay = expected.toLocalDate().toEpochDay();
        long nanosOfDay = expected.toLocalTime().toNanoOfDay();
        ByteBuffer bytes = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        bytes.putLong(nanosOfDay).putInt((int) (epochDay + TemporalDecoders.JULIAN_DAY_OF_EPOCH));
        TimestampData ts =
                TemporalDecoders.Int96Timestamps.toTimestamp(
                        Binary.fromConstantByteArray(bytes.array()));
        assertThat(ts.toLocalDateTime()).isEqualTo(expected);
    }

    @Test
    void readsTimestampsBeforeTheEpochInEveryUnit() {
        LocalDateTime expected = LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000);
        assertThat(
                        TemporalDecoders.EpochTimestamps.toTimestamp(-1, TimeUnit.MICROS)
                                .toLocalDateTime())
                .isEqualTo(expected);
        assertThat(
                        TemporalDecoders.EpochTimestamps.toTimestamp(-1000, TimeUnit.NANOS)
                                .toLocalDateTime())
                .isEqualTo(expected);
        assertThat(
                        TemporalDecoders.EpochTimestamps.toTimestamp(-1, TimeUnit.MILLIS)
                                .toLocalDateTime())
                .isEqualTo(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000));
    }
}
