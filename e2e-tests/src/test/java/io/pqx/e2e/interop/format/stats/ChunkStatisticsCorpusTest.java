package io.pqx.e2e.interop.format.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.e2e.interop.format.footer.TestingParquetJavaFooters;
import io.pqx.format.ParquetInspector;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reads the statistics of every chunk of the corpus and compares them with parquet-java's: where
 * both trust the bounds, pqx's contain parquet-java's (equal, or wider where pqx widens a
 * floating-point zero). pqx trusts bounds parquet-java drops only for the deprecated min/max of
 * INT32/INT64 decimals, whose signed order is the decimal order.
 */
class ChunkStatisticsCorpusTest {

    static Stream<Path> plainFiles() {
        return TestingParquetFiles.allPlainFiles().stream();
    }

    @ParameterizedTest
    @MethodSource("plainFiles")
    void readsEveryChunksStatisticsConsistentlyWithParquetJava(Path file) throws IOException {
        FileMetadataView ours =
                ParquetInspector.read(
                                new ByteArrayInputFile(file.toString(), Files.readAllBytes(file)),
                                ReadOptions.defaults())
                        .metadata();
        ParquetMetadata theirs = TestingParquetJavaFooters.read(file);
        for (RowGroupView rowGroup : ours.rowGroups()) {
            for (ColumnChunkView chunk : rowGroup.columns()) {
                ChunkStatisticsView stats = chunk.statistics();
                ColumnChunkMetaData theirChunk =
                        theirs.getBlocks()
                                .get(rowGroup.ordinal())
                                .getColumns()
                                .get(chunk.leafIndex());
                Statistics<?> expected = theirChunk.getStatistics();
                boolean theyTrust = expected != null && expected.hasNonNullValue();
                if (stats.hasMinMax() && theyTrust) {
                    // pqx's bounds as parquet-java statistics of the column's type, to compare
                    // in the column's order
                    Statistics<?> bounds =
                            Statistics.getBuilderForReading(theirChunk.getPrimitiveType())
                                    .withMin(stats.minBytes())
                                    .withMax(stats.maxBytes())
                                    .build();
                    assertThat(compareMin(bounds, expected))
                            .as(chunk.path())
                            .isLessThanOrEqualTo(0);
                    assertThat(compareMax(bounds, expected))
                            .as(chunk.path())
                            .isGreaterThanOrEqualTo(0);
                } else if (stats.hasMinMax()) {
                    assertThat(theirChunk.getPrimitiveType().getLogicalTypeAnnotation())
                            .as(chunk.path())
                            .isInstanceOf(LogicalTypeAnnotation.DecimalLogicalTypeAnnotation.class);
                } else {
                    assertThat(stats.untrustedReason().orElseThrow()).isNotBlank();
                }
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareMin(Statistics ours, Statistics theirs) {
        return ours.compareMinToValue(theirs.genericGetMin());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareMax(Statistics ours, Statistics theirs) {
        return ours.compareMaxToValue(theirs.genericGetMax());
    }
}
