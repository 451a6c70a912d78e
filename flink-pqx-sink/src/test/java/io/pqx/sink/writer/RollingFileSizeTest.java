package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.options.RowGroupMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sink.rolling-policy.file-size} counts the file's real size: rolled files land within 10%
 * of it, whether a file is one open row group or several, streamed or held. Held rows (approximate
 * mode, sort-by) are not encoded until their cut, so they count at the compression of the subtask's
 * previous file: the subtask's first file, which has none to go by, counts them raw and comes out
 * smaller.
 */
class RollingFileSizeTest {
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new DoubleType()
                    },
                    new String[] {"id", "name", "price"});
    private static final long FILE_SIZE = MemorySize.parse("2 mb").getBytes();

    @TempDir Path dir;

    @Test
    void oneOpenRowGroupPerFile() throws Exception {
        assertFilesNearTheSize(RowGroupMode.EXACT, 1_000_000, 0);
    }

    @Test
    void severalStreamedRowGroupsPerFile() throws Exception {
        assertFilesNearTheSize(RowGroupMode.EXACT, 30_000, 0);
    }

    @Test
    void severalHeldRowGroupsPerFile() throws Exception {
        assertFilesNearTheSize(RowGroupMode.APPROXIMATE, 30_000, 1);
    }

    private void assertFilesNearTheSize(RowGroupMode mode, int groupRows, int firstChecked)
            throws Exception {
        PqxSink sink =
                PqxSink.builder()
                        .basePath(dir.resolve(mode + "-" + groupRows).toUri().toString())
                        .rowType(TYPE)
                        .set(PqxSinkOptions.ROW_GROUP_MODE, mode)
                        .set(PqxSinkOptions.ROW_GROUP_ROWS, groupRows)
                        .set(PqxSinkOptions.ROLLING_FILE_SIZE, MemorySize.parse("2 mb"))
                        .set(PqxSinkOptions.ENCODING_THREADS, 2)
                        .build();
        Random random = new Random(42);
        List<PqxCommittable> files;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(new TestingWriterContext())) {
            for (long i = 0; i < 600_000; i++) {
                writer.write(
                        GenericRowData.of(
                                i,
                                StringData.fromString(
                                        "customer-" + Long.toString(random.nextLong() >>> 24, 36)),
                                Math.round(random.nextDouble() * 100_000) / 100.0),
                        null);
            }
            writer.flush(true);
            files = List.copyOf(writer.prepareCommit());
        }
        assertThat(files).as("rolled files").hasSizeGreaterThan(3);
        List<Long> sizes = files.stream().map(PqxCommittable::sizeBytes).toList();
        assertThat(sizes.get(0)).as("file sizes %s", sizes).isLessThan((long) (1.1 * FILE_SIZE));
        for (long size : sizes.subList(firstChecked, sizes.size() - 1)) {
            assertThat((double) size)
                    .as("file sizes %s against %d", sizes, FILE_SIZE)
                    .isBetween(0.9 * FILE_SIZE, 1.1 * FILE_SIZE);
        }
    }
}
