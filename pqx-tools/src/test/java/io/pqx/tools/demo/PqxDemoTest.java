package io.pqx.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;

import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Stream;

class PqxDemoTest {

    @TempDir java.nio.file.Path tmp;

    @Test
    void theJobCommitsEveryRowExactlyOnceWithTheGeneratorsValues() throws Exception {
        List<java.nio.file.Path> files = new PqxDemo(4_500).write(tmp);

        assertThat(files).hasSizeGreaterThanOrEqualTo(PqxDemo.PARALLELISM);
        try (Stream<java.nio.file.Path> all = Files.list(tmp)) {
            assertThat(all.filter(f -> f.getFileName().toString().startsWith("."))).isEmpty();
        }
        BitSet seen = new BitSet();
        long rows = 0;
        for (java.nio.file.Path file : files) {
            try (ParquetReader reader = ParquetReader.open(new Path(file.toUri()))) {
                FileMetadataView metadata = reader.metadata();
                assertThat(reader.schema().rowType().getFieldCount()).isEqualTo(15);
                for (RowGroupView group : metadata.rowGroups()) {
                    assertThat(group.numRows()).isLessThanOrEqualTo(DemoJob.ROW_GROUP_ROWS);
                }
                try (CloseableIterator<RowData> it = reader.rows(reader.schema())) {
                    while (it.hasNext()) {
                        RowData row = it.next();
                        int id = Math.toIntExact(row.getLong(0));
                        assertThat(seen.get(id)).as("row %d committed twice", id).isFalse();
                        seen.set(id);
                        RowData expected = DemoTable.row(id);
                        assertThat(row.getInt(1)).isEqualTo(expected.getInt(1));
                        assertThat(row.getString(3)).isEqualTo(expected.getString(3));
                        assertThat(row.isNullAt(2)).isEqualTo(expected.isNullAt(2));
                        assertThat(row.getDecimal(5, 9, 2)).isEqualTo(expected.getDecimal(5, 9, 2));
                        assertThat(row.getTimestamp(12, 6))
                                .isEqualTo(expected.getTimestamp(12, 6));
                        rows++;
                    }
                }
            }
        }
        assertThat(rows).isEqualTo(4_500);
        assertThat(seen.cardinality()).isEqualTo(4_500);
    }

    @Test
    void printsTheCommittedFilesAndTheLargestFilesMetaAndRows() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new PqxDemo(3_000).run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);

        assertThat(out).startsWith("pqx demo: a Flink job (embedded MiniCluster, parallelism 2");
        assertThat(out).contains(" wrote 3000 rows with pqx's sink into ");
        assertThat(out.lines().filter(l -> l.matches("  part-.*\\.parquet +\\d+ rows")))
                .hasSizeGreaterThanOrEqualTo(PqxDemo.PARALLELISM);
        assertThat(out)
                .contains("$ pqx meta ")
                .contains("  sorting:       id ASC NULLS FIRST\n")
                .contains("  column customer_id:\n")
                .contains("    bloom filter:  yes\n");
        List<String> json = out.lines().filter(l -> l.startsWith("{")).toList();
        assertThat(json).hasSize(PqxDemo.SHOWN_ROWS);
        for (String line : json) {
            assertThat(line).matches("\\{\"id\":\\d+,\"customer_id\":.*");
        }
    }
}
