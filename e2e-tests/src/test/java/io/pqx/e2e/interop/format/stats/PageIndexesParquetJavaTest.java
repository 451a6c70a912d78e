package io.pqx.e2e.interop.format.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.footer.TestingFooters;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.stats.PageIndexes;
import io.pqx.format.stats.TestingPageIndexes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;

/** pqx converts and reads page indexes as parquet-java does. */
class PageIndexesParquetJavaTest {

    @Test
    void convertsAColumnIndexAsParquetJavaDoes() {
        ColumnIndex index = TestingPageIndexes.stringIndex();
        assertThat(PageIndexes.toThrift(index))
                .isEqualTo(
                        ParquetMetadataConverter.toParquetColumnIndex(
                                TestingPageIndexes.STRING, index));
    }

    @Test
    void convertsAnOffsetIndexAsParquetJavaDoes() {
        OffsetIndex index = TestingPageIndexes.offsetIndex();
        assertThat(PageIndexes.toThrift(index))
                .isEqualTo(ParquetMetadataConverter.toParquetOffsetIndex(index));
    }

    @Test
    void readsTheRealPageIndexesOfTinyPagesAsParquetJavaDoes() throws IOException {
        Path path = TestingParquetFiles.data("alltypes_tiny_pages.parquet");
        byte[] bytes = TestingFooters.bytes(path);
        InputFile file = new ByteArrayInputFile("tiny", bytes);
        FileMetadata metadata = FooterReader.read(file, 1 << 20);
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(path))) {
            List<ColumnChunkMetaData> expected = reader.getRowGroups().get(0).getColumns();
            int checked = 0;
            for (ColumnChunkMetadata chunk : metadata.rowGroups().get(0).columns()) {
                ColumnChunkMetaData theirs = expected.get(chunk.leafIndex());
                OffsetIndex offsets = PageIndexes.readOffsetIndex(file, chunk, chunk.context());
                OffsetIndex theirOffsets = reader.readOffsetIndex(theirs);
                assertThat(offsets.getPageCount()).isEqualTo(theirOffsets.getPageCount());
                assertThat(offsets.getPageCount()).isGreaterThan(1);
                for (int p = 0; p < offsets.getPageCount(); p++) {
                    assertThat(offsets.getOffset(p)).isEqualTo(theirOffsets.getOffset(p));
                    assertThat(offsets.getFirstRowIndex(p))
                            .isEqualTo(theirOffsets.getFirstRowIndex(p));
                }
                if (chunk.columnIndex().isPresent()) {
                    ColumnIndex index = PageIndexes.readColumnIndex(file, chunk, chunk.context());
                    ColumnIndex theirIndex = reader.readColumnIndex(theirs);
                    assertThat(index.getMinValues()).isEqualTo(theirIndex.getMinValues());
                    assertThat(index.getMaxValues()).isEqualTo(theirIndex.getMaxValues());
                    assertThat(index.getNullCounts()).isEqualTo(theirIndex.getNullCounts());
                    assertThat(index.getBoundaryOrder()).isEqualTo(theirIndex.getBoundaryOrder());
                    checked++;
                }
            }
            assertThat(checked).isGreaterThan(5);
        }
    }
}
