package io.pqx.bench.source;

import io.pqx.bench.format.ColumnKind;
import io.pqx.bench.format.LineitemTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.formats.parquet.ParquetColumnarRowInputFormat;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * Flink's own Parquet reader answering a {@link SourceQuery} on one thread, outside any job: the
 * reader that flink-parquet's {@link ParquetColumnarRowInputFormat} gives Flink's {@code
 * FileSource} for one split covering the file, with the same projection and settings as the suite's
 * Flink job. It takes no predicate, so every row group is decoded and each row is checked against
 * the range after it, as the job's filter does. Every returned value is folded. This is the
 * reader-to-reader comparison beside the job-to-job one: it leaves out what a job costs any source
 * (deployment, scheduling, split hand-over).
 */
final class FlinkQueryReader {
    /** Rows per batch of Flink's reader, as in the suite's Flink job. */
    static final int BATCH_SIZE = 2048;

    private FlinkQueryReader() {}

    /** The columns Flink's reader reads for a query: those returned, then the filter column. */
    static List<String> readColumns(SourceQuery query) {
        List<String> read = new ArrayList<>(query.columns());
        if (query.filters() && !read.contains(query.filterColumn())) {
            read.add(query.filterColumn());
        }
        return read;
    }

    /** flink-parquet's format reading {@code columns}, as the suite's Flink job configures it. */
    static ParquetColumnarRowInputFormat<FileSourceSplit> format(List<String> columns) {
        RowType type =
                RowType.of(
                        false,
                        columns.stream()
                                .map(
                                        c ->
                                                LineitemTable.COLUMNS
                                                        .get(LineitemTable.indexOf(c))
                                                        .type())
                                .toArray(LogicalType[]::new),
                        columns.toArray(String[]::new));
        return new ParquetColumnarRowInputFormat<>(
                new org.apache.hadoop.conf.Configuration(),
                type,
                InternalTypeInfo.of(type),
                BATCH_SIZE,
                true,
                true);
    }

    static ReadOutcome read(Path file, SourceQuery query) throws IOException {
        List<String> read = readColumns(query);
        int filterAt = query.filters() ? read.indexOf(query.filterColumn()) : -1;
        List<Integer> positions = query.positions();
        ColumnKind[] kinds =
                positions.stream()
                        .map(p -> LineitemTable.COLUMNS.get(p).kind())
                        .toArray(ColumnKind[]::new);
        AggregateFold fold = new AggregateFold(positions);
        long size = Files.size(file);
        FileSourceSplit split =
                new FileSourceSplit(
                        "0",
                        new org.apache.flink.core.fs.Path(file.toUri()),
                        0,
                        size,
                        Files.getLastModifiedTime(file).toMillis(),
                        size);
        BulkFormat.Reader<RowData> reader = format(read).createReader(new Configuration(), split);
        try {
            BulkFormat.RecordIterator<RowData> batch;
            while ((batch = reader.readBatch()) != null) {
                RecordAndPosition<RowData> next;
                while ((next = batch.next()) != null) {
                    RowData row = next.getRecord();
                    if (filterAt >= 0 && !query.keeps(row.getLong(filterAt))) {
                        continue;
                    }
                    for (int c = 0; c < kinds.length; c++) {
                        switch (kinds[c]) {
                            case INT -> fold.addLong(c, row.getInt(c));
                            case LONG -> fold.addLong(c, row.getLong(c));
                            case DECIMAL ->
                                    fold.addLong(
                                            c,
                                            row.getDecimal(
                                                            c,
                                                            LineitemTable.DECIMAL_PRECISION,
                                                            LineitemTable.DECIMAL_SCALE)
                                                    .toUnscaledLong());
                            case DOUBLE -> fold.addDouble(c, row.getDouble(c));
                            case STRING ->
                                    fold.addLong(
                                            c,
                                            ((BinaryStringData) row.getString(c)).getSizeInBytes());
                        }
                    }
                    fold.addRow();
                }
                batch.releaseBatch();
            }
        } finally {
            reader.close();
        }
        return new ReadOutcome(fold.result(), -1, -1);
    }
}
