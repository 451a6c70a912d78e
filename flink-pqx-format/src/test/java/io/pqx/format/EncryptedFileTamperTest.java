package io.pqx.format;

import static io.pqx.format.TestingEncryptedFiles.BLOOM;
import static io.pqx.format.TestingEncryptedFiles.COLUMNS_AND_FOOTER;
import static io.pqx.format.TestingEncryptedFiles.CTR;
import static io.pqx.format.TestingEncryptedFiles.PLAIN_FOOTER;
import static io.pqx.format.TestingEncryptedFiles.options;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.options.ReadOptions;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * One flipped byte in each kind of module of an encrypted file, a cut file, and modules of the
 * right kind in the wrong place: each read fails with a {@link DecryptionFailedException} naming
 * the module (and file, row group, column), never with values.
 */
class EncryptedFileTamperTest {
    private static final String NAME = "t.parquet.encrypted";

    private static byte[] bytes(String name) throws Exception {
        return Files.readAllBytes(TestingParquetFiles.data(name));
    }

    private static ReadOptions keys() {
        return options(TestingEncryptedFiles.explicitKeys().build());
    }

    /** The chunk of {@code path} in row group 0, as the untouched file's footer says. */
    private static ColumnChunkMetadata chunk(byte[] file, String path) throws Exception {
        try (ParquetReader reader =
                ParquetReader.open(new ByteArrayInputFile(NAME, file), keys())) {
            return reader.footer().internal().rowGroups().get(0).columns().stream()
                    .filter(c -> c.path().equals(path))
                    .findFirst()
                    .orElseThrow();
        }
    }

    /** The length of the module at {@code at}, its 4-byte length field included. */
    private static int moduleLength(byte[] file, int at) {
        return (file[at] & 0xFF)
                | ((file[at + 1] & 0xFF) << 8)
                | ((file[at + 2] & 0xFF) << 16)
                | ((file[at + 3] & 0xFF) << 24) + 4;
    }

    private static byte[] flipped(byte[] file, long at) {
        byte[] copy = file.clone();
        copy[(int) at] ^= 0x10;
        return copy;
    }

