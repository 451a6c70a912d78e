package io.pqx.bench.sink;

import io.pqx.bench.format.FormatSettings;
import java.io.IOException;
import org.apache.flink.formats.parquet.ParquetBuilder;
import org.apache.flink.formats.parquet.row.ParquetRowDataBuilder;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.OutputFile;

/**
 * Creates flink-parquet's writer ({@link ParquetRowDataBuilder}, i.e. {@code ParquetRowDataWriter}
 * over parquet-java) for each file Flink's {@code FileSink} opens, with the suite's {@link
 * FormatSettings}.
 *
 * <p>Why not {@code ParquetRowDataBuilder.createWriterFactory(rowType, conf, utc)}: its builder
 * reads the layout from Hadoop configuration keys and has no key for a row-count bound of row
 * groups (only {@code parquet.block.size}, in bytes). This builder makes the same calls plus {@code
 * withRowGroupRowCountLimit}, so both sinks cut row groups at the same row count. Serializable (it
 * travels with the job); creates one writer per call, on the sink writer's thread. The Hadoop
 * {@code Configuration} is made once per deserialized builder (per sink subtask), as Flink's own
 * factory deserializes its configuration once: a new one per file would parse Hadoop's default
 * resources again for each of the many files a checkpointed, partitioned job rolls.
 */
final class FlinkParquetWriterBuilder implements ParquetBuilder<RowData> {

    private static final long serialVersionUID = 1L;

    /** Beyond any row group of the benchmark, so the row-count bound decides. */
    private static final long ROW_GROUP_BYTES_OUT_OF_REACH = 1L << 40;

    private final RowType rowType;
    private final int zstdLevel;
    private final int rowGroupRows;
    private final int pageSizeBytes;
    private final int dictionaryPageSizeBytes;
    private final int pageRowLimit;
    private transient Configuration conf;

    FlinkParquetWriterBuilder(RowType rowType, FormatSettings settings) {
        this.rowType = rowType;
        this.zstdLevel = settings.zstdLevel();
        this.rowGroupRows = settings.rowGroupRows();
        this.pageSizeBytes = settings.pageSizeBytes();
        this.dictionaryPageSizeBytes = settings.dictionaryPageSizeBytes();
        this.pageRowLimit = settings.pageRowLimit();
    }

    @Override
    public ParquetWriter<RowData> createWriter(OutputFile out) throws IOException {
        if (conf == null) {
            conf = new Configuration();
            conf.set("parquet.compression.codec.zstd.level", Integer.toString(zstdLevel));
        }
        return new ParquetRowDataBuilder(out, rowType, true)
                .withConf(conf)
                .withCompressionCodec(CompressionCodecName.ZSTD)
                .withRowGroupRowCountLimit(rowGroupRows)
                .withRowGroupSize(ROW_GROUP_BYTES_OUT_OF_REACH)
                .withMaxPaddingSize(0)
                .withPageSize(pageSizeBytes)
                .withDictionaryPageSize(dictionaryPageSizeBytes)
                .withPageRowCountLimit(pageRowLimit)
                .withDictionaryEncoding(true)
                .withWriterVersion(WriterVersion.PARQUET_1_0)
                .build();
    }
}
