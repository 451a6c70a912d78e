package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetReader;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.prune.RowSelection;
import io.pqx.source.TestingSourceFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The position after each emitted row comes from the format's batch positions, gaps included. */
class BatchRecordsTest {
    @TempDir Path dir;

    @Test
    void eachRowCarriesThePositionAfterItEvenAcrossTheGapsOfASparseSelection() throws Exception {
        Path f = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 300, 150);
        RowSelection sparse = RowSelection.of(new long[] {2, 10, 140}, new long[] {5, 12, 150});
        List<String> seen = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(
                                FlinkInputFile.open(new org.apache.flink.core.fs.Path(f.toUri())),
                                ReadOptions.builder().batchSize(4).build());
                BatchIterator batches = reader.readRowGroup(1, reader.schema(), sparse)) {
            BatchGate gate = new BatchGate(1);
            while (batches.hasNext()) {
                ParquetBatch decoded = batches.next();
                BatchRecords records = new BatchRecords("s", decoded.columnBatch(), decoded, gate);
                assertThat(records.nextSplit()).isEqualTo("s");
                RowAtPosition r;
                while ((r = records.nextRecordFromSplit()) != null) {
                    seen.add(r.row.getLong(0) + "@" + r.rowGroup + ":" + r.nextRow);
                }
                records.recycle();
            }
        }
        // id 150 + p is row p of row group 1; the position after it is p + 1
        assertThat(seen)
                .containsExactly(
                        "152@1:3",
                        "153@1:4",
                        "154@1:5",
                        "160@1:11",
                        "161@1:12",
                        "290@1:141",
                        "291@1:142",
                        "292@1:143",
                        "293@1:144",
                        "294@1:145",
                        "295@1:146",
                        "296@1:147",
                        "297@1:148",
                        "298@1:149",
                        "299@1:150");
    }
}
