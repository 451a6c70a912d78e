package io.pqx.bench.format;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * parquet-java's side of {@code format_write}: parquet-hadoop's {@link ParquetWriter} over a {@link
 * RowDataWriteSupport}, writing through parquet's {@link LocalOutputFile} (no Hadoop file system),
 * with the suite's {@link FormatSettings}: data pages v1, dictionary on. {@link
 * #v2WithoutDictionary} writes data pages v2 with dictionary encoding off instead, so that
 * parquet-java's v2 value writers pick DELTA_BINARY_PACKED for INT32/INT64, DELTA_BYTE_ARRAY for
 * strings and PLAIN for doubles. Stateless; not thread-safe per write.
 */
public final class ParquetJavaTableWriter implements TableWriter {

    /**
     * Beyond any row group of the benchmark, so the row-count bound decides (see FormatSettings).
     */
    private static final long ROW_GROUP_BYTES_OUT_OF_REACH = 1L << 40;

    private final String name;
    private final FormatSettings settings;
    private final WriterVersion version;
    private final boolean dictionary;

    public ParquetJavaTableWriter(FormatSettings settings) {
        this("parquetjava", settings, WriterVersion.PARQUET_1_0, true);
    }

    /** The same writer with data pages v2 and no dictionary, named {@code parquetjava_v2_delta}. */
    public static ParquetJavaTableWriter v2WithoutDictionary(FormatSettings settings) {
        return new ParquetJavaTableWriter(
                "parquetjava_v2_delta", settings, WriterVersion.PARQUET_2_0, false);
    }

    private ParquetJavaTableWriter(
            String name, FormatSettings settings, WriterVersion version, boolean dictionary) {
        this.name = name;
        this.settings = settings;
        this.version = version;
        this.dictionary = dictionary;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void write(List<RowData> rows, Path file) throws IOException {
        try (ParquetWriter<RowData> writer =
                new Builder(new LocalOutputFile(file), LineitemTable.ROW_TYPE)
                        .withWriteMode(ParquetFileWriter.Mode.CREATE)
                        .withCompressionCodec(CompressionCodecName.ZSTD)
                        .config(
                                "parquet.compression.codec.zstd.level",
                                Integer.toString(settings.zstdLevel()))
                        .withRowGroupRowCountLimit(settings.rowGroupRows())
                        .withRowGroupSize(ROW_GROUP_BYTES_OUT_OF_REACH)
                        .withMaxPaddingSize(0)
                        .withPageSize(settings.pageSizeBytes())
                        .withDictionaryPageSize(settings.dictionaryPageSizeBytes())
                        .withPageRowCountLimit(settings.pageRowLimit())
                        .withDictionaryEncoding(dictionary)
                        .withWriterVersion(version)
                        .build()) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
    }

    /** The builder parquet-hadoop requires for a custom {@link WriteSupport}. */
    private static final class Builder extends ParquetWriter.Builder<RowData, Builder> {
        private final RowType rowType;

        Builder(OutputFile file, RowType rowType) {
            super(file);
            this.rowType = rowType;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        @SuppressWarnings("deprecation") // abstract in parquet-java 1.18; both overloads agree
        protected WriteSupport<RowData> getWriteSupport(Configuration conf) {
            return new RowDataWriteSupport(rowType);
        }

        @Override
        protected WriteSupport<RowData> getWriteSupport(ParquetConfiguration conf) {
            return new RowDataWriteSupport(rowType);
        }
    }
}
