package io.pqx.source.enumerator;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import io.pqx.source.eventtime.WatermarkColumn;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Files of events written by pqx's own writer for the enumerator's event-time tests: {@code id
 * BIGINT NOT NULL, ts TIMESTAMP(3)}, one row group per array of event times.
 */
final class TestingEventFiles {
    static final RowType EVENTS =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("ts", DataTypes.TIMESTAMP(3)))
                            .getLogicalType();

    /** The watermark column {@code ts} of {@link #EVENTS}. */
    static final WatermarkColumn TS = WatermarkColumn.of(EVENTS, "ts", null);

    private TestingEventFiles() {}

    /**
     * Writes one row group per element of {@code times} (all of the same length), each row's event
     * time in epoch milliseconds, with or without statistics; modified at {@code mtime}.
     */
    static Path write(Path file, long mtime, boolean statistics, long[]... times)
            throws IOException {
        Files.createDirectories(file.getParent());
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupRows(times[0].length)
                        .statisticsEnabled(statistics)
                        .build();
        long id = 0;
        try (ParquetWriter w =
                ParquetWriter.builder(EVENTS)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (long[] group : times) {
                for (long t : group) {
                    w.write(GenericRowData.of(id++, TimestampData.fromEpochMillis(t)));
                }
            }
        }
        Files.setLastModifiedTime(file, FileTime.fromMillis(mtime));
        return file;
    }

    /** Writes {@code rows} of {@code type} in row groups of {@code rowGroupRows}. */
    static Path write(
            Path file, RowType type, List<RowData> rows, long rowGroupRows, boolean statistics)
            throws IOException {
        Files.createDirectories(file.getParent());
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupRows(rowGroupRows)
                        .statisticsEnabled(statistics)
                        .build();
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowData row : rows) {
                w.write(row);
            }
        }
        return file;
    }

    /** The order key of a split: its least event time to come, none first. */
    static long key(RowGroupSplit split) {
        return split.leastEventTimeToCome().orElse(Long.MIN_VALUE);
    }

    /** "name#firstRowGroup" of a split. */
    static String name(RowGroupSplit split) {
        return split.path().substring(split.path().lastIndexOf('/') + 1)
                + "#"
                + split.nextRowGroup();
    }
}
