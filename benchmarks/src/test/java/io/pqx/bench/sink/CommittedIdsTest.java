package io.pqx.bench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link CommittedIds} finds every way a partitioned job's files can be wrong. */
class CommittedIdsTest {

    private static final RowType ID_ONLY =
            RowType.of(new LogicalType[] {new BigIntType(false)}, new String[] {"id"});

    @TempDir Path dir;

    @Test
    void exactIdsInTheirPartitionsPass() throws Exception {
        write("p=0/a.parquet", 0, 2, 4);
        write("p=1/a.parquet", 1, 3);
        write("p=1/.a.parquet.inprogress.x", 5);

        CommittedIds ids = CommittedIds.read(dir, 5, 2);

        assertThat(ids.problem(5)).isEmpty();
        assertThat(ids.files()).isEqualTo(2);
        assertThat(ids.hiddenFiles()).isEqualTo(1);
        assertThat(ids.rows()).isEqualTo(5);
        assertThat(ids.idSum()).isEqualTo(10);
    }

    @Test
    void aDuplicateAMissingAMisplacedAndAForeignIdAreReported() throws Exception {
        write("p=0/a.parquet", 0, 2);
        write("p=0/b.parquet", 2, 3, 9);

        CommittedIds ids = CommittedIds.read(dir, 5, 2);

        assertThat(ids.duplicates()).isEqualTo(1);
        assertThat(ids.missing()).isEqualTo(2); // 1 and 4
        assertThat(ids.misplaced()).isEqualTo(2); // 3 and 9 in p=0
        assertThat(ids.outOfRange()).isEqualTo(1); // 9
        assertThat(ids.problem(5))
                .hasValueSatisfying(
                        p ->
                                assertThat(p)
                                        .contains(
                                                "1 duplicate ids", "2 missing", "1 out of range"));
    }

    private void write(String name, long... ids) throws Exception {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        try (ParquetWriter writer =
                ParquetWriter.builder(ID_ONLY)
                        .options(WriteOptions.builder().build())
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (long id : ids) {
                writer.write(GenericRowData.of(id));
            }
        }
    }
}
