package io.pqx.e2e.interop.format.footer;

import static io.pqx.format.footer.TestingFooters.MAX_FOOTER;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.FileRange;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.footer.RowGroupMetadata;
import io.pqx.format.footer.TestingFooters;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reads the footer of every plain file of parquet-testing and compares it with parquet-java's view.
 */
class FooterReaderCorpusParquetJavaTest {

    static Stream<Path> plainFiles() {
        return TestingParquetFiles.allPlainFiles().stream();
    }

    @ParameterizedTest
    @MethodSource("plainFiles")
    void readsTheFooterAsParquetJavaDoes(Path file) throws IOException {
        String name = TestingParquetFiles.name(file);
        FileMetadata ours =
                FooterReader.read(
                        TestingFooters.input(name, TestingFooters.bytes(file)), MAX_FOOTER);
        ParquetMetadata theirs = TestingParquetJavaFooters.read(file);

        assertThat(ours.location()).isEqualTo(name);
        // parquet-java copies the footer's column orders into its schema; pqx keeps them on the
        // column chunks (ColumnChunkMetadata.columnOrder()), so compare without them.
        assertThat(ours.messageType().toString())
                .isEqualTo(
                        theirs.getFileMetaData()
                                .getSchema()
                                .toString()
                                .replaceAll(" columnorder\\([A-Z0-9_]+\\)", ""));
        assertThat(ours.createdBy()).isEqualTo(theirs.getFileMetaData().getCreatedBy());
        assertThat(ours.keyValueMetadata().keySet())
                .isEqualTo(theirs.getFileMetaData().getKeyValueMetaData().keySet());
        List<BlockMetaData> blocks = theirs.getBlocks();
        assertThat(ours.rowGroups()).hasSameSizeAs(blocks);
        long rows = 0;
        for (int i = 0; i < blocks.size(); i++) {
            assertRowGroup(ours.rowGroups().get(i), blocks.get(i));
            rows += blocks.get(i).getRowCount();
        }
        assertThat(ours.numRows()).isEqualTo(rows);
    }

    private static void assertRowGroup(RowGroupMetadata ours, BlockMetaData theirs) {
        assertThat(ours.numRows()).isEqualTo(theirs.getRowCount());
        assertThat(ours.columns()).hasSameSizeAs(theirs.getColumns());
        for (int c = 0; c < theirs.getColumns().size(); c++) {
            ColumnChunkMetadata chunk = ours.columns().get(c);
            ColumnChunkMetaData expected = theirs.getColumns().get(c);
            assertThat(chunk.leafIndex()).isEqualTo(c);
            assertThat(chunk.path()).isEqualTo(expected.getPath().toDotString());
            assertThat(chunk.codec().name()).isEqualTo(expected.getCodec().name());
            assertThat(chunk.startOffset()).isEqualTo(expected.getStartingPos());
            assertThat(chunk.totalCompressedSize()).isEqualTo(expected.getTotalSize());
            assertThat(chunk.numValues()).isEqualTo(expected.getValueCount());
            assertThat(chunk.columnIndex().isPresent())
                    .isEqualTo(expected.getColumnIndexReference() != null);
            assertThat(chunk.offsetIndex().isPresent())
                    .isEqualTo(expected.getOffsetIndexReference() != null);
            assertThat(chunk.bloomFilter().map(FileRange::offset).orElse(-1L))
                    .isEqualTo(expected.getBloomFilterOffset());
        }
    }
}
