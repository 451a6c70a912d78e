package io.pqx.table.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;

/**
 * A declared watermark strategy under pqx's own watermarks: it generates none (so none can run
 * ahead of pqx's), and keeps the declared timestamps and alignment.
 */
class PqxOwnWatermarksTest {

    /** Watermarks and idleness a generator emits. */
    private static final class Recorded implements WatermarkOutput {
        final List<Long> watermarks = new ArrayList<>();

        @Override
        public void emitWatermark(Watermark watermark) {
            watermarks.add(watermark.getTimestamp());
        }

        @Override
        public void markIdle() {
            watermarks.add(null);
        }

        @Override
        public void markActive() {}
    }

    @Test
    void generatesNoWatermarksWhereTheDeclaredStrategyWould() {
        WatermarkStrategy<RowData> declared =
                WatermarkStrategy.<RowData>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((row, previous) -> row.getLong(0));
        Recorded fromDeclared = new Recorded();
        Recorded fromOwn = new Recorded();
        WatermarkGenerator<RowData> declaredGenerator = declared.createWatermarkGenerator(null);
        WatermarkGenerator<RowData> own =
                new PqxOwnWatermarks(declared).createWatermarkGenerator(null);
        for (long t : new long[] {5_000, 9_000, 7_000}) {
            declaredGenerator.onEvent(GenericRowData.of(t), t, fromDeclared);
            declaredGenerator.onPeriodicEmit(fromDeclared);
            own.onEvent(GenericRowData.of(t), t, fromOwn);
            own.onPeriodicEmit(fromOwn);
        }

        assertThat(fromDeclared.watermarks).as("the declared strategy's own").contains(7_999L);
        assertThat(fromOwn.watermarks).isEmpty();
    }

    @Test
    void keepsTheDeclaredTimestampsAndAlignment() {
        WatermarkStrategy<RowData> declared =
                WatermarkStrategy.<RowData>forMonotonousTimestamps()
                        .withTimestampAssigner((row, previous) -> row.getLong(0) * 2)
                        .withWatermarkAlignment("group", Duration.ofSeconds(30));
        PqxOwnWatermarks own = new PqxOwnWatermarks(declared);

        assertThat(own.createTimestampAssigner(null).extractTimestamp(GenericRowData.of(21L), 0))
                .isEqualTo(42L);
        assertThat(own.getAlignmentParameters().getWatermarkGroup()).isEqualTo("group");
        assertThat(own.getAlignmentParameters().getMaxAllowedWatermarkDrift()).isEqualTo(30_000L);
    }
}
