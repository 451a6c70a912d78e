package io.pqx.table.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The filesystem connector's default partition-time extractor, as pqx reads it. */
class PartitionTimeExtractorTest {
    private static final List<String> KEYS = List.of("dt", "hour");

    @Test
    void withoutPatternTheFirstValueIsReadLeniently() {
        PartitionTimeExtractor e = new PartitionTimeExtractor(null, null, "UTC");
        assertThat(e.localTime(KEYS, List.of("2024-03-09", "10")))
                .isEqualTo(LocalDateTime.of(2024, 3, 9, 0, 0));
        assertThat(e.localTime(KEYS, List.of("2024-3-9 7:05:09.25", "10")))
                .isEqualTo(LocalDateTime.of(2024, 3, 9, 7, 5, 9, 250_000_000));
    }

    @Test
    void aPatternJoinsValuesAndAFormatterParsesThem() {
        PartitionTimeExtractor e = new PartitionTimeExtractor("$dt $hour:00:00", null, "UTC");
        assertThat(e.localTime(KEYS, List.of("2024-03-09", "10")))
                .isEqualTo(LocalDateTime.of(2024, 3, 9, 10, 0));
        PartitionTimeExtractor compact = new PartitionTimeExtractor("$dt", "yyyyMMdd", "UTC");
        assertThat(compact.localTime(KEYS, List.of("20240309", "10")))
                .as("a date-only formatter gives midnight")
                .isEqualTo(LocalDateTime.of(2024, 3, 9, 0, 0));
    }

    @Test
    void theWatermarkTimeZoneTurnsTheLocalTimeIntoAnInstant() {
        PartitionTimeExtractor shanghai = new PartitionTimeExtractor(null, null, "Asia/Shanghai");
        assertThat(shanghai.epochMillis(KEYS, List.of("2024-03-09", "1")))
                .isEqualTo(
                        LocalDateTime.of(2024, 3, 9, 0, 0)
                                .atZone(ZoneId.of("Asia/Shanghai"))
                                .toInstant()
                                .toEpochMilli())
                .isEqualTo(
                        LocalDateTime.of(2024, 3, 8, 16, 0)
                                .atZone(ZoneId.of("UTC"))
                                .toInstant()
                                .toEpochMilli());
    }

    @Test
    void aValueThatIsNoTimeFailsNamingThePartitionAndTheText() {
        PartitionTimeExtractor e = new PartitionTimeExtractor("$dt $hour:00:00", null, "UTC");
        assertThatThrownBy(() -> e.localTime(KEYS, List.of("__DEFAULT_PARTITION__", "10")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dt=__DEFAULT_PARTITION__/hour=10")
                .hasMessageContaining("'__DEFAULT_PARTITION__ 10:00:00'");
    }

    @Test
    void badFormattersAndZonesAreRefusedNamingTheOption() {
        assertThatThrownBy(() -> new PartitionTimeExtractor(null, "yyyy-MM-dd qqqqqq", "UTC"))
                .hasMessageContaining("'partition.time-extractor.timestamp-formatter'");
        assertThatThrownBy(() -> new PartitionTimeExtractor(null, null, "Mars/Olympus"))
                .hasMessageContaining("'sink.partition-commit.watermark-time-zone'");
    }
}
