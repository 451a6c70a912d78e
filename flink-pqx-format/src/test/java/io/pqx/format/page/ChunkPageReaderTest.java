package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingChunkFile;
import io.pqx.format.codec.Codec;
import io.pqx.format.codec.Codecs;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
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

    /**
     * A v1 PLAIN INT32 page of {@code values} zero values whose header declares {@code declared}.
     */
    private static byte[] plainPage(int values, int declared) throws IOException {
        PageHeader data = new PageHeader(PageType.DATA_PAGE, 4 * values, 4 * values);
        data.setData_page_header(
                new DataPageHeader(declared, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
        return page(data, new byte[4 * values]);
    }

    private static ChunkPageReader indexed(ColumnDescriptor column, byte[] run, int... rowCounts) {
        long[] firstRows = new long[rowCounts.length];
        for (int p = 1; p < rowCounts.length; p++) {
            firstRows[p] = firstRows[p - 1] + rowCounts[p - 1];
        }
        return new ChunkPageReader(
                CTX,
                column,
                new ReversingCodec(),
                1000,
                new PageLimits(1 << 20, false),
                List.of(new PageRun(run, 0, run.length, 100, 0, firstRows, rowCounts)));
    }

    private static byte[] concat(byte[]... parts) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.write(part);
        }
        return out.toByteArray();
    }

    @Test
    void countsAFlatLeafsValuesByTheOffsetIndexWithoutParsingHeaders() throws IOException {
        // bytes that are no page header: the count must not have looked at them
        byte[] garbage = new byte[24];
        Arrays.fill(garbage, (byte) 0xFF);
        ChunkPageReader reader = indexed(REQUIRED, garbage, 3, 4);
        assertThat(reader.getTotalValueCount()).isEqualTo(7);
        // reading still refuses them, naming the file
        assertThatThrownBy(reader::readPage)
                .isInstanceOf(UncheckedIOException.class)
                .cause()
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith("Cannot read page header: invalid header at offset 100")
                .hasMessageEndingWith("(f.parquet, row group 0, column a)");
    }

    @Test
    void refusesAFlatPageWhoseHeaderCountDisagreesWithTheOffsetIndex() throws IOException {
        // the index gives the pages 3 and 4 rows; the second page's header claims 5 values
        ChunkPageReader reader = indexed(REQUIRED, concat(plainPage(3, 3), plainPage(5, 5)), 3, 4);
        assertThat(reader.getTotalValueCount()).isEqualTo(7);
        assertThat(reader.readPage().getValueCount()).isEqualTo(3);
        assertThatThrownBy(reader::readPage)
                .isInstanceOf(UncheckedIOException.class)
                .cause()
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read page 1: its header declares 5 values where the offset index"
                                + " gives it 4 rows of a column with one value per row"
                                + " (f.parquet, row group 0, column a)");
    }

    @Test
    void refusesAFlatPageWithFewerValuesThanItsRowsWhenBulkDecoding() throws IOException {
        ChunkPageReader reader = indexed(REQUIRED, concat(plainPage(2, 2)), 3);
        assertThatThrownBy(reader::readPageForBulkDecoding)
                .cause()
                .hasMessage(
                        "Cannot read page 0: its header declares 2 values where the offset index"
                                + " gives it 3 rows of a column with one value per row"
                                + " (f.parquet, row group 0, column a)");
    }

    @Test
    void refusesAFlatPagePassedOverWhoseHeaderCountDisagreesWithTheOffsetIndex()
            throws IOException {
        ChunkPageReader reader = indexed(REQUIRED, concat(plainPage(3, 3), plainPage(4, 6)), 3, 4);
        assertThat(reader.peekPageValues()).isEqualTo(3);
        reader.skipPage();
        assertThat(reader.peekPageValues()).isEqualTo(6);
        assertThatThrownBy(reader::skipPage)
                .isInstanceOf(UncheckedIOException.class)
                .cause()
                .hasMessage(
                        "Cannot read page 1: its header declares 6 values where the offset index"
                                + " gives it 4 rows of a column with one value per row"
                                + " (f.parquet, row group 0, column a)");
    }

    @Test
    void refusesAPagePassedOverThatTheOffsetIndexDoesNotList() throws IOException {
        ChunkPageReader reader = indexed(REQUIRED, concat(plainPage(3, 3), plainPage(4, 4)), 3);
        reader.skipPage();
        assertThatThrownBy(reader::skipPage)
                .cause()
                .hasMessageStartingWith(
                        "Cannot read page 1: the offset index lists 1 pages where the chunk holds"
                                + " more");
    }

    @Test
    void countsARepeatedLeafsValuesByItsHeaders() throws IOException {
        ColumnDescriptor repeated =
                MessageTypeParser.parseMessageType("message m { repeated int32 a; }")
                        .getColumns()
                        .get(0);
        // 5 values in 3 rows: only the headers know; the index's rows are no count of values
        PageHeader data = new PageHeader(PageType.DATA_PAGE, 8, 8);
        data.setData_page_header(new DataPageHeader(5, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
        ChunkPageReader reader = indexed(repeated, page(data, new byte[8]), 3);
        assertThat(reader.getTotalValueCount()).isEqualTo(5);
    }

    /**
     * A chunk whose dictionary another reader decoded (late materialization's survivors): a page
     * walked in full still names an id outside that dictionary, as a reader that read the
     * dictionary page itself does, and a page whose ids lie inside reads.
     */
    @Test
    void checksIdsAgainstADictionaryReadElsewhere() throws IOException {
        byte[] dictionary = TestingChunkFile.plain(10, 20);
        byte[] chunk = dictionaryChunk(dictionary, TestingChunkFile.rleIds(3, 4, 5));
        ChunkPageReader first = reader(REQUIRED, PLAIN_CODEC, chunk, 4);
        assertThat(first.readDictionaryPageHeader()).isTrue();
        DictionaryPage page = first.inflateDictionaryPage();
        assertThatThrownBy(first::readPage).hasRootCauseMessage(OUTSIDE_MESSAGE);

        ChunkPageReader survivors = reader(REQUIRED, PLAIN_CODEC, chunk, 4);
        assertThat(survivors.readDictionaryPageHeader()).isTrue();
        survivors.useDictionaryReadElsewhere(page);
        assertThatThrownBy(survivors::readPage)
                .isInstanceOf(UncheckedIOException.class)
                .hasRootCauseMessage(OUTSIDE_MESSAGE);

        byte[] inside = dictionaryChunk(dictionary, TestingChunkFile.rleIds(3, 4, 1));
        ChunkPageReader good = reader(REQUIRED, PLAIN_CODEC, inside, 4);
        assertThat(good.readDictionaryPageHeader()).isTrue();
        good.useDictionaryReadElsewhere(page);
        assertThat(good.readPage().getValueCount()).isEqualTo(4);
    }

    private static final Codec PLAIN_CODEC =
            Codecs.forWriting(CompressionCodecName.UNCOMPRESSED, 0);

    private static final String OUTSIDE_MESSAGE =
            "Cannot decode page 0: dictionary id 5 is outside the dictionary of 2 values"
                    + " (f.parquet, row group 0, column a)";

    private static byte[] dictionaryChunk(byte[] dictionary, byte[] ids) throws IOException {
        ByteArrayOutputStream chunk = new ByteArrayOutputStream();
        chunk.write(
                page(
                        TestingChunkFile.dictionaryPage(2, dictionary.length, dictionary.length),
                        dictionary));
        chunk.write(
                page(
                        TestingChunkFile.dataPageV1(
                                4,
                                ids.length,
                                ids.length,
                                org.apache.parquet.format.Encoding.RLE_DICTIONARY),
                        ids));
        return chunk.toByteArray();
    }
}
