package io.pqx.e2e.interop.format;

import static io.pqx.format.TestingSelections.open;
import static io.pqx.format.TestingSelections.readSelected;
import static io.pqx.format.TestingSelections.subset;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetInspector;
import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.TestingRowValues;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.prune.RowSelection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Row selections over files parquet-java writes with small pages and an offset index. */
class SelectionReaderParquetJavaTest {
    @TempDir Path dir;

    @Test
    void selectsNestedRowsThroughTheOffsetIndex() throws Exception {
        Path file = dir.resolve("nested.parquet");
        TestingParquetJavaFiles.write(
                file,
                4000,
                7,
                new TestingParquetJavaFiles.Layout(
                        WriterVersion.PARQUET_1_0, CompressionCodecName.SNAPPY, true, 1 << 22, 37));
        List<List<Object>> all = TestingRowValues.readAll(file, ReadOptions.defaults());
        RowSelection selection =
                RowSelection.of(new long[] {0, 36, 500, 3998}, new long[] {1, 80, 1200, 4000});
        try (ParquetReader reader =
                ParquetReader.open(open(file), ReadOptions.builder().batchSize(333).build())) {
            assertThat(reader.metadata().rowGroups()).hasSize(1);
            assertThat(ParquetInspector.of(reader).readOffsetIndex(0, 0)).isPresent();
            assertThat(readSelected(reader, 0, reader.schema(), selection))
                    .isEqualTo(subset(all, 0, selection));
            ReadSchema projection = reader.project(List.of("matrix", "id", "point.inner"));
            List<List<Object>> projected = readSelected(reader, 0, projection, selection);
            assertThat(projected).hasSize((int) selection.rowCount());
            assertThat(projected.get(0).get(1)).isEqualTo(0L);
        }
    }

    @Test
    void randomSelectionsMatchTheFullRead() throws Exception {
        for (WriterVersion version : WriterVersion.values()) {
            Path file = dir.resolve("random-" + version + ".parquet");
            TestingParquetJavaFiles.write(
                    file,
                    3000,
                    11,
                    new TestingParquetJavaFiles.Layout(
                            version,
                            CompressionCodecName.UNCOMPRESSED,
                            version == WriterVersion.PARQUET_1_0,
                            1 << 22,
                            23));
            List<List<Object>> all = TestingRowValues.readAll(file, ReadOptions.defaults());
            Random random = new Random(version.ordinal());
            try (ParquetReader reader =
                    ParquetReader.open(open(file), ReadOptions.builder().batchSize(97).build())) {
                for (int round = 0; round < 15; round++) {
                    RowSelection selection = randomSelection(random, 3000);
                    assertThat(readSelected(reader, 0, reader.schema(), selection))
                            .as("%s %s", version, selection)
                            .isEqualTo(subset(all, 0, selection));
                }
            }
        }
    }

    private static RowSelection randomSelection(Random random, long rows) {
        List<Long> starts = new ArrayList<>();
        List<Long> ends = new ArrayList<>();
        long at = random.nextInt(200);
        while (at < rows) {
            long end = Math.min(rows, at + 1 + random.nextInt(random.nextBoolean() ? 5 : 150));
            starts.add(at);
            ends.add(end);
            at = end + 1 + random.nextInt(random.nextBoolean() ? 3 : 400);
        }
        return RowSelection.of(
                starts.stream().mapToLong(Long::longValue).toArray(),
                ends.stream().mapToLong(Long::longValue).toArray());
    }
}
