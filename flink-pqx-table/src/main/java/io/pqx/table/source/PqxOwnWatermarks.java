package io.pqx.table.source;

import java.util.Objects;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.NoWatermarksGenerator;
import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.eventtime.TimestampAssignerSupplier;
import org.apache.flink.api.common.eventtime.WatermarkAlignmentParams;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkGeneratorSupplier;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.table.data.RowData;

/**
 * The watermark strategy of a scan with {@code source.watermark.column} whose table declares a
 * WATERMARK: the pushed strategy's timestamps and alignment, and no watermarks of its own, so the
 * watermarks are pqx's alone. Why: Flink merges the watermarks a source reader emits and those its
 * per-split generators emit by keeping the higher, so a declared {@code ts - INTERVAL ...} running
 * beside pqx's watermarks could pass rows pqx has not read yet (the files' disorder is not bounded
 * by the declared delay); pqx's watermarks never do. Immutable.
 */
@Internal
final class PqxOwnWatermarks implements WatermarkStrategy<RowData> {
    private static final long serialVersionUID = 1L;

    private final WatermarkStrategy<RowData> pushed;

    PqxOwnWatermarks(WatermarkStrategy<RowData> pushed) {
        this.pushed = Objects.requireNonNull(pushed, "pushed");
    }

    @Override
    public WatermarkGenerator<RowData> createWatermarkGenerator(
            WatermarkGeneratorSupplier.Context context) {
        return new NoWatermarksGenerator<>();
    }

    @Override
    public TimestampAssigner<RowData> createTimestampAssigner(
            TimestampAssignerSupplier.Context context) {
        return pushed.createTimestampAssigner(context);
    }

    @Override
    public WatermarkAlignmentParams getAlignmentParameters() {
        return pushed.getAlignmentParameters();
    }
}
