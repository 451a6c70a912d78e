package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.apache.flink.types.variant.Variant;
import org.apache.flink.types.variant.VariantBuilder;
import org.junit.jupiter.api.Test;

class VariantValueSizeTest {

    private static BinaryVariant json(String json) throws IOException {
        return BinaryVariantInternalBuilder.parseJson(json, false);
    }

    @Test
    void theSizeOfAWholeValueIsItsLength() throws IOException {
        VariantBuilder b = Variant.newBuilder();
        List<Variant> values =
                List.of(
                        b.ofNull(),
                        b.of(true),
                        b.of((byte) 1),
                        b.of((short) 1),
                        b.of(1),
                        b.of(1L),
                        b.of(1.5f),
                        b.of(1.5d),
                        b.of(new BigDecimal("1.5")),
                        b.of(new BigDecimal("123456789012.5")),
                        b.of(new BigDecimal("12345678901234567890.5")),
                        b.of(LocalDate.of(2024, 1, 1)),
                        b.of(LocalDateTime.of(2024, 1, 1, 0, 0)),
                        b.of(new byte[] {1, 2, 3}),
                        b.of("short"),
                        b.of("x".repeat(100)),
                        json("{\"a\":[1,{\"b\":\"c\"}],\"d\":null}"),
                        json("[" + "1,".repeat(300) + "1]"));
        for (Variant v : values) {
            byte[] value = ((BinaryVariant) v).getValue();
            assertThat(VariantValueSize.of(value, 0)).as(v.toString()).isEqualTo(value.length);
        }
    }

    @Test
    void aFieldViewIsCutToItsOwnBytes() throws IOException {
        BinaryVariant object = json("{\"b\":[1,2],\"a\":\"xyz\"}");
        // parquet-variant's field view runs on to the end of the object's bytes
        ByteBuffer b =
                new org.apache.parquet.variant.Variant(
                                ByteBuffer.wrap(object.getValue()),
                                ByteBuffer.wrap(object.getMetadata()))
                        .getFieldByKey("b")
                        .getValueBuffer();
        byte[] field = new byte[VariantValueSize.of(b, b.position())];
        b.get(b.position(), field);
        assertThat(field).isEqualTo(json("[1,2]").getValue());
    }

    @Test
    void aTruncatedValueIsRefused() throws IOException {
        byte[] value = json("\"" + "x".repeat(100) + "\"").getValue();
        assertThatThrownBy(() -> VariantValueSize.of(Arrays.copyOf(value, 50), 0))
                .hasMessageContaining("runs past the end");
    }
}
