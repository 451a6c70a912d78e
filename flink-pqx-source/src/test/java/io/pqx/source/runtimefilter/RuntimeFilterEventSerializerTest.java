package io.pqx.source.runtimefilter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.KeyFilter;
import io.pqx.format.predicate.RuntimeFilter;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

class RuntimeFilterEventSerializerTest {
    private final RuntimeFilterEventSerializer serializer = RuntimeFilterEventSerializer.INSTANCE;

    private RuntimeFilterEvent roundTrip(RuntimeFilterEvent event) throws IOException {
        return serializer.deserialize(serializer.getVersion(), serializer.serialize(event));
    }

    @Test
    void everyStateAndBoundTypeRoundTrips() throws IOException {
        ColumnRef c = ColumnRef.of("a", "b");
        List<Object[]> bounds =
                List.of(
                        new Object[] {false, true},
                        new Object[] {(byte) 1, (byte) 9},
                        new Object[] {(short) -3, (short) 4},
                        new Object[] {-5, 7},
                        new Object[] {Long.MIN_VALUE, Long.MAX_VALUE},
                        new Object[] {BigInteger.ONE, BigInteger.TEN.pow(30)},
                        new Object[] {-1.5f, 2.5f},
                        new Object[] {-0.0, 1e300},
                        new Object[] {
                            new BigDecimal("-1.50"), new BigDecimal("123456789.123456789")
                        },
                        new Object[] {"", "zé"},
                        new Object[] {new byte[] {0, -1}, new byte[] {127}},
                        new Object[] {LocalDate.of(1900, 1, 1), LocalDate.of(2999, 12, 31)},
                        new Object[] {LocalTime.MIDNIGHT, LocalTime.of(23, 59, 59, 999_999_999)},
                        new Object[] {
                            LocalDateTime.of(1970, 1, 1, 0, 0),
                            LocalDateTime.of(2024, 3, 9, 1, 2, 3, 456_789_000)
                        },
                        new Object[] {Instant.EPOCH, Instant.ofEpochSecond(1_700_000_000L, 5)},
                        new Object[] {
                            TimestampData.fromEpochMillis(-5, 7),
                            TimestampData.fromEpochMillis(99, 999_999)
                        },
                        new Object[] {
                            StringData.fromString("a"),
                            DecimalData.fromBigDecimal(new BigDecimal("1.25"), 5, 2)
                        });
        for (Object[] b : bounds) {
            RuntimeFilterEvent plain =
                    RuntimeFilterEvent.of("s", RuntimeFilter.range(c, b[0], b[1]));
            assertThat(roundTrip(plain)).as(Arrays.toString(b)).isEqualTo(plain);
        }
        for (RuntimeFilter f :
                List.of(
                        RuntimeFilter.pending(c),
                        RuntimeFilter.disabled(c),
                        RuntimeFilter.empty(c))) {
            assertThat(roundTrip(RuntimeFilterEvent.of("s", f)))
                    .isEqualTo(RuntimeFilterEvent.of("s", f));
            assertThat(roundTrip(RuntimeFilterEvent.of("s", f)).state()).isEqualTo(f.state());
        }
        for (RuntimeFilterEvent sample : TestingRuntimeFilters.samples()) {
            RuntimeFilterEvent back = roundTrip(sample);
            assertThat(back).isEqualTo(sample);
            assertThat(back.filter().keys().isPresent())
                    .isEqualTo(sample.filter().keys().isPresent());
        }
    }

    @Test
    void javaSerializationGoesThroughTheBinaryForm() throws Exception {
        for (RuntimeFilterEvent sample : TestingRuntimeFilters.samples()) {
            byte[] bytes = InstantiationUtil.serializeObject(sample);
            Object back = InstantiationUtil.deserializeObject(bytes, getClass().getClassLoader());
            assertThat(back).isEqualTo(sample);
        }
        RuntimeFilterEvent ts =
                RuntimeFilterEvent.of(
                        "t",
                        RuntimeFilter.range(
                                ColumnRef.of("ts"),
                                TimestampData.fromEpochMillis(1),
                                TimestampData.fromEpochMillis(2)));
        assertThat(
                        (Object)
                                InstantiationUtil.deserializeObject(
                                        InstantiationUtil.serializeObject(ts),
                                        getClass().getClassLoader()))
                .isEqualTo(ts);
    }

    @Test
    void eventsDifferingInAnyPartAreNotEqual() {
        RuntimeFilterEvent a = TestingRuntimeFilters.longKeys("s", "id", List.of(1L, 5L));
        assertThat(a).isEqualTo(TestingRuntimeFilters.longKeys("s", "id", List.of(1L, 5L)));
        assertThat(a).isNotEqualTo(TestingRuntimeFilters.longKeys("s", "id", List.of(1L, 3L, 5L)));
        assertThat(a).isNotEqualTo(TestingRuntimeFilters.longKeys("t", "id", List.of(1L, 5L)));
        assertThat(a).isNotEqualTo(TestingRuntimeFilters.longKeys("s", "qty", List.of(1L, 5L)));
        assertThat(a)
                .isNotEqualTo(
                        RuntimeFilterEvent.of(
                                "s", RuntimeFilter.range(ColumnRef.of("id"), 1L, 5L)));
    }

    @Test
    void onlyABloomKeySetCanBeSent() {
        KeyFilter other = key -> true;
        assertThatThrownBy(
                        () ->
                                RuntimeFilterEvent.of(
                                        "s",
                                        RuntimeFilter.range(ColumnRef.of("id"), 1L, 2L, other)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only a BloomKeyFilter");
    }

    @Test
    void corruptBytesFailWithAnIOExceptionNotAnAllocation() throws IOException {
        byte[] good = serializer.serialize(TestingRuntimeFilters.samples().get(0));
        for (int cut = 0; cut < good.length; cut++) {
            byte[] shorter = Arrays.copyOf(good, cut);
            assertThatThrownBy(() -> serializer.deserialize(1, shorter))
                    .isInstanceOf(IOException.class);
        }
        byte[] lying = good.clone();
        lying[0] = 0x7f; // slot name length of about 2^31
        assertThatThrownBy(() -> serializer.deserialize(1, lying))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("exceeds");
        byte[] badState = good.clone();
        badState[4 + 3] = 9; // state ordinal after the 3-byte slot name "ids"
        assertThatThrownBy(() -> serializer.deserialize(1, badState))
                .hasMessageContaining("state 9");
        assertThatThrownBy(() -> serializer.deserialize(2, good)).hasMessageContaining("version 2");
    }
}
