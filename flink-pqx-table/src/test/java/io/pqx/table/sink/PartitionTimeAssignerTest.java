package io.pqx.table.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.options.PartitionCommitTrigger;
import io.pqx.sink.partition.PartitionCommitTracker;
import io.pqx.sink.partition.PartitionComputer;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

/**
 * Rows timed by their partition's name, fed to pqx's WATERMARK trigger, complete the partition as
 * Flink's partition-time trigger does: once the watermark is past the partition time plus delay.
 */
class PartitionTimeAssignerTest {
    private static final RowType ROW =
            RowType.of(
                    new LogicalType[] {
                        new IntType(), VarCharType.STRING_TYPE, VarCharType.STRING_TYPE
                    },
                    new String[] {"id", "dt", "hour"});

    @Test
    void aPartitionCompletesOnceTheWatermarkPassesItsTimePlusTheDelay() {
        PartitionComputer partitions = new PartitionComputer(ROW, List.of("dt", "hour"));
        PartitionTimeAssigner assigner =
                new PartitionTimeAssigner(
                        partitions, new PartitionTimeExtractor("$dt $hour:00:00", null, "UTC"));
        String partition =
                partitions.partitionPath(
                        GenericRowData.of(
                                1,
                                StringData.fromString("2024-03-09"),
                                StringData.fromString("10")));
        long timestamp = assigner.timestamp(partition);
        long partitionTime =
                LocalDateTime.of(2024, 3, 9, 10, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
        assertThat(timestamp).isEqualTo(partitionTime + 1);

        long delay = 3_600_000;
        PartitionCommitTracker tracker =
                new PartitionCommitTracker(PartitionCommitTrigger.WATERMARK, delay);
        tracker.committed(partition, 0, timestamp);
        assertThat(tracker.complete(0, partitionTime + delay, false))
                .as(
                        "watermark at partition time + delay: not yet (Flink: watermark > time + delay)")
                .isEmpty();
        assertThat(tracker.complete(0, partitionTime + delay + 1, false))
                .containsExactly(partition);
    }

    @Test
    void escapedValuesAreReadAsFlinkReadsAPartitionPath() {
        PartitionComputer partitions = new PartitionComputer(ROW, List.of("dt", "hour"));
        PartitionTimeAssigner assigner =
                new PartitionTimeAssigner(
                        partitions, new PartitionTimeExtractor("$dt", null, "UTC"));
        String partition =
                partitions.partitionPath(
                        GenericRowData.of(
                                1,
                                StringData.fromString("2024-03-09 10:30:00"),
                                StringData.fromString("x")));
        assertThat(partition).contains("%3A"); // ':' is escaped in the directory name
        assertThat(assigner.timestamp(partition))
                .isEqualTo(
                        LocalDateTime.of(2024, 3, 9, 10, 30)
                                        .toInstant(ZoneOffset.UTC)
                                        .toEpochMilli()
                                + 1);
    }
}
