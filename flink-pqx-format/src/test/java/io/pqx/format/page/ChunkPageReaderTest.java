package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.codec.Codec;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

class ChunkPageReaderTest {
    private static final MessageType SCHEMA =
            MessageTypeParser.parseMessageType("message m { optional int32 a; }");
    private static final ColumnDescriptor COLUMN = SCHEMA.getColumns().get(0);
    private static final ColumnDescriptor REQUIRED =
            MessageTypeParser.parseMessageType("message m { required int32 a; }")
                    .getColumns()
                    .get(0);
    private static final FileContext CTX = FileContext.of("f.parquet").rowGroup(0).column("a");

    /** A codec that reverses bytes, so tests see whether and what it decompressed. */
    private static final class ReversingCodec implements Codec {
        final List<Integer> calls = new ArrayList<>();

        @Override
        public CompressionCodecName name() {
            return CompressionCodecName.SNAPPY;
        }

        @Override
        public byte[] compress(byte[] in, int off, int len) {
            throw new UnsupportedOperationException();
        }

        @Override
        public byte[] decompress(byte[] in, int off, int len, int uncompressedLength)
                throws IOException {
            calls.add(len);
            if (len != uncompressedLength) {
                throw new IOException("reversing codec keeps sizes");
            }
            byte[] out = new byte[len];
            for (int i = 0; i < len; i++) {
                out[i] = in[off + len - 1 - i];
            }
            return out;
        }
    }

    private static byte[] page(PageHeader header, byte[] body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writePageHeader(header, out);
        out.write(body);
        return out.toByteArray();
    }

    private static PageHeader v2(int values, int rows, int levels, int data, boolean compressed) {
        PageHeader header = new PageHeader(PageType.DATA_PAGE_V2, levels + data, levels + data);
        DataPageHeaderV2 v2 = new DataPageHeaderV2(values, 0, rows, Encoding.PLAIN, levels, 0);
        v2.setIs_compressed(compressed);
        header.setData_page_header_v2(v2);
        return header;
    }

    private static ChunkPageReader reader(Codec codec, byte[] chunk, long values) {
        return reader(COLUMN, codec, chunk, values);
    }

    private static ChunkPageReader reader(
            ColumnDescriptor column, Codec codec, byte[] chunk, long values) {
        return new ChunkPageReader(
                CTX,
                column,
                codec,
                values,
                new PageLimits(1 << 20, false),
                List.of(PageRun.wholeChunk(chunk, 0, chunk.length, 4)));
    }

    @Test
    void neverDecompressesAnEmptyV2DataSection() throws IOException {
        ReversingCodec codec = new ReversingCodec();
        byte[] levels = {0x02, 0x00}; // RLE run: one null
        ChunkPageReader reader = reader(codec, page(v2(1, 1, 2, 0, true), levels), 1);
        assertThat(reader.readDictionaryPage()).isNull();
        DataPageV2 page = (DataPageV2) reader.readPage();
        assertThat(page.getData().size()).isZero();
        assertThat(page.getDefinitionLevels().toByteArray()).isEqualTo(levels);
        assertThat(codec.calls).isEmpty();
    }

    @Test
    void decompressesOnlyTheDataSectionOfV2Pages() throws IOException {
        ReversingCodec codec = new ReversingCodec();
        byte[] body = {0x02, 0x01, 9, 8, 7, 6};
        ChunkPageReader reader = reader(codec, page(v2(1, 1, 2, 4, true), body), 1);
        DataPageV2 page = (DataPageV2) reader.readPage();
        assertThat(page.getDefinitionLevels().toByteArray()).containsExactly(0x02, 0x01);
        assertThat(page.getData().toByteArray()).containsExactly(6, 7, 8, 9);
        assertThat(codec.calls).containsExactly(4);
    }