    /** Reads every row (or, with {@code indexes}, the page indexes of every leaf too). */
    private static List<List<Object>> readAll(byte[] file, ReadOptions options, boolean indexes)
            throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (ParquetReader reader =
                ParquetReader.open(new ByteArrayInputFile(NAME, file), options)) {
            if (indexes) {
                List<Integer> leaves = new ArrayList<>();
                reader.schema().leaves().forEach(l -> leaves.add(l.leafIndex()));
                reader.readPageIndexes(0, leaves);
                for (int leaf : leaves) {
                    reader.bloomFilterSource().bloomFilter(0, leaf);
                }
            }
            try (CloseableIterator<RowData> it = reader.rows(reader.schema())) {
                while (it.hasNext()) {
                    rows.add(TestingRowValues.of(it.next(), reader.schema().rowType()));
                }
            }
        }
        return rows;
    }

    private static DecryptionFailedException failure(byte[] file, ReadOptions options) {
        Throwable thrown = Assertions.catchThrowable(() -> readAll(file, options, true));
        if (thrown instanceof UncheckedIOException) {
            thrown = thrown.getCause();
        }
        assertThat(thrown).isInstanceOf(DecryptionFailedException.class);
        return (DecryptionFailedException) thrown;
    }

    @Test
    void theUntouchedFilesRead() throws Exception {
        assertThat(readAll(bytes(COLUMNS_AND_FOOTER), keys(), true))
                .isEqualTo(TestingEncryptedFiles.sampleRows());
        assertThat(readAll(bytes(BLOOM), keys(), true))
                .isEqualTo(TestingEncryptedFiles.bloomRows());
    }

    @Test
    void encryptedFooter() throws Exception {
        byte[] file = bytes(COLUMNS_AND_FOOTER);
        DecryptionFailedException e = failure(flipped(file, file.length - 30), keys());
        assertThat(e.module()).isEqualTo("footer");
        assertThat(e).hasMessageEndingWith("(" + NAME + ")");
    }

    @Test
    void plaintextFooterSignature() throws Exception {
        byte[] file = bytes(PLAIN_FOOTER);
        // the last byte of the signature's tag, just before the footer length and magic
        assertThat(failure(flipped(file, file.length - 9), keys()).module())
                .isEqualTo("footer signature");
    }

    @Test
    void columnMetadata() throws Exception {
        byte[] file = bytes(PLAIN_FOOTER);
        byte[] blob = chunk(file, "double_field").thrift().getEncrypted_column_metadata();
        int at = indexOf(file, blob);
        ReadOptions unsigned =
                options(TestingEncryptedFiles.explicitKeys().verifyPlaintextFooter(false).build());
        DecryptionFailedException e = failure(flipped(file, at + blob.length / 2), unsigned);
        assertThat(e.module()).isEqualTo("column metadata");
        assertThat(e).hasMessageEndingWith("(" + NAME + ", row group 0, column double_field)");
    }

    @Test
    void dictionaryPageHeaderAndDictionaryPage() throws Exception {
        byte[] file = bytes(COLUMNS_AND_FOOTER);
        ColumnChunkMetadata chunk = chunk(file, "double_field");
        int header = (int) chunk.dictionaryPageOffset().orElseThrow();
        DecryptionFailedException e = failure(flipped(file, header + 20), keys());
        assertThat(e.module()).isEqualTo("dictionary page header");
        assertThat(e).hasMessageEndingWith("(" + NAME + ", row group 0, column double_field)");
        int body = header + moduleLength(file, header);
        assertThat(failure(flipped(file, body + 20), keys()).module()).isEqualTo("dictionary page");
    }

    @Test
    void dataPageHeaderAndDataPage() throws Exception {
        byte[] file = bytes(COLUMNS_AND_FOOTER);
        ColumnChunkMetadata chunk = chunk(file, "float_field");
        int header = (int) chunk.dataPageOffset();
        DecryptionFailedException e = failure(flipped(file, header + 20), keys());
        assertThat(e.module()).isEqualTo("data page header 0");
        assertThat(e).hasMessageEndingWith("(" + NAME + ", row group 0, column float_field)");
        int body = header + moduleLength(file, header);
        assertThat(failure(flipped(file, body + 20), keys()).module()).isEqualTo("data page 0");
    }

    @Test
    void aCtrFilesPageHeader() throws Exception {
        // AES_GCM_CTR_V1 leaves page bodies unauthenticated (by design); their headers are GCM
        byte[] file = bytes(CTR);
        int header = (int) chunk(file, "float_field").dataPageOffset();
        assertThat(failure(flipped(file, header + 20), keys()).module())
                .isEqualTo("data page header 0");
    }

    @Test
    void columnAndOffsetIndexes() throws Exception {
        byte[] file = bytes(COLUMNS_AND_FOOTER);
        ColumnChunkMetadata chunk = chunk(file, "double_field");
        assertThat(
                        failure(
                                        flipped(
                                                file,
                                                chunk.columnIndex().orElseThrow().offset() + 20),
                                        keys())
                                .module())
                .isEqualTo("column index");
        assertThat(
                        failure(
                                        flipped(
                                                file,
                                                chunk.offsetIndex().orElseThrow().offset() + 20),
                                        keys())
                                .module())
                .isEqualTo("offset index");
    }

    @Test
    void bloomFilterHeaderAndBitset() throws Exception {
        byte[] file = bytes(BLOOM);
        int header = (int) chunk(file, "double_field").bloomFilter().orElseThrow().offset();
        assertThat(failure(flipped(file, header + 20), keys()).module())
                .isEqualTo("bloom filter header");
        int bitset = header + moduleLength(file, header);
        assertThat(failure(flipped(file, bitset + 100), keys()).module())
                .isEqualTo("bloom filter bitset");
    }

    @Test
    void twoPageHeadersOfAChunkSwapped() throws Exception {
        // same key, same length, other ordinals: each header's AAD names its page
        byte[] file = bytes(BLOOM);
        OffsetIndexView pages;
        try (ParquetReader reader =
                ParquetReader.open(new ByteArrayInputFile(NAME, file), keys())) {
            pages = reader.readPageIndexes(0, List.of(0)).offsetIndex(0).orElseThrow();
        }
        int first = (int) pages.offset(0);
        int second = (int) pages.offset(1);
        int length = moduleLength(file, first);
        assertThat(moduleLength(file, second)).isEqualTo(length);
        byte[] swapped = file.clone();
        System.arraycopy(file, first, swapped, second, length);
        System.arraycopy(file, second, swapped, first, length);
        Throwable thrown = Assertions.catchThrowable(() -> readAll(swapped, keys(), false));
        assertThat(thrown).isInstanceOf(UncheckedIOException.class);
        assertThat(thrown.getCause()).isInstanceOf(DecryptionFailedException.class);
        assertThat(((DecryptionFailedException) thrown.getCause()).module())
                .isEqualTo("data page header 0");
    }

    @Test
    void aPageHeaderOfAnotherFileWithTheSameKey() throws Exception {
        // the CTR file's float_field has the same key, values, row group and column: only the
        // file's unique AAD part tells its header from this file's
        byte[] file = bytes(COLUMNS_AND_FOOTER);
        byte[] other = bytes(CTR);
        int to = (int) chunk(file, "float_field").dictionaryPageOffset().orElseThrow();
        int from = (int) chunk(other, "float_field").dictionaryPageOffset().orElseThrow();
        int length = moduleLength(other, from);
        assertThat(moduleLength(file, to)).isEqualTo(length);
        byte[] grafted = file.clone();
        System.arraycopy(other, from, grafted, to, length);
        Throwable thrown = Assertions.catchThrowable(() -> readAll(grafted, keys(), false));
        assertThat(thrown).isInstanceOf(UncheckedIOException.class);
        assertThat(((DecryptionFailedException) thrown.getCause()).module())
                .isEqualTo("dictionary page header");
    }

    @Test
    void aCutFile() throws Exception {
        byte[] file = bytes(COLUMNS_AND_FOOTER);
        for (int cut : new int[] {1, 8, 100, file.length / 2}) {
            byte[] shorter = Arrays.copyOf(file, file.length - cut);
            Throwable thrown = Assertions.catchThrowable(() -> readAll(shorter, keys(), true));
            assertThat(thrown).as("cut " + cut).isInstanceOf(CorruptFileException.class);
        }
    }

    private static int indexOf(byte[] file, byte[] part) {
        outer:
        for (int i = 0; i <= file.length - part.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (file[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new IllegalStateException("not in the file");
    }
}
