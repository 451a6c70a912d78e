package io.pqx.format.footer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.TestingRecordingInputFile;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.io.RangeReadPolicy;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.format.AesGcmV1;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnCryptoMetaData;
import org.apache.parquet.format.EncryptionAlgorithm;
import org.apache.parquet.format.EncryptionWithFooterKey;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.Type;
import org.junit.jupiter.api.Test;

/** Footer validation: each kind of corruption, with its exact message. */
class FooterReaderTest {
    private static final String NAME = "t.parquet";
    private static final long MAX = 1 << 20;

    /** 11 columns, 1 row group, 8 rows, footer in the last 8 + footerLength bytes. */
    private static final byte[] FILE =
            TestingFooters.bytes(TestingParquetFiles.data("alltypes_plain.parquet"));

    private static FileMetadata read(byte[] bytes) throws IOException {
        return FooterReader.read(new ByteArrayInputFile(NAME, bytes), MAX);
    }

    private static byte[] rewritten(Consumer<FileMetaData> edit) throws IOException {
        return TestingFooters.rewrite(FILE, edit);
    }

    private static byte[] withInt(byte[] bytes, int at, int value) {
        byte[] copy = bytes.clone();
        copy[at] = (byte) value;
        copy[at + 1] = (byte) (value >>> 8);
        copy[at + 2] = (byte) (value >>> 16);
        copy[at + 3] = (byte) (value >>> 24);
        return copy;
    }

    @Test
    void readsAValidFile() throws IOException {
        FileMetadata metadata = read(FILE);
        assertThat(metadata.numRows()).isEqualTo(8);
        assertThat(metadata.fileLength()).isEqualTo(FILE.length);
        assertThat(metadata.rowGroups()).hasSize(1);
        assertThat(metadata.rowGroups().get(0).columns()).hasSize(11);
        assertThat(metadata.rowGroups().get(0).columns().get(1).path()).isEqualTo("bool_col");
        assertThat(metadata.rowGroups().get(0).columns().get(1).context().suffix())
                .isEqualTo("(t.parquet, row group 0, column bool_col)");
    }

