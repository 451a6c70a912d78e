package io.pqx.format;

import static io.pqx.format.TestingChunkFile.dataPageV1;
import static io.pqx.format.TestingChunkFile.dictionaryPage;
import static io.pqx.format.TestingChunkFile.plain;
import static io.pqx.format.TestingChunkFile.readInts;
import static io.pqx.format.TestingChunkFile.rleIds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.io.InputFile;
import io.pqx.format.options.ReadOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/** Malformed pages and chunks, each with the exact message pqx gives. */
class CorruptFileReaderTest {

    @Test
    void readsWellFormedHandMadeFile() throws IOException {
        InputFile file =
                TestingChunkFile.builder()
                        .rows(5)
                        .plainPage(1, 2, 3)
                        .plainPage(4, 5)
                        .build("ok.parquet");
        assertThat(readInts(file)).containsExactly(1, 2, 3, 4, 5);
    }

    @Test
    void rejectsPageLongerThanItsChunk() throws IOException {
        byte[] body = plain(1, 2, 3);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .page(dataPageV1(3, 40, 40, Encoding.PLAIN), body)
                        .build("truncated.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read page 0: compressed size 40 exceeds the 12 bytes left in the"
                                + " column chunk (truncated.parquet, row group 0, column a)");
    }

    @Test
    void rejectsGarbagePageHeader() throws IOException {
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .raw(
                                new byte[] {
                                    (byte) 0xFF, (byte) 0xFF, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06
                                })
                        .build("garbage-header.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read page header: invalid header at offset 4: don't know what"
                                + " type: 15"
                                + " (garbage-header.parquet, row group 0, column a)");
    }

    @Test
    void rejectsPageWithFewerValueBytesThanValues() throws IOException {
        byte[] body = plain(1, 2);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(5)
                        .page(dataPageV1(5, body.length, body.length, Encoding.PLAIN), body)
                        .build("short-values.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode page 0: 5 INT32 values need 20 bytes; 8 are left"
                                + " (short-values.parquet, row group 0, column a)");
    }

    @Test
    void rejectsLyingUncompressedSize() throws IOException {
        byte[] raw = plain(1, 2, 3);
        byte[] compressed = Snappy.compress(raw);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .codec(CompressionCodec.SNAPPY)
                        .page(dataPageV1(3, 1000, compressed.length, Encoding.PLAIN), compressed)
                        .build("lying-size.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decompress page 0: SNAPPY data decompresses to 12 bytes, but the page"
                                + " declares 1000 uncompressed bytes (lying-size.parquet, row group 0, column a)");
    }

    @Test
    void refusesPageAboveTheLimitBeforeAllocating() throws IOException {
        byte[] body = plain(1, 2, 3);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .page(dataPageV1(3, 2_000_000_000, body.length, Encoding.PLAIN), body)
                        .build("huge.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessage(
                        "Cannot read page 0: page size of 2000000000 bytes exceeds the limit of"
                                + " 536870912 bytes (maxPageBytes) (huge.parquet, row group 0, column a)");
    }

    @Test
    void rejectsDictionaryClaimingMoreValuesThanItsBytesHold() throws IOException {
        byte[] dict = plain(7, 8);
        byte[] ids = rleIds(1, 3, 1);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .page(dictionaryPage(1_000_000, dict.length, dict.length), dict)
                        .page(dataPageV1(3, ids.length, ids.length, Encoding.RLE_DICTIONARY), ids)
                        .build("bad-dictionary.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read dictionary page: 1000000 values cannot fit in 8 bytes"
                                + " (bad-dictionary.parquet, row group 0, column a)");
    }

    @Test
    void rejectsDictionaryIdBeyondTheDictionary() throws IOException {
        byte[] dict = plain(7, 8);
        byte[] ids = rleIds(3, 3, 5);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .page(dictionaryPage(2, dict.length, dict.length), dict)
                        .page(dataPageV1(3, ids.length, ids.length, Encoding.RLE_DICTIONARY), ids)
                        .build("bad-id.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode page 0: dictionary id 5 is outside the dictionary of 2 values"
                                + " (bad-id.parquet, row group 0, column a)");
    }

    @Test
    void readsDictionaryEncodedPages() throws IOException {
        byte[] dict = plain(7, 8);
        byte[] ids = rleIds(1, 3, 1);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .page(dictionaryPage(2, dict.length, dict.length), dict)
                        .page(dataPageV1(3, ids.length, ids.length, Encoding.RLE_DICTIONARY), ids)
                        .build("dictionary.parquet");
        assertThat(readInts(file)).containsExactly(8, 8, 8);
    }

    @Test
    void rejectsDictionaryEncodedPageWithoutDictionary() throws IOException {
        byte[] ids = rleIds(1, 3, 1);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .page(dataPageV1(3, ids.length, ids.length, Encoding.RLE_DICTIONARY), ids)
                        .build("no-dictionary.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode page 0: the page is dictionary-encoded but the column chunk has"
                                + " no dictionary page (no-dictionary.parquet, row group 0, column a)");
    }

