package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.codec.Codecs;
import java.io.ByteArrayInputStream;
import java.util.zip.CRC32;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.impl.ColumnWriteStoreV1;
import org.apache.parquet.column.impl.ColumnWriteStoreV2;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

class ChunkPageWriterTest {
    private static final MessageType SCHEMA =
            MessageTypeParser.parseMessageType("message m { optional int64 v; }");
    private static final ColumnDescriptor COLUMN = SCHEMA.getColumns().get(0);

    private static ChunkPageWriter write(boolean v2, boolean checksums, int rows) {
        ChunkPageWriter pages =
                new ChunkPageWriter(
                        COLUMN,
                        new ChunkPageSettings(
                                Codecs.forWriting(
                                        CompressionCodecName.SNAPPY, Codecs.DEFAULT_LEVEL),
                                checksums,
                                true,
                                true,
                                64));
        ParquetProperties props =
                ParquetProperties.builder()
                        .withPageRowCountLimit(100)
                        .withMinRowCountForPageSizeCheck(100)
                        .withWriterVersion(
                                v2
                                        ? ParquetProperties.WriterVersion.PARQUET_2_0
                                        : ParquetProperties.WriterVersion.PARQUET_1_0)
                        .build();
        ColumnWriteStore store =
                v2
                        ? new ColumnWriteStoreV2(SCHEMA, pages, pages, props)
                        : new ColumnWriteStoreV1(SCHEMA, pages, pages, props);
        ColumnWriter writer = store.getColumnWriter(COLUMN);
        for (int i = 0; i < rows; i++) {
            if (i % 10 == 0) {
                writer.writeNull(0, 0);
            } else {
                writer.write((long) (i % 7), 0, 1);
            }
            store.endRecord();
        }
        store.flush();
        writer.close();
        return pages;
    }

    @Test
    void keepsTheDictionaryPageApartAndCountsEveryPage() throws Exception {
        ChunkPageWriter pages = write(false, false, 350);
        assertThat(pages.hasDictionaryPage()).isTrue();
        assertThat(pages.dataPageCount()).isEqualTo(4);
        assertThat(pages.valueCount()).isEqualTo(350);
        assertThat(pages.statistics().getNumNulls()).isEqualTo(35);
        assertThat(pages.encodings()).contains(Encoding.PLAIN_DICTIONARY, Encoding.RLE);
        assertThat(pages.totalCompressedSize())
                .isEqualTo(pages.dictionaryPage().size() + pages.dataPages().size());

        PageHeader dictionary =
                Util.readPageHeader(new ByteArrayInputStream(pages.dictionaryPage().toByteArray()));
        assertThat(dictionary.getType()).isEqualTo(PageType.DICTIONARY_PAGE);
        assertThat(dictionary.getDictionary_page_header().getNum_values()).isEqualTo(7);
    }

    @Test
    void offsetIndexPointsAtEachDataPageHeader() throws Exception {
        ChunkPageWriter pages = write(true, false, 350);
        byte[] data = pages.dataPages().toByteArray();
        OffsetIndex index = pages.offsetIndex();
        assertThat(index.getPageCount()).isEqualTo(4);
        long rows = 0;
        for (int p = 0; p < index.getPageCount(); p++) {
            ByteArrayInputStream in =
                    new ByteArrayInputStream(
                            data, (int) index.getOffset(p), index.getCompressedPageSize(p));
            PageHeader header = Util.readPageHeader(in);
            assertThat(header.getType()).isEqualTo(PageType.DATA_PAGE_V2);
            assertThat(header.getData_page_header_v2().getNum_rows()).isEqualTo(p < 3 ? 100 : 50);
            assertThat(in.available()).isEqualTo(header.getCompressed_page_size());
            assertThat(index.getFirstRowIndex(p)).isEqualTo(rows);
            rows += header.getData_page_header_v2().getNum_rows();
        }
        assertThat(index.getOffset(3) + index.getCompressedPageSize(3)).isEqualTo(data.length);
    }

    @Test
    void checksumCoversThePageBodyAsWritten() throws Exception {
        for (boolean v2 : new boolean[] {false, true}) {
            ChunkPageWriter pages = write(v2, true, 50);
            byte[] data = pages.dataPages().toByteArray();
            ByteArrayInputStream in = new ByteArrayInputStream(data);
            PageHeader header = Util.readPageHeader(in);
            int bodyStart = data.length - in.available();
            CRC32 crc = new CRC32();
            crc.update(data, bodyStart, header.getCompressed_page_size());
            assertThat(header.getCrc()).isEqualTo((int) crc.getValue());
        }
    }
}
