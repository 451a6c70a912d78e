package io.pqx.e2e.interop.format;

import static io.pqx.format.TestingNameRows.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingNameRows;
import io.pqx.format.TestingWriters;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.Compression;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pages as pqx cuts them and the page index, bloom filters and checksums it writes, checked with
 * parquet-java (rows and type from {@link TestingNameRows}, as in flink-pqx-format's {@code
 * ParquetWriterPageTest}).
 */
class ParquetWriterPageParquetJavaTest {
    @TempDir Path dir;

    @Test
    void pageRowLimitCutsPagesOfExactlyThatManyRows() throws Exception {
        Path file = write(dir, WriteOptions.builder().pageRowLimit(1000).build(), 10_000);
        try (ParquetFileReader reader = TestingParquetJavaReader.open(file)) {
            for (ColumnChunkMetaData column : reader.getRowGroups().get(0).getColumns()) {
                OffsetIndex index = reader.readOffsetIndex(column);
                assertThat(index.getPageCount()).isEqualTo(10);
                for (int p = 0; p < 10; p++) {
                    assertThat(index.getFirstRowIndex(p)).isEqualTo(p * 1000L);
                }
                assertThat(index.getOffset(0)).isEqualTo(column.getFirstDataPageOffset());
            }
        }
    }

    @Test
    void pageSizeCutsPagesOfAboutThatSize() throws Exception {
        Path file =
                write(
                        dir,
                        WriteOptions.builder()
                                .pageSizeBytes(4096)
                                .dictionaryEnabled(false)
                                .codec(Compression.UNCOMPRESSED)
                                .build(),
                        20_000);
        try (ParquetFileReader reader = TestingParquetJavaReader.open(file)) {
            ColumnChunkMetaData id = reader.getRowGroups().get(0).getColumns().get(0);
            OffsetIndex index = reader.readOffsetIndex(id);
            // 20,000 longs are 160,000 bytes: about 39 pages of 4 KiB.
            assertThat(index.getPageCount()).isBetween(30, 50);
            for (int p = 0; p < index.getPageCount(); p++) {
                assertThat(index.getCompressedPageSize(p)).isLessThan(4096 + 1024);
            }
        }
    }

    @Test
    void columnIndexHoldsEachPagesMinAndMax() throws Exception {
        Path file = write(dir, WriteOptions.builder().pageRowLimit(1000).build(), 5000);
        try (ParquetFileReader reader = TestingParquetJavaReader.open(file)) {
            ColumnChunkMetaData id = reader.getRowGroups().get(0).getColumns().get(0);
            ColumnIndex index = reader.readColumnIndex(id);
            assertThat(index.getNullPages()).containsExactly(false, false, false, false, false);
            for (int p = 0; p < 5; p++) {
                assertThat(index.getMinValues().get(p).order(ByteOrder.LITTLE_ENDIAN).getLong(0))
                        .isEqualTo(p * 1000L);
                assertThat(index.getMaxValues().get(p).order(ByteOrder.LITTLE_ENDIAN).getLong(0))
                        .isEqualTo(p * 1000L + 999);
            }
            assertThat(index.getBoundaryOrder().name()).isEqualTo("ASCENDING");
        }
    }

    @Test
    void columnIndexTruncatesLongBinaryBounds() throws Exception {
        Path file = write(dir, WriteOptions.builder().columnIndexTruncateLength(4).build(), 100);
        try (ParquetFileReader reader = TestingParquetJavaReader.open(file)) {
            ColumnIndex index =
                    reader.readColumnIndex(reader.getRowGroups().get(0).getColumns().get(1));
            for (ByteBuffer min : index.getMinValues()) {
                assertThat(min.remaining()).isLessThanOrEqualTo(4);
            }
        }
    }

