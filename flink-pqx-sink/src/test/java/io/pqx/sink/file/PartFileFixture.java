package io.pqx.sink.file;

import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.FlinkSchemaConverter;
import io.pqx.format.schema.ParquetSchema;

import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

import java.util.List;

import javax.annotation.Nullable;

/** Test helper: writes rows through a {@link PartFile} on the local file system and commits it. */
final class PartFileFixture {
    private PartFileFixture() {}

    static java.nio.file.Path write(
            java.nio.file.Path dir,
            String name,
            RowType type,
            List<RowData> rows,
            RowGroupCutSettings cut,
            WriteOptions options,
            @Nullable RowSorter sorter,
            int threads)
            throws Exception {
        Path base = new Path(dir.toUri());
        RecoverableWriter writer = FileSystem.getLocalFileSystem().createRecoverableWriter();
        ParquetSchema schema = FlinkSchemaConverter.toParquetSchema(type);
        try (EncodingResources resources = new EncodingResources(threads, 2, "test")) {
            PartFile file =
                    PartFile.open(
                            writer,
                            new PartFileSpec(base, "", name, 0L),
                            schema,
                            options,
                            cut,
                            sorter,
                            resources);
            for (RowData row : rows) {
                file.write(row, 0L, Long.MIN_VALUE);
            }
            PendingFile pending = file.closeForCommit();
            writer.recoverForCommit(pending.recoverable()).commitAfterRecovery();
        }
        return dir.resolve(name);
    }

    static java.nio.file.Path write(
            java.nio.file.Path dir,
            String name,
            RowType type,
            List<RowData> rows,
            RowGroupCutSettings cut)
            throws Exception {
        return write(dir, name, type, rows, cut, WriteOptions.defaults(), null, 2);
    }
}
