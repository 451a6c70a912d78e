package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.eventtime.WatermarkColumn;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.vector.heap.HeapLongVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapTimestampVector;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.junit.jupiter.api.Test;

/**
 * A row's event time in epoch milliseconds, rounded down: a TIMESTAMP as UTC, a TIMESTAMP_LTZ as
 * its instant, a BIGINT in its unit (before 1970 too).
 */
class RowEventTimeTest {
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new TimestampType(6), new LocalZonedTimestampType(9), new BigIntType()
                    },
                    new String[] {"ts", "ltz", "n"});

    @Test
    void timestampsAreReadAsUtcRoundedDownToTheMillisecond() {
        HeapTimestampVector v = new HeapTimestampVector(2);
        v.setTimestamp(
                0,
                TimestampData.fromLocalDateTime(LocalDateTime.of(2024, 3, 9, 12, 0, 0, 1_999_999)));
        v.setTimestamp(
                1,
                TimestampData.fromLocalDateTime(
                        LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_500_000)));
        RowEventTime ts = RowEventTime.of(WatermarkColumn.of(TYPE, "ts", null), TYPE.getTypeAt(0));
        assertThat(ts.millis(v, 0))
                .isEqualTo(
                        LocalDateTime.of(2024, 3, 9, 12, 0, 0)
                                        .toInstant(ZoneOffset.UTC)
                                        .toEpochMilli()
                                + 1);
        assertThat(ts.millis(v, 1)).isEqualTo(-1L);

        HeapTimestampVector i = new HeapTimestampVector(1);
        i.setTimestamp(
                0, TimestampData.fromInstant(Instant.ofEpochSecond(1_700_000_000L, 123_456_789)));
        RowEventTime ltz =
                RowEventTime.of(WatermarkColumn.of(TYPE, "ltz", null), TYPE.getTypeAt(1));
        assertThat(ltz.millis(i, 0)).isEqualTo(1_700_000_000_123L);
    }

    @Test
    void numbersAreReadInTheirUnitRoundedDown() {
        HeapLongVector v = new HeapLongVector(2);
        v.setLong(0, 1_700_000_000_123_999L);
        v.setLong(1, -1L);
        RowEventTime micros =
                RowEventTime.of(
                        WatermarkColumn.of(TYPE, "n", TimeUnit.MICROSECONDS), TYPE.getTypeAt(2));
        assertThat(micros.millis(v, 0)).isEqualTo(1_700_000_000_123L);
        assertThat(micros.millis(v, 1)).isEqualTo(-1L);
        RowEventTime seconds =
                RowEventTime.of(WatermarkColumn.of(TYPE, "n", TimeUnit.SECONDS), TYPE.getTypeAt(2));
        assertThat(seconds.millis(v, 1)).isEqualTo(-1_000L);
    }
}