    @Test
    void keepsV2DataFlaggedUncompressed() throws IOException {
        ReversingCodec codec = new ReversingCodec();
        byte[] body = {0x02, 0x01, 9, 8, 7, 6};
        ChunkPageReader reader = reader(codec, page(v2(1, 1, 2, 4, false), body), 1);
        assertThat(((DataPageV2) reader.readPage()).getData().toByteArray())
                .containsExactly(9, 8, 7, 6);
        assertThat(codec.calls).isEmpty();
    }

    @Test
    void decompressesWholeV1PagesAndSkipsIndexPages() throws IOException {
        ReversingCodec codec = new ReversingCodec();
        PageHeader index = new PageHeader(PageType.INDEX_PAGE, 3, 3);
        PageHeader data = new PageHeader(PageType.DATA_PAGE, 4, 4);
        data.setData_page_header(new DataPageHeader(1, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
        ByteArrayOutputStream chunk = new ByteArrayOutputStream();
        chunk.write(page(index, new byte[] {1, 2, 3}));
        chunk.write(page(data, new byte[] {1, 2, 3, 4}));
        ChunkPageReader reader = reader(REQUIRED, codec, chunk.toByteArray(), 1);
        DataPageV1 page = (DataPageV1) reader.readPage();
        assertThat(page.getBytes().toByteArray()).containsExactly(4, 3, 2, 1);
        assertThat(page.getFirstRowIndex()).isEmpty();
        assertThat(reader.currentPageOrdinal()).isZero();
    }

    @Test
    void givesPagesTheirFirstRowsAndOrdinalsFromTheOffsetIndex() throws IOException {
        Codec codec = new ReversingCodec();
        // three PLAIN INT32 values: the page reader checks that a page's bytes hold its values
        PageHeader data = new PageHeader(PageType.DATA_PAGE, 12, 12);
        data.setData_page_header(new DataPageHeader(3, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
        byte[] one = page(data, new byte[12]);
        byte[] two = new byte[one.length * 2];
        System.arraycopy(one, 0, two, 0, one.length);
        System.arraycopy(one, 0, two, one.length, one.length);
        ChunkPageReader reader =
                new ChunkPageReader(
                        CTX,
                        REQUIRED,
                        codec,
                        9,
                        new PageLimits(1 << 20, false),
                        List.of(
                                new PageRun(
                                        one, 0, one.length, 100, 4, new long[] {40}, new int[] {3}),
                                new PageRun(
                                        two,
                                        0,
                                        two.length,
                                        200,
                                        9,
                                        new long[] {90, 93},
                                        new int[] {3, 3})));
        assertThat(reader.getTotalValueCount()).isEqualTo(9);
        List<Long> firstRows = new ArrayList<>();
        List<Integer> ordinals = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            DataPage page = reader.readPage();
            firstRows.add(page.getFirstRowIndex().orElseThrow());
            ordinals.add(reader.currentPageOrdinal());
            assertThat(reader.currentPageFirstRow()).isEqualTo(firstRows.get(i));
        }
        assertThat(firstRows).containsExactly(40L, 90L, 93L);
        assertThat(ordinals).containsExactly(4, 9, 10);
        assertThat(reader.pagesReturned()).isEqualTo(3);
        assertThatThrownBy(reader::readPage)
                .isInstanceOf(UncheckedIOException.class)
                .cause()
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read page 11: the column chunk ends after 9 of its 9 values (f.parquet, row group 0, column a)");
    }

    @Test
    void rejectsV2LevelsLongerThanThePage() throws IOException {
        byte[] body = new byte[4];
        PageHeader header = v2(1, 1, 2, 2, true);
        header.getData_page_header_v2().setDefinition_levels_byte_length(9);
        ChunkPageReader reader = reader(new ReversingCodec(), page(header, body), 1);
        assertThatThrownBy(reader::readPage)
                .cause()
                .hasMessage(
                        "Cannot read page 0: level sections of 9 bytes exceed the page of 4 bytes"
                                + " (f.parquet, row group 0, column a)");
    }
}
