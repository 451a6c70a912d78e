package io.pqx.format;

import io.pqx.format.options.WriteOptions;
import io.pqx.format.options.BloomFilterSpec;


import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Page, page index, bloom filter and checksum options of the writer. (What pqx writes with them is
 * checked with parquet-java in e2e-tests' {@code ParquetWriterPageParquetJavaTest}.)
 */
class ParquetWriterPageTest {
    @TempDir Path dir;

    static final RowType TYPE = (RowType) DataTypes.ROW(
            DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
            DataTypes.FIELD("name", DataTypes.STRING()))
            .getLogicalType();

    static List<RowData> rows(int n) {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(GenericRowData.of((long) i, StringData.fromString("name-" + i)));
        }
        return rows;
    }

    static Path write(Path dir, WriteOptions options, int n) throws Exception {
        Path file = dir.resolve("p.parquet");
        Files.deleteIfExists(file);
        TestingWriters.write(file, TYPE, options, rows(n));
        return file;
    }

    @Test
    void bloomFilterOnAnUnknownColumnIsRejected() {
        WriteOptions options = WriteOptions.builder()
                .bloomFilter("nope", new BloomFilterSpec(10, 0.01)).build();
        assertThatThrownBy(() -> write(dir, options, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Cannot write file: bloomFilters names column nope, which is not a leaf"
                        + " column of the schema (leaves: id, name)");
        assertThat(dir.resolve("p.parquet")).doesNotExist();
    }
}
