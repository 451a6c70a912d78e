package io.pqx.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.footer.FileMetadata;

import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

class PqxDemoTest {

    @TempDir File tmp;

    @Test
    void writesTheTableAndReadsBackEveryRow() throws Exception {
        Path file = new Path(new File(tmp, "orders.parquet").toURI());
        new PqxDemo(4_500).write(file);
        try (ParquetReader reader = ParquetReader.open(file)) {
            FileMetadata metadata = reader.metadata();
            assertThat(metadata.numRows()).isEqualTo(4_500);
            assertThat(metadata.rowGroups()).hasSize(3);
            assertThat(metadata.rowGroups().get(2).numRows()).isEqualTo(500);
            assertThat(metadata.keyValueMetadata()).containsEntry("pqx.demo.table", "orders");
            assertThat(reader.schema().rowType().getFieldCount()).isEqualTo(15);
            long id = 0;
            try (CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
                while (rows.hasNext()) {
                    RowData row = rows.next();
                    // The id column counts rows in order; the rest is checked against the
                    // generator.
                    assertThat(row.getLong(0)).isEqualTo(id);
                    RowData expected = DemoTable.row(id);
                    assertThat(row.getInt(1)).isEqualTo(expected.getInt(1));
                    assertThat(row.getString(3)).isEqualTo(expected.getString(3));
                    assertThat(row.isNullAt(2)).isEqualTo(expected.isNullAt(2));
                    assertThat(row.getDecimal(5, 9, 2)).isEqualTo(expected.getDecimal(5, 9, 2));
                    assertThat(row.getTimestamp(12, 6)).isEqualTo(expected.getTimestamp(12, 6));
                    id++;
                }
            }
            assertThat(id).isEqualTo(4_500);
        }
    }

    @Test
    void printsMetaAndFirstRows() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new PqxDemo(50).run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).startsWith("pqx demo: wrote 50 rows to file:");
        assertThat(out)
                .contains("\nrows:          50\n")
                .contains("  sorting:       id ASC NULLS LAST\n")
                .contains("  column customer_id:\n")
                .contains("    bloom filter:  yes\n");
        List<String> json = out.lines().filter(l -> l.startsWith("{")).toList();
        assertThat(json).hasSize(PqxDemo.SHOWN_ROWS);
        for (int i = 0; i < json.size(); i++) {
            assertThat(json.get(i)).startsWith("{\"id\":" + i + ",\"customer_id\":");
        }
    }
}
