package io.pqx.bench.sink;

import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.functions.sink.filesystem.BucketAssigner;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.SimpleVersionedStringSerializer;
import org.apache.flink.table.data.RowData;

/**
 * Flink {@code FileSink}'s buckets for {@link PartitionedRows}: the directory {@code p=<value>} of
 * the row's INT partition column, the very name pqx's {@code partitionBy("p")} gives it, so both
 * sinks lay out the same partitions. Stateless.
 */
final class PartitionBucketAssigner implements BucketAssigner<RowData, String> {

    private static final long serialVersionUID = 1L;

    @Override
    public String getBucketId(RowData row, Context context) {
        return PartitionedRows.PARTITION_COLUMN + "=" + row.getInt(PartitionedRows.PARTITION);
    }

    @Override
    public SimpleVersionedSerializer<String> getSerializer() {
        return SimpleVersionedStringSerializer.INSTANCE;
    }
}
