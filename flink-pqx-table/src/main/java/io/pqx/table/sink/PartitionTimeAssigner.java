package io.pqx.table.sink;

import io.pqx.sink.partition.PartitionComputer;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.utils.PartitionPathUtils;

/**
 * Gives each row, as its timestamp, the time its partition's name encodes ({@link
 * PartitionTimeExtractor}) plus one millisecond, and passes watermarks on unchanged: in front of
 * pqx's sink with the {@code WATERMARK} trigger this is Flink's {@code partition-time} trigger.
 * That trigger completes a partition once {@code watermark >= largest row timestamp + delay}, which
 * is then {@code watermark > partition time + delay}, the filesystem connector's condition. The
 * partition's name is computed as the sink computes it (same {@link PartitionComputer}), then
 * unescaped as Flink reads a partition path. A partition whose name gives no time fails the job,
 * naming it, as the filesystem connector does. Not thread-safe (task thread).
 */
@Internal
public final class PartitionTimeAssigner extends AbstractStreamOperator<RowData>
        implements OneInputStreamOperator<RowData, RowData> {
    private static final long serialVersionUID = 1L;

    private final PartitionComputer partitions;
    private final PartitionTimeExtractor extractor;
    private transient String lastPartition;
    private transient long lastTimestamp;

    public PartitionTimeAssigner(PartitionComputer partitions, PartitionTimeExtractor extractor) {
        this.partitions = partitions;
        this.extractor = extractor;
    }

    @Override
    public void processElement(StreamRecord<RowData> element) {
        String partition = partitions.partitionPath(element.getValue());
        if (!partition.equals(lastPartition)) {
            // rows mostly come in runs of one partition: parse each run's name once
            lastTimestamp = timestamp(partition);
            lastPartition = partition;
        }
        output.collect(element.replace(element.getValue(), lastTimestamp));
    }

    /** The row timestamp of the partition directory {@code k1=v1/k2=v2}. */
    long timestamp(String partition) {
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (String level : partition.split("/")) {
            int eq = level.indexOf('=');
            keys.add(PartitionPathUtils.unescapePathName(level.substring(0, eq)));
            values.add(PartitionPathUtils.unescapePathName(level.substring(eq + 1)));
        }
        return extractor.epochMillis(keys, values) + 1;
    }
}
