package io.pqx.e2e.interop.format;

import static io.pqx.format.TestingPriceRows.TYPE;
import static io.pqx.format.TestingPriceRows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetWriter;
import io.pqx.format.TestingFlinkRows;
import io.pqx.format.TestingPriceRows;
import io.pqx.format.TestingRowTypes;
import io.pqx.format.TestingWriters;
import io.pqx.format.encode.EncodingContext;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files from the writer's life cycle (checked in flink-pqx-format's {@code ParquetWriterTest}),
 * read back by parquet-java.
 */
class ParquetWriterParquetJavaTest {
    @TempDir Path dir;

    @Test
    void parquetJavaReadsTheRowsAroundARejectedNull() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer = TestingPriceRows.open(bytes)) {
            writer.write(row(1, "1.00", "a"));
            RowData bad = GenericRowData.of(null, null, null);
            assertThatThrownBy(() -> writer.write(bad))
                    .isInstanceOf(IllegalArgumentException.class);
            writer.write(row(2, null, "b"));
        }
        Path file = TestingWriters.file(dir, bytes.toByteArray());
        assertThat(TestingParquetJavaReader.readRows(file))
                .extracting(r -> r.get("id"))
                .containsExactly(1, 2);
    }

    @Test
    void parquetJavaReadsAnEmptyFile() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer = TestingPriceRows.open(bytes)) {
            writer.finish();
        }
        Path file = TestingWriters.file(dir, bytes.toByteArray());
        assertThat(TestingParquetJavaReader.footer(file).getBlocks()).isEmpty();
        assertThat(TestingParquetJavaReader.readRows(file)).isEmpty();
    }

    @Test
    void floatSpecialsAndHugeValuesRoundTrip() throws Exception {
        RowType type =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("f", DataTypes.FLOAT()),
                                        DataTypes.FIELD("d", DataTypes.DOUBLE()),
                                        DataTypes.FIELD("s", DataTypes.STRING()))
                                .getLogicalType();
        String huge = "h".repeat(3 << 20); // over the 1 MiB page size on its own
        List<RowData> rows =
                List.of(
                        GenericRowData.of(Float.NaN, Double.NaN, StringData.fromString(huge)),
                        GenericRowData.of(
                                Float.NEGATIVE_INFINITY, -0.0d, StringData.fromString("")),
                        GenericRowData.of(Float.POSITIVE_INFINITY, Double.MIN_VALUE, null));
        Path file = dir.resolve("specials.parquet");
        TestingWriters.write(file, type, WriteOptions.defaults(), rows);
        List<Map<String, Object>> read = TestingParquetJavaReader.readRows(file);
        for (int i = 0; i < rows.size(); i++) {
            assertThat(read.get(i)).isEqualTo(TestingFlinkRows.toJava(rows.get(i), type));
        }
    }

    @Test
    void createWritesThroughTheFlinkFileSystem() throws Exception {
        Path file = dir.resolve("created.parquet");
        TestingWriters.write(
                file,
                TYPE,
                WriteOptions.defaults(),
                List.of(row(7, "2.50", "x"), row(8, null, null)));
        assertThat(TestingParquetJavaReader.readRows(file)).hasSize(2);
        assertThat(TestingParquetJavaReader.readRows(file).get(0).get("price"))
                .isEqualTo(new BigDecimal("2.50"));
    }

    @Test
    void parquetJavaReadsTheFileWhoseBytesDoNotDependOnThreads() throws Exception {
        byte[] bytes =
                TestingWriters.bytes(
                        TestingRowTypes.NESTED,
                        TestingWriters.THREADING_OPTIONS,
                        TestingWriters.threadingRows(),
                        EncodingContext.CALLER_RUNS);
        Path file = TestingWriters.file(dir, bytes);
        assertThat(TestingParquetJavaReader.readRows(file)).hasSize(4000);
    }
}