    @Test
    void rejectsSecondDictionaryPage() throws IOException {
        byte[] dict = plain(7, 8);
        byte[] ids = rleIds(1, 2, 1);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(4)
                        .page(dictionaryPage(2, dict.length, dict.length), dict)
                        .page(dataPageV1(2, ids.length, ids.length, Encoding.RLE_DICTIONARY), ids)
                        .page(dictionaryPage(2, dict.length, dict.length), dict)
                        .page(dataPageV1(2, ids.length, ids.length, Encoding.RLE_DICTIONARY), ids)
                        .build("two-dictionaries.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read page 1: a dictionary page follows the first data page"
                                + " (two-dictionaries.parquet, row group 0, column a)");
    }

    @Test
    void rejectsChunkWhosePagesHoldFewerValuesThanItsMetadata() throws IOException {
        InputFile file =
                TestingChunkFile.builder().rows(5).plainPage(1, 2, 3).build("few-values.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read page 1: the column chunk ends after 3 of its 5 values"
                                + " (few-values.parquet, row group 0, column a)");
    }

    @Test
    void rejectsChunkWhoseValueCountIsBelowTheRowCount() throws IOException {
        InputFile file =
                TestingChunkFile.builder()
                        .rows(5)
                        .numValues(3)
                        .plainPage(1, 2, 3, 4, 5)
                        .build("few-num-values.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode column chunk: its 3 values (footer num_values) end before"
                                + " the row group's last row (few-num-values.parquet, row group 0, column a)");
    }

    @Test
    void verifiesChecksumsByDefault() throws IOException {
        byte[] body = plain(1, 2, 3);
        PageHeader header = dataPageV1(3, body.length, body.length, Encoding.PLAIN);
        header.setCrc(12345);
        InputFile file = TestingChunkFile.builder().rows(3).page(header, body).build("crc.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot verify page 0: CRC-32 mismatch: header says 00003039, page bytes give"
                                + " b0e02293 (crc.parquet, row group 0, column a)");
        assertThat(readInts(file, ReadOptions.builder().verifyChecksums(false).build()))
                .containsExactly(1, 2, 3);
    }

    private static byte[] varints(long... values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long v : values) {
            while ((v & ~0x7FL) != 0) {
                out.write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            out.write((int) v);
        }
        return out.toByteArray();
    }

    @Test
    void rejectsBitPackedRunLongerThanItsPageInsteadOfAllocatingIt() throws IOException {
        byte[] dict = plain(7, 8);
        byte[] run = varints((1L << 27) << 1 | 1);
        byte[] ids = new byte[run.length + 2];
        ids[0] = 1; // bit width
        System.arraycopy(run, 0, ids, 1, run.length);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .page(dictionaryPage(2, dict.length, dict.length), dict)
                        .page(dataPageV1(3, ids.length, ids.length, Encoding.RLE_DICTIONARY), ids)
                        .build("long-run.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode page 0: a bit-packed run of 1073741824 values needs 134217728"
                                + " bytes; the page holds 3 values and 1 more bytes (long-run.parquet, row group 0,"
                                + " column a)");
    }

    @Test
    void rejectsDeltaHeaderDeclaringMoreValuesThanThePage() throws IOException {
        byte[] body = varints(128, 4, 1_000_000_000, 0);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .page(
                                dataPageV1(
                                        3, body.length, body.length, Encoding.DELTA_BINARY_PACKED),
                                body)
                        .build("delta-count.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode page 0: delta header declares 1000000000 values in a page of 3"
                                + " (delta-count.parquet, row group 0, column a)");
    }

    @Test
    void rejectsHugeDeltaBlocks() throws IOException {
        byte[] body = varints(1 << 30, 1, 1, 0);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(1)
                        .page(
                                dataPageV1(
                                        1, body.length, body.length, Encoding.DELTA_BINARY_PACKED),
                                body)
                        .build("delta-block.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode page 0: invalid delta block of 1073741824 values in 1"
                                + " miniblocks (delta-block.parquet, row group 0, column a)");
    }

    @Test
    void readsValidDeltaPages() throws IOException {
        // block of 128 values in 4 miniblocks, 3 values: first 5, deltas +2 (min delta 2, width 0)
        byte[] body = new byte[] {(byte) 0x80, 0x01, 0x04, 0x03, 0x0A, 0x04, 0, 0, 0, 0};
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .page(
                                dataPageV1(
                                        3, body.length, body.length, Encoding.DELTA_BINARY_PACKED),
                                body)
                        .build("delta.parquet");
        assertThat(readInts(file)).containsExactly(5, 7, 9);
    }

    @Test
    void rejectsPageDeclaringMoreValuesThanItCouldDecodeInto() throws IOException {
        byte[] body = plain(1);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(1)
                        .page(dataPageV1(1 << 30, body.length, body.length, Encoding.PLAIN), body)
                        .build("many-values.parquet");
        assertThatThrownBy(() -> readInts(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode page 0: 1073741824 values exceed what a page of at most"
                                + " 536870912 bytes (maxPageBytes) can decode into (many-values.parquet, row group"
                                + " 0, column a)");
    }
}
