package io.pqx.sink.file;

import io.pqx.format.EncodingPool;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/** Test helper: writes rows through a {@link PartFile} on the local file system and commits it. */
final class TestingPartFiles {
    static final long NO_BYTE_BOUND = 1L << 30;

    private TestingPartFiles() {}

    static Path write(
            Path dir,
            String name,
            RowType type,
            List<RowData> rows,
            RowGroupLimits cut,
            WriteOptions options,
            @Nullable RowSorter sorter,
            int threads)
            throws Exception {
        return write(dir, name, type, rows, cut, options, sorter, threads, false);
    }

    /**
     * As the other {@code write}; with {@code skipRejected}, rows the file rejects are left out and
     * the rest written, as a job would after catching them.
     */
    static Path write(
            Path dir,
            String name,
            RowType type,
            List<RowData> rows,
            RowGroupLimits cut,
            WriteOptions options,
            @Nullable RowSorter sorter,
            int threads,
            boolean skipRejected)
            throws Exception {
        org.apache.flink.core.fs.Path base = new org.apache.flink.core.fs.Path(dir.toUri());
        RecoverableWriter writer = FileSystem.getLocalFileSystem().createRecoverableWriter();
        try (EncodingPool pool = EncodingPool.threads(threads, 8, 2, "test")) {
            PartFile file =
                    new PartFiles(writer, type, options, cut, sorter, pool, Long.MAX_VALUE, false)
                            .open(new PartFileSpec(base, "", name, 0L));
            for (RowData row : rows) {
                try {
                    file.write(row, 0L, Long.MIN_VALUE);
                } catch (IllegalArgumentException e) {
                    if (!skipRejected) {
                        file.discard();
                        throw e;
                    }
                }
            }
            PendingFile pending = file.closeForCommit();
            writer.recoverForCommit(pending.recoverable()).commitAfterRecovery();
        }
        return dir.resolve(name);
    }

    static Path write(Path dir, String name, RowType type, List<RowData> rows, RowGroupLimits cut)
            throws Exception {
        return write(dir, name, type, rows, cut, WriteOptions.defaults(), null, 2);
    }
}
