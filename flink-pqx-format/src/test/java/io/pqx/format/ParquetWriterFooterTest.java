package io.pqx.format;

import static io.pqx.format.TestingCityRows.SORTED;
import static io.pqx.format.TestingCityRows.TYPE;
import static io.pqx.format.TestingCityRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.footer.FileMetadata;
import io.pqx.format.options.WriteOptions;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.SortingColumn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What pqx writes into the footer, checked on its own Thrift footer: statistics truncation, sorting
 * columns. (Encodings, statistics, key-value metadata, created_by and row group cuts are checked
 * with parquet-java's footer reader in e2e-tests' {@code ParquetWriterFooterParquetJavaTest}.)
 */
class ParquetWriterFooterTest {
    @TempDir Path dir;

    @Test
    void longBinaryBoundsAreTruncatedAndMarkedInexact() throws Exception {
        Path file = dir.resolve("t.parquet");
        TestingWriters.write(
                file, TYPE, WriteOptions.builder().statisticsTruncateLength(8).build(), rows(100));
        FileMetadata meta = TestingWriters.footer(file);
        ColumnMetaData note =
                meta.thrift().getRow_groups().get(0).getColumns().get(2).getMeta_data();
        // True min "note-0", max "note-zzz...zz99"-like: both longer or shorter than 8 bytes.
        byte[] min = bytes(note.getStatistics().bufferForMin_value());
        byte[] max = bytes(note.getStatistics().bufferForMax_value());
        assertThat(min.length).isLessThanOrEqualTo(8);
        assertThat(max.length).isLessThanOrEqualTo(8);
        assertThat(new String(min, StandardCharsets.UTF_8)).isEqualTo("note-0");
        assertThat(note.getStatistics().isIs_min_value_exact()).isTrue();
        assertThat(note.getStatistics().isIs_max_value_exact()).isFalse();
        String trueMax = "note-" + "z".repeat(29) + "89";
        assertThat(compareUnsigned(max, trueMax.getBytes(StandardCharsets.UTF_8))).isPositive();
    }

    @Test
    void sortingColumnsAreRecordedPerRowGroup() throws Exception {
        Path file = dir.resolve("s.parquet");
        TestingWriters.write(file, TYPE, SORTED, rows(100));
        FileMetadata meta = TestingWriters.footer(file);
        assertThat(meta.thrift().getRow_groups()).hasSize(3);
        for (var group : meta.thrift().getRow_groups()) {
            assertThat(group.getSorting_columns())
                    .containsExactly(
                            new SortingColumn(0, false, true), new SortingColumn(1, true, false));
        }
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] out = new byte[buffer.remaining()];
        buffer.duplicate().get(out);
        return out;
    }

    private static int compareUnsigned(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }
}