    @Test
    void rejectsAFileShorterThanTwelveBytes() {
        assertThatThrownBy(() -> read(Arrays.copyOf(FILE, 11)))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the file is 11 bytes long, shorter than the smallest"
                                + " Parquet file (12 bytes) (t.parquet)");
    }

    @Test
    void rejectsATruncatedFile() {
        byte[] truncated = Arrays.copyOf(FILE, FILE.length - 100);
        String last4 = hex(truncated, truncated.length - 4);
        assertThatThrownBy(() -> read(truncated))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the file does not end with the magic PAR1 (last 4"
                                + " bytes: "
                                + last4
                                + ") (t.parquet)");
    }

    @Test
    void rejectsABadTailMagic() {
        byte[] bytes = FILE.clone();
        bytes[bytes.length - 1] = '2';
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the file does not end with the magic PAR1 (last 4"
                                + " bytes: 50 41 52 32) (t.parquet)");
    }

    @Test
    void rejectsAnEncryptedFooterMagicAtTheEndOfAPlainFile() {
        byte[] bytes = FILE.clone();
        bytes[bytes.length - 1] = 'E';
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the file does not start with the magic PARE its end"
                                + " names (first 4 bytes: 50 41 52 31) (t.parquet)");
    }

    @Test
    void rejectsABadHeadMagic() {
        byte[] bytes = FILE.clone();
        bytes[0] = 'X';
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the file does not start with the magic PAR1 (first 4"
                                + " bytes: 58 41 52 31) (t.parquet)");
    }

    @Test
    void rejectsAFooterLengthBeyondTheFile() {
        byte[] bytes = withInt(FILE, FILE.length - 8, FILE.length);
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the footer length "
                                + FILE.length
                                + " exceeds the "
                                + (FILE.length - 12)
                                + " bytes between the magic numbers (t.parquet)");
    }

    @Test
    void readsTheFooterLengthAsUnsigned() {
        byte[] bytes = withInt(FILE, FILE.length - 8, -1);
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the footer length 4294967295 exceeds the "
                                + (FILE.length - 12)
                                + " bytes between the magic numbers (t.parquet)");
    }

    @Test
    void rejectsAFooterLongerThanTheConfiguredMaximum() {
        int footerLength = FILE.length - 8 - TestingFooters.footerStart(FILE);
        assertThatThrownBy(() -> FooterReader.read(new ByteArrayInputFile(NAME, FILE), 100))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the footer length "
                                + footerLength
                                + " exceeds the maximum footer size of 100 bytes (t.parquet)");
    }

    @Test
    void rejectsGarbageThrift() {
        byte[] bytes = FILE.clone();
        int start = TestingFooters.footerStart(FILE);
        Arrays.fill(bytes, start, bytes.length - 8, (byte) 0x19);
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith(
                        "Cannot read footer: the footer is not a valid Thrift FileMetaData: ")
                .hasMessageEndingWith(" (t.parquet)");
    }

    @Test
    void rejectsAFooterThatIsCutShort() throws IOException {
        // A valid footer with its last 20 bytes missing: the Thrift decoder runs out of input.
        int start = TestingFooters.footerStart(FILE);
        byte[] footer = Arrays.copyOfRange(FILE, start, FILE.length - 8 - 20);
        byte[] bytes = new byte[start + footer.length + 8];
        System.arraycopy(FILE, 0, bytes, 0, start);
        System.arraycopy(footer, 0, bytes, start, footer.length);
        bytes = withInt(bytes, bytes.length - 8, footer.length);
        System.arraycopy(ParquetMagic.MAGIC, 0, bytes, bytes.length - 4, 4);
        byte[] file = bytes;
        assertThatThrownBy(() -> read(file))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith(
                        "Cannot read footer: the footer is not a valid Thrift FileMetaData: ");
    }

    @Test
    void rejectsARowGroupWithTooFewColumnChunks() throws IOException {
        byte[] bytes = rewritten(f -> f.getRow_groups().get(0).getColumns().remove(3));
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the row group has 10 column chunks but the schema has"
                                + " 11 leaf columns (t.parquet, row group 0)");
    }

    @Test
    void rejectsAColumnChunkBeyondTheFile() throws IOException {
        byte[] bytes =
                rewritten(
                        f ->
                                f.getRow_groups()
                                        .get(0)
                                        .getColumns()
                                        .get(1)
                                        .getMeta_data()
                                        .setData_page_offset(100_000)
                                        .unsetDictionary_page_offset());
        long size =
                TestingFooters.footer(FILE)
                        .getRow_groups()
                        .get(0)
                        .getColumns()
                        .get(1)
                        .getMeta_data()
                        .getTotal_compressed_size();
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the column chunk's bytes [100000, "
                                + (100_000 + size)
                                + ") lie outside the file's data [4, "
                                + TestingFooters.footerStart(bytes)
                                + ") (t.parquet, row group 0, column bool_col)");
    }

    @Test
    void rejectsAColumnChunkReachingIntoTheFooter() throws IOException {
        byte[] bytes =
                rewritten(
                        f -> {
                            var meta = f.getRow_groups().get(0).getColumns().get(10).getMeta_data();
                            meta.setTotal_compressed_size(meta.getTotal_compressed_size() + 1000);
                        });
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith("Cannot read footer: the column chunk's bytes [")
                .hasMessageEndingWith("(t.parquet, row group 0, column timestamp_col)");
    }

    @Test
    void rejectsAChunkBeforeTheHeadMagic() throws IOException {
        byte[] bytes =
                rewritten(
                        f -> {
                            var meta = f.getRow_groups().get(0).getColumns().get(0).getMeta_data();
                            meta.setData_page_offset(2).unsetDictionary_page_offset();
                        });
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("lie outside the file's data [4, ")
                .hasMessageEndingWith("(t.parquet, row group 0, column id)");
    }

    @Test
    void rejectsANegativeRowCount() throws IOException {
        byte[] bytes = rewritten(f -> f.getRow_groups().get(0).setNum_rows(-1));
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the row group declares a negative row count -1"
                                + " (t.parquet, row group 0)");
        byte[] file = rewritten(f -> f.setNum_rows(-5));
        assertThatThrownBy(() -> read(file))
                .hasMessage(
                        "Cannot read footer: the file declares a negative row count -5"
                                + " (t.parquet)");
    }

    @Test
    void rejectsAChunkWhosePathDoesNotMatchItsLeaf() throws IOException {
        byte[] bytes =
                rewritten(
                        f ->
                                f.getRow_groups()
                                        .get(0)
                                        .getColumns()
                                        .get(2)
                                        .getMeta_data()
                                        .setPath_in_schema(List.of("nope")));
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the column chunk's path nope does not match the schema"
                                + " leaf (t.parquet, row group 0, column tinyint_col)");
    }

    @Test
    void rejectsAChunkWhoseTypeDoesNotMatchItsLeaf() throws IOException {
        byte[] bytes =
                rewritten(
                        f ->
                                f.getRow_groups()
                                        .get(0)
                                        .getColumns()
                                        .get(0)
                                        .getMeta_data()
                                        .setType(Type.BYTE_ARRAY));
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the column chunk's type BYTE_ARRAY does not match the"
                                + " schema's INT32 (t.parquet, row group 0, column id)");
    }

    @Test
    void rejectsAChunkWithoutMetadata() throws IOException {
        byte[] bytes =
                rewritten(f -> f.getRow_groups().get(0).getColumns().get(0).unsetMeta_data());
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith("Cannot read footer: ");
    }

    @Test
    void rejectsAnInconsistentSchema() throws IOException {
        byte[] bytes = rewritten(f -> f.getSchema().get(0).setNum_children(12));
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read schema: the root declares 12 children but only 11 schema"
                                + " elements follow (t.parquet)");
    }

    @Test
    void aPlaintextFooterDeclaringEncryptionReadsWithoutAKeyAndFailsItsSignatureWithOne()
            throws IOException {
        byte[] bytes =
                rewritten(
                        f ->
                                f.setEncryption_algorithm(
                                        EncryptionAlgorithm.AES_GCM_V1(new AesGcmV1())));
        // no footer key: nothing to check the signature with, the plaintext columns read
        assertThat(read(bytes).rowGroups()).hasSize(1);
        FileDecryptionProperties withKey =
                FileDecryptionProperties.builder().footerKey(new byte[16]).build();
        assertThatThrownBy(
                        () ->
                                FooterReader.readWithTail(
                                        new ByteArrayInputFile(NAME, bytes), MAX, withKey))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessage(
                        "Cannot decrypt footer signature: the plaintext footer's signature does"
                                + " not verify: a wrong footer key or AAD prefix, or a changed"
                                + " footer (t.parquet)");
    }

    @Test
    void rejectsAnEncryptedColumnOfAFileDeclaringNoEncryption() throws IOException {
        byte[] bytes =
                rewritten(
                        f -> {
                            ColumnChunk chunk = f.getRow_groups().get(0).getColumns().get(4);
                            chunk.setCrypto_metadata(
                                    ColumnCryptoMetaData.ENCRYPTION_WITH_FOOTER_KEY(
                                            new EncryptionWithFooterKey()));
                        });
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the column chunk is encrypted, but the file declares"
                                + " no encryption algorithm (t.parquet, row group 0, column"
                                + " int_col)");
    }

    @Test
    void rejectsAColumnChunkInAnotherFile() throws IOException {
        byte[] bytes =
                rewritten(f -> f.getRow_groups().get(0).getColumns().get(0).setFile_path("x.bin"));
        assertThatThrownBy(() -> read(bytes))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessage(
                        "Cannot read footer: the column chunk is stored in another file 'x.bin'"
                                + " (t.parquet, row group 0, column id)");
    }

    @Test
    void readsASmallFileInOneRead() throws IOException {
        TestingRecordingInputFile file =
                new TestingRecordingInputFile(new ByteArrayInputFile(NAME, FILE));
        FooterReader.read(file, MAX);
        assertThat(file.reads()).hasSize(1);
        assertThat(file.reads().get(0)).containsExactly(0, FILE.length);
    }

    @Test
    void readsALargeFileWithASmallFooterAsTailPlusHeadMagic() throws IOException {
        byte[] data = Arrays.copyOf(FILE, 300_000); // footer-less prefix padded with zeros
        byte[] bytes = TestingFooters.withFooter(data, TestingFooters.footer(FILE));
        TestingRecordingInputFile file =
                new TestingRecordingInputFile(new ByteArrayInputFile(NAME, bytes));
        FileMetadata metadata = FooterReader.read(file, MAX);
        assertThat(metadata.numRows()).isEqualTo(8);
        assertThat(file.reads()).hasSize(2);
        assertThat(file.reads().get(0)).containsExactly(bytes.length - 65536, bytes.length);
        assertThat(file.reads().get(1)).containsExactly(0, 4);
    }

    @Test
    void readsALongFooterWithOneMoreRead() throws IOException {
        FileMetaData footer = TestingFooters.footer(FILE);
        footer.addToKey_value_metadata(new KeyValue("big").setValue("x".repeat(100_000)));
        byte[] bytes = TestingFooters.withFooter(Arrays.copyOf(FILE, 300_000), footer);
        int footerStart = TestingFooters.footerStart(bytes);
        TestingRecordingInputFile file =
                new TestingRecordingInputFile(new ByteArrayInputFile(NAME, bytes));
        FileMetadata metadata = FooterReader.read(file, MAX);
        assertThat(metadata.keyValueMetadata().get("big")).hasSize(100_000);
        assertThat(file.reads()).hasSize(3);
        // only the footer's bytes the tail read did not bring
        assertThat(file.reads().get(2)).containsExactly(footerStart, bytes.length - 65536);
    }

    private static TestingRecordingInputFile remote(byte[] bytes) {
        return new TestingRecordingInputFile(
                new ByteArrayInputFile(NAME, bytes), RangeReadPolicy.REMOTE);
    }

    private static FileMetaData paddedFooter(int padding) throws IOException {
        FileMetaData footer = TestingFooters.footer(FILE);
        footer.addToKey_value_metadata(new KeyValue("big").setValue("x".repeat(padding)));
        return footer;
    }

    /** Footer bytes as written after the data: Thrift, length, magic. */
    private static byte[] footerBytes(FileMetaData footer) throws IOException {
        byte[] whole = TestingFooters.withFooter(FILE, footer);
        return Arrays.copyOfRange(whole, FILE.length, whole.length);
    }

    /**
     * A remote file of {@code length} bytes, too large for an array: {@code head} at its start,
     * {@code tail} at its end, zeros between.
     */
    private static TestingRecordingInputFile sparseRemote(long length, byte[] head, byte[] tail) {
        InputFile file =
                new InputFile() {
                    @Override
                    public String location() {
                        return NAME;
                    }

                    @Override
                    public long length() {
                        return length;
                    }

                    @Override
                    public void readFully(long position, byte[] buffer, int offset, int len)
                            throws IOException {
                        if (position < 0 || len < 0 || position > length - len) {
                            throw new IOException("outside the file: " + position + "+" + len);
                        }
                        long tailStart = length - tail.length;
                        for (int i = 0; i < len; i++) {
                            long at = position + i;
                            buffer[offset + i] =
                                    at < head.length
                                            ? head[(int) at]
                                            : at >= tailStart ? tail[(int) (at - tailStart)] : 0;
                        }
                    }

                    @Override
                    public void close() {}
                };
        return new TestingRecordingInputFile(file, RangeReadPolicy.REMOTE);
    }

    private static List<List<Long>> sortedReads(TestingRecordingInputFile file) {
        return file.reads().stream()
                .map(r -> List.of(r[0], r[1]))
                .sorted(Comparator.comparing((List<Long> r) -> r.get(0)))
                .toList();
    }

    /** 100 MB: a remote hint of 1/512 of the file, 195,312 bytes. */
    private static final long HUNDRED_MB = 100_000_000L;

    private static final long HUNDRED_MB_HINT = HUNDRED_MB / 512;

    @Test
    void theTailReadIs64KiBLocallyAndAShareOfARemoteFileBetween64KiBAnd1MiB() {
        assertThat(FooterReader.tailReadBytes(RangeReadPolicy.SEQUENTIAL, 2_000_000_000L))
                .isEqualTo(65536);
        assertThat(FooterReader.tailReadBytes(RangeReadPolicy.REMOTE, 3_000_000L)).isEqualTo(65536);
        assertThat(FooterReader.tailReadBytes(RangeReadPolicy.REMOTE, HUNDRED_MB))
                .isEqualTo((int) HUNDRED_MB_HINT);
        assertThat(FooterReader.tailReadBytes(RangeReadPolicy.REMOTE, 2_000_000_000L))
                .isEqualTo(1 << 20);
    }

    @Test
    void aRemoteFileReadsAFooterSmallerThanItsHintInOneRequestWithTheHeadMagicBeside()
            throws IOException {
        // a footer of 150 KB: longer than a local file's hint, shorter than this remote file's
        byte[] tail = footerBytes(paddedFooter(150_000));
        TestingRecordingInputFile file = sparseRemote(HUNDRED_MB, FILE, tail);
        FooterReader.Tail read = FooterReader.readWithTail(file, MAX);
        assertThat(read.metadata().keyValueMetadata().get("big")).hasSize(150_000);
        assertThat(sortedReads(file))
                .containsExactly(
                        List.of(0L, 4L), List.of(HUNDRED_MB - HUNDRED_MB_HINT, HUNDRED_MB));
        assertThat(read.tailStart()).isEqualTo(HUNDRED_MB - HUNDRED_MB_HINT);
        assertThat(read.tail()).hasSize((int) HUNDRED_MB_HINT);
        assertThat(
                        Arrays.copyOfRange(
                                read.tail(), read.tail().length - tail.length, read.tail().length))
                .isEqualTo(tail);
    }

    @Test
    void aRemoteFileReadsAFooterLongerThanItsHintWithOneMoreRequest() throws IOException {
        byte[] tail = footerBytes(paddedFooter(300_000));
        long footerStart = HUNDRED_MB - tail.length;
        TestingRecordingInputFile file = sparseRemote(HUNDRED_MB, FILE, tail);
        FileMetadata metadata = FooterReader.read(file, MAX);
        assertThat(metadata.keyValueMetadata().get("big")).hasSize(300_000);
        assertThat(sortedReads(file))
                .containsExactly(
                        List.of(0L, 4L),
                        List.of(footerStart, HUNDRED_MB - HUNDRED_MB_HINT),
                        List.of(HUNDRED_MB - HUNDRED_MB_HINT, HUNDRED_MB));
    }

    @Test
    void aLargeRemoteFileReadsAFooterOfAlmost1MiBInOneRequest() throws IOException {
        long length = 2_000_000_000L;
        byte[] tail = footerBytes(paddedFooter(900_000));
        TestingRecordingInputFile file = sparseRemote(length, FILE, tail);
        FileMetadata metadata = FooterReader.read(file, 4L << 20);
        assertThat(metadata.keyValueMetadata().get("big")).hasSize(900_000);
        assertThat(sortedReads(file))
                .containsExactly(List.of(0L, 4L), List.of(length - (1 << 20), length));
    }

    @Test
    void aRemoteFileWithALyingFooterLengthIsRefusedWithoutReadingIt() throws IOException {
        byte[] tail = footerBytes(paddedFooter(10));
        tail = withInt(tail, tail.length - 8, 2_500_000);
        TestingRecordingInputFile file = sparseRemote(HUNDRED_MB, FILE, tail);
        assertThatThrownBy(() -> FooterReader.read(file, MAX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the footer length 2500000 exceeds the maximum footer"
                                + " size of "
                                + MAX
                                + " bytes (t.parquet)");
        assertThat(sortedReads(file))
                .containsExactly(
                        List.of(0L, 4L), List.of(HUNDRED_MB - HUNDRED_MB_HINT, HUNDRED_MB));
    }

    @Test
    void aRemoteFileWithoutHeadMagicIsRefused() throws IOException {
        byte[] head = FILE.clone();
        head[0] = 'X';
        TestingRecordingInputFile file =
                sparseRemote(HUNDRED_MB, head, footerBytes(paddedFooter(10)));
        assertThatThrownBy(() -> FooterReader.read(file, MAX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read footer: the file does not start with the magic PAR1 (first 4"
                                + " bytes: 58 41 52 31) (t.parquet)");
    }

    @Test
    void aSmallRemoteFileIsReadWholeInOneRequest() throws IOException {
        TestingRecordingInputFile file = remote(FILE);
        assertThat(FooterReader.read(file, MAX).numRows()).isEqualTo(8);
        assertThat(sortedReads(file)).containsExactly(List.of(0L, (long) FILE.length));
        byte[] headless = FILE.clone();
        headless[1] = 'X';
        assertThatThrownBy(() -> FooterReader.read(remote(headless), MAX))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("does not start with the magic PAR1");
    }

    @Test
    void ignoresADictionaryPageOffsetOfZero() throws IOException {
        FileMetadata metadata =
                read(
                        TestingFooters.bytes(
                                TestingParquetFiles.data("dict-page-offset-zero.parquet")));
        ColumnChunkMetadata chunk = metadata.rowGroups().get(0).columns().get(0);
        assertThat(chunk.meta().isSetDictionary_page_offset()).isTrue();
        assertThat(chunk.meta().getDictionary_page_offset()).isZero();
        assertThat(chunk.dictionaryPageOffset()).isEmpty();
        assertThat(chunk.startOffset()).isEqualTo(chunk.dataPageOffset()).isEqualTo(4);
    }

    @Test
    void exposesPageIndexRanges() throws IOException {
        FileMetadata metadata =
                read(TestingFooters.bytes(TestingParquetFiles.data("alltypes_tiny_pages.parquet")));
        assertThat(metadata.rowGroups().get(0).columns().get(0).columnIndex()).isPresent();
        for (ColumnChunkMetadata chunk : metadata.rowGroups().get(0).columns()) {
            assertThat(chunk.offsetIndex()).isPresent();
            assertThat(chunk.offsetIndex().get().length()).isPositive();
            assertThat(chunk.bloomFilter()).isEmpty();
        }
    }

    @Test
    void exposesBloomFilterRangesWithAndWithoutLength() throws IOException {
        ColumnChunkMetadata without =
                read(TestingFooters.bytes(
                                TestingParquetFiles.data(
                                        "data_index_bloom_encoding_stats.parquet")))
                        .rowGroups()
                        .get(0)
                        .columns()
                        .get(0);
        assertThat(without.bloomFilter()).contains(new FileRange(192, -1));
        ColumnChunkMetadata with =
                read(TestingFooters.bytes(
                                TestingParquetFiles.data(
                                        "data_index_bloom_encoding_with_length.parquet")))
                        .rowGroups()
                        .get(0)
                        .columns()
                        .get(0);
        assertThat(with.bloomFilter()).isPresent();
        assertThat(with.bloomFilter().get().hasLength()).isTrue();
    }

    @Test
    void treatsAnIndexOutsideTheFileAsAbsent() throws IOException {
        byte[] bytes =
                TestingFooters.rewrite(
                        TestingFooters.bytes(
                                TestingParquetFiles.data("alltypes_tiny_pages.parquet")),
                        f ->
                                f.getRow_groups()
                                        .get(0)
                                        .getColumns()
                                        .get(0)
                                        .setColumn_index_offset(1L << 40));
        ColumnChunkMetadata chunk = read(bytes).rowGroups().get(0).columns().get(0);
        assertThat(chunk.columnIndex()).isEmpty();
        assertThat(chunk.offsetIndex()).isPresent();
    }

    @Test
    void readsAChunkWithMoreThanShortMaxPages() throws IOException {
        FileMetadata metadata =
                read(
                        TestingFooters.bytes(
                                TestingParquetFiles.data("overflow_i16_page_cnt.parquet")));
        assertThat(metadata.numRows()).isEqualTo(40_000);
    }

    @Test
    void usesTheRowGroupsRowCountsWhenTheFileLevelCountIsWrong() throws IOException {
        byte[] bytes = rewritten(f -> f.setNum_rows(0));
        assertThat(read(bytes).numRows()).isEqualTo(8);
    }

    private static String hex(byte[] bytes, int at) {
        StringBuilder sb = new StringBuilder();
        for (int i = at; i < at + 4; i++) {
            sb.append(i > at ? " " : "").append(String.format("%02x", bytes[i]));
        }
        return sb.toString();
    }
}
