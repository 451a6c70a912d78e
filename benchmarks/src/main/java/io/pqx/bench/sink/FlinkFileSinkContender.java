package io.pqx.bench.sink;

import io.pqx.bench.format.FormatSettings;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.core.fs.Path;
import org.apache.flink.formats.parquet.ParquetWriterFactory;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.functions.sink.filesystem.OutputFileConfig;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.BasePathBucketAssigner;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * The peer: Flink's {@link FileSink} in bulk mode with flink-parquet's writer (see {@link
 * FlinkParquetWriterBuilder}), all files in the base directory ({@link BasePathBucketAssigner}
 * instead of the default hourly buckets), the default on-checkpoint rolling policy (so a bounded
 * job without checkpoints writes one file per subtask, committed at end of input). Immutable.
 */
final class FlinkFileSinkContender implements SinkContender {

    static final String NAME = "flink";

    private final String name;
    private final RowType rowType;
    private final FormatSettings settings;

    FlinkFileSinkContender(RowType rowType, FormatSettings settings) {
        this(NAME, rowType, settings);
    }

    /** The peer under another name, e.g. with another row-group layout. */
    FlinkFileSinkContender(String name, RowType rowType, FormatSettings settings) {
        this.name = name;
        this.rowType = rowType;
        this.settings = settings;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void attach(DataStream<RowData> rows, java.nio.file.Path dir) {
        FileSink<RowData> sink =
                FileSink.forBulkFormat(
                                new Path(dir.toUri()),
                                new ParquetWriterFactory<>(
                                        new FlinkParquetWriterBuilder(rowType, settings)))
                        .withBucketAssigner(new BasePathBucketAssigner<>())
                        .withOutputFileConfig(
                                OutputFileConfig.builder().withPartSuffix(".parquet").build())
                        .build();
        rows.sinkTo(sink).name("flink-filesink-" + name);
    }

    @Override
    public String describe() {
        return "FileSink.forBulkFormat + flink-parquet ParquetRowDataBuilder (parquet-java), "
                + "BasePathBucketAssigner, OnCheckpointRollingPolicy, row groups of "
                + (settings.rowGroupRows() == Integer.MAX_VALUE
                        ? "unbounded rows (one per file)"
                        : settings.rowGroupRows() + " rows");
    }
}
