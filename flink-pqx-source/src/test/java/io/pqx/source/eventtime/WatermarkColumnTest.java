package io.pqx.source.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

class WatermarkColumnTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("ts", DataTypes.TIMESTAMP(6)),
                                    DataTypes.FIELD("ltz", DataTypes.TIMESTAMP_LTZ(3)),
                                    DataTypes.FIELD("epoch", DataTypes.BIGINT()),
                                    DataTypes.FIELD("n", DataTypes.INT()))
                            .getLogicalType();

    @Test
    void takesTimestampsAndEpochNumbers() {
        assertThat(WatermarkColumn.of(TYPE, "ts", null).kind())
                .isEqualTo(WatermarkColumn.Kind.TIMESTAMP);
        assertThat(WatermarkColumn.of(TYPE, "ltz", null).kind())
                .isEqualTo(WatermarkColumn.Kind.TIMESTAMP_LTZ);
        WatermarkColumn epoch = WatermarkColumn.of(TYPE, "epoch", null);
        assertThat(epoch.kind()).isEqualTo(WatermarkColumn.Kind.EPOCH_NUMBER);
        assertThat(epoch.unit()).isEqualTo(TimeUnit.MILLISECONDS);
    }

    @Test
    void refusesOtherColumnsAndMisplacedUnits() {
        assertThatThrownBy(() -> WatermarkColumn.of(TYPE, "n", null))
                .hasMessageContaining("its type INT is not TIMESTAMP, TIMESTAMP_LTZ or BIGINT");
        assertThatThrownBy(() -> WatermarkColumn.of(TYPE, "missing", null))
                .hasMessageContaining("not a top-level field");
        assertThatThrownBy(() -> WatermarkColumn.of(TYPE, "ts", TimeUnit.SECONDS))
                .hasMessageContaining("a unit applies only to a BIGINT column");
    }

    @Test
    void epochNumbersBecomeMillisecondsRoundedDown() {
        assertThat(WatermarkColumn.of(TYPE, "epoch", TimeUnit.MICROSECONDS).epochMillis(-1))
                .isEqualTo(-1);
        assertThat(WatermarkColumn.of(TYPE, "epoch", TimeUnit.NANOSECONDS).epochMillis(1_999_999))
                .isEqualTo(1);
        assertThat(WatermarkColumn.of(TYPE, "epoch", TimeUnit.SECONDS).epochMillis(-3))
                .isEqualTo(-3_000);
        assertThat(WatermarkColumn.of(TYPE, "epoch", TimeUnit.DAYS).epochMillis(Long.MAX_VALUE / 2))
                .isEqualTo(Long.MAX_VALUE);
        assertThat(WatermarkColumn.of(TYPE, "epoch", TimeUnit.DAYS).epochMillis(Long.MIN_VALUE / 2))
                .isEqualTo(Long.MIN_VALUE);
        assertThat(WatermarkColumn.of(TYPE, "epoch", null).epochMillis(42)).isEqualTo(42);
    }
}
