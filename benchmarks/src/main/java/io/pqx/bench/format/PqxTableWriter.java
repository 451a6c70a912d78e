package io.pqx.bench.format;

import io.pqx.format.options.PageVersion;
import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;

import org.apache.flink.table.data.RowData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * pqx's side of {@code format_write}: {@link ParquetWriter#create} on a local Flink path, with the
 * suite's {@link FormatSettings} translated to {@link WriteOptions} (the row-group byte bound set
 * to its maximum so the row-count bound decides, as for parquet-java). {@code create} encodes on
 * the calling thread, so the comparison is single-threaded on both sides. Stateless; one write at a
 * time.
 */
public final class PqxTableWriter implements TableWriter {

    private final WriteOptions options;

    public PqxTableWriter(FormatSettings settings) {
        this.options =
                WriteOptions.builder()
                        .codec(CompressionCodecName.ZSTD)
                        .compressionLevel(settings.zstdLevel())
                        .pageVersion(PageVersion.V1)
                        .dictionaryEnabled(true)
                        .dictionaryPageSizeBytes(settings.dictionaryPageSizeBytes())
                        .pageSizeBytes(settings.pageSizeBytes())
                        .pageRowLimit(settings.pageRowLimit())
                        .rowGroupRows(settings.rowGroupRows())
                        .rowGroupBytes(WriteOptions.MAX_ROW_GROUP_BYTES)
                        .build();
    }

    @Override
    public String name() {
        return FormatContenders.PQX;
    }

    @Override
    public void write(List<RowData> rows, Path file) throws IOException {
        org.apache.flink.core.fs.Path target = new org.apache.flink.core.fs.Path(file.toUri());
        try (ParquetWriter writer = ParquetWriter.create(target, LineitemTable.ROW_TYPE, options)) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
    }
}
