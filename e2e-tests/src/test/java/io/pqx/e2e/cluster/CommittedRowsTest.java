package io.pqx.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.e2e.cluster.jobs.GeneratedRows;
import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster tests' checker finds what it must: duplicates, losses, rows never generated, wrong
 * payloads and rows in the wrong partition directory, and it reads visible files only (a row only
 * in a hidden file counts as lost).
 */
class CommittedRowsTest {
    @TempDir Path table;

    @Test
    void countsDuplicatesLossesStrangersBadPayloadsAndMisplacedRowsOfVisibleFilesOnly()
            throws Exception {
        GeneratedRows rows = new GeneratedRows();
        write("part=0/a.parquet", rows.map(0L), rows.map(4L), rows.map(8L)); // 8: never expected
        write("part=1/b.parquet", rows.map(1L), rows.map(5L), rows.map(2L)); // 2: misplaced
        write("part=0/c.parquet", rows.map(4L)); // committed twice
        write("part=2/d.parquet", GenericRowData.of(6L, 2, StringData.fromString("wrong")));
        write("part=3/.e.parquet", rows.map(3L)); // hidden: 3 is lost
        write("_tmp/part=3/f.parquet", rows.map(3L)); // under a hidden directory
        // 7: never written

        CommittedRows committed = CommittedRows.read(table, 8, true);

        assertThat(committed.files()).isEqualTo(4);
        assertThat(committed.rows()).isEqualTo(8);
        assertThat(committed.duplicates()).isEqualTo(1);
        assertThat(committed.losses(8)).as("3 and 7").isEqualTo(2);
        assertThat(committed.strangers()).as("8").isEqualTo(1);
        assertThat(committed.badPayloads()).as("6").isEqualTo(1);
        assertThat(committed.misplaced()).as("2").isEqualTo(1);
        assertThat(CommittedRows.hiddenFiles(table))
                .extracting(p -> table.relativize(p).toString())
                .containsExactly("_tmp/part=3/f.parquet", "part=3/.e.parquet");
    }

    @Test
    void anEmptyDirectoryHoldsNoRow() throws Exception {
        CommittedRows committed = CommittedRows.read(table, 5, false);

        assertThat(committed.rows()).isZero();
        assertThat(committed.losses(5)).isEqualTo(5);
    }

    private void write(String relative, RowData... rows) throws Exception {
        Path file = table.resolve(relative);
        Files.createDirectories(file.getParent());
        try (ParquetWriter writer =
                ParquetWriter.builder(GeneratedRows.TYPE)
                        .options(WriteOptions.defaults())
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowData row : List.of(rows)) {
                writer.write(row);
            }
        }
    }
}
