package io.pqx.format.stats;

import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.footer.TestingParquetJavaFooters;
import io.pqx.format.footer.RowGroupMetadata;
import io.pqx.format.footer.TestingFooters;
import io.pqx.format.TestingParquetFiles;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

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
        FileMetadata ours =
                FooterReader.read(
                        TestingFooters.input(file.toString(), TestingFooters.bytes(file)), 1 << 24);
        ParquetMetadata theirs = TestingParquetJavaFooters.read(file);
        for (RowGroupMetadata rowGroup : ours.rowGroups()) {
            for (ColumnChunkMetadata chunk : rowGroup.columns()) {
                ChunkStatistics stats = ChunkStatistics.of(chunk);
                Statistics<?> expected =
                        theirs.getBlocks()
                                .get(rowGroup.index())
                                .getColumns()
                                .get(chunk.leafIndex())
                                .getStatistics();
                boolean theyTrust = expected != null && expected.hasNonNullValue();
                if (stats.hasMinMax() && theyTrust) {
                    assertThat(compareMin(stats.minMax(), expected))
                            .as(chunk.path())
                            .isLessThanOrEqualTo(0);
                    assertThat(compareMax(stats.minMax(), expected))
                            .as(chunk.path())
                            .isGreaterThanOrEqualTo(0);
                } else if (stats.hasMinMax()) {
                    assertThat(chunk.descriptor().getPrimitiveType().getLogicalTypeAnnotation())
                            .as(chunk.path())
                            .isInstanceOf(LogicalTypeAnnotation.DecimalLogicalTypeAnnotation.class);
                } else {
                    assertThat(stats.untrustedReason()).isNotBlank();
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