    @Test
    void pageIndexIsAbsentWhenDisabled() throws Exception {
        Path file = write(dir, WriteOptions.builder().pageIndexEnabled(false).build(), 100);
        try (ParquetFileReader reader = TestingParquetJavaReader.open(file)) {
            for (ColumnChunkMetaData column : reader.getRowGroups().get(0).getColumns()) {
                assertThat(reader.readColumnIndex(column)).isNull();
                assertThat(reader.readOffsetIndex(column)).isNull();
            }
        }
    }

    @Test
    void bloomFilterOfAChosenColumnFindsEveryValueAndFewOthers() throws Exception {
        Path file =
                write(
                        dir,
                        WriteOptions.builder()
                                .bloomFilter("name", new BloomFilterSpec(2000, 0.01))
                                .build(),
                        2000);
        try (ParquetFileReader reader = TestingParquetJavaReader.open(file)) {
            List<ColumnChunkMetaData> columns = reader.getRowGroups().get(0).getColumns();
            assertThat(reader.readBloomFilter(columns.get(0))).isNull();
            BloomFilter filter = reader.readBloomFilter(columns.get(1));
            assertThat(filter).isNotNull();
            for (int i = 0; i < 2000; i++) {
                assertThat(filter.findHash(filter.hash(Binary.fromString("name-" + i)))).isTrue();
            }
            int falsePositives = 0;
            for (int i = 0; i < 2000; i++) {
                if (filter.findHash(filter.hash(Binary.fromString("other-" + i)))) {
                    falsePositives++;
                }
            }
            assertThat(falsePositives).isLessThan(100);
        }
    }

    @Test
    void pageChecksumsAreWrittenAndCatchCorruption() throws Exception {
        Path file =
                write(
                        dir,
                        WriteOptions.builder()
                                .pageChecksums(true)
                                .codec(Compression.UNCOMPRESSED)
                                .build(),
                        1000);
        long pageOffset;
        try (ParquetFileReader reader = TestingParquetJavaReader.open(file)) {
            pageOffset = reader.getRowGroups().get(0).getColumns().get(0).getFirstDataPageOffset();
        }
        byte[] bytes = Files.readAllBytes(file);
        ByteArrayInputStream in =
                new ByteArrayInputStream(bytes, (int) pageOffset, bytes.length - (int) pageOffset);
        PageHeader header = Util.readPageHeader(in);
        assertThat(header.isSetCrc()).isTrue();
        assertThat(TestingParquetJavaReader.readRows(file)).hasSize(1000);

        int bodyStart = bytes.length - in.available();
        bytes[bodyStart + 8] ^= 0x5a; // inside the first id value
        Path corrupt = TestingWriters.file(dir, bytes);
        assertThatThrownBy(() -> TestingParquetJavaReader.readRows(corrupt))
                .hasStackTraceContaining("checksum");
    }

    @Test
    void pagesCarryChecksumsByDefault() throws Exception {
        Path file = write(dir, WriteOptions.defaults(), 10);
        long pageOffset;
        try (ParquetFileReader reader = TestingParquetJavaReader.open(file)) {
            pageOffset = reader.getRowGroups().get(0).getColumns().get(0).getFirstDataPageOffset();
        }
        byte[] bytes = Files.readAllBytes(file);
        PageHeader header =
                Util.readPageHeader(
                        new ByteArrayInputStream(
                                bytes, (int) pageOffset, bytes.length - (int) pageOffset));
        assertThat(header.isSetCrc()).isTrue();
    }

    @Test
    void pagesCarryNoChecksumWhenTurnedOff() throws Exception {
        Path file = write(dir, WriteOptions.builder().pageChecksums(false).build(), 10);
        long pageOffset;
        try (ParquetFileReader reader = TestingParquetJavaReader.open(file)) {
            pageOffset = reader.getRowGroups().get(0).getColumns().get(0).getFirstDataPageOffset();
        }
        byte[] bytes = Files.readAllBytes(file);
        PageHeader header =
                Util.readPageHeader(
                        new ByteArrayInputStream(
                                bytes, (int) pageOffset, bytes.length - (int) pageOffset));
        assertThat(header.isSetCrc()).isFalse();
    }
}
