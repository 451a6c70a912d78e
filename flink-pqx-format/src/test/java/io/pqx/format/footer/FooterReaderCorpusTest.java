package io.pqx.format.footer;

import static io.pqx.format.footer.TestingFooters.MAX_FOOTER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.error.MissingKeyException;
import io.pqx.format.io.InputFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reads the footer of every encrypted file of parquet-testing without keys: a plaintext footer
 * reads (its encrypted columns without their statistics), an encrypted one is refused by name. (The
 * plain files' footers are compared with parquet-java's view in e2e-tests' {@code
 * FooterReaderCorpusParquetJavaTest}; the encrypted files are read with their keys in {@code
 * EncryptedCorpusReaderTest}.)
 */
class FooterReaderCorpusTest {
    static Stream<Path> encryptedFiles() {
        return TestingParquetFiles.allEncryptedFiles().stream();
    }

    @ParameterizedTest
    @MethodSource("encryptedFiles")
    void withoutKeysReadsAPlaintextFooterAndRefusesAnEncryptedOneByName(Path file)
            throws IOException {
        String name = TestingParquetFiles.name(file);
        InputFile input = TestingFooters.input(name, TestingFooters.bytes(file));
        if (name.contains("plaintext_footer")) {
            FileMetadata metadata = FooterReader.read(input, MAX_FOOTER);
            ColumnChunkMetadata encrypted =
                    metadata.rowGroups().get(0).columns().stream()
                            .filter(c -> c.path().equals("double_field"))
                            .findFirst()
                            .orElseThrow();
            assertThat(encrypted.decryptor()).isNotNull();
            assertThat(encrypted.decryptor().hasKey()).isFalse();
            assertThat(encrypted.meta().isSetStatistics()).isFalse();
            assertThat(encrypted.columnIndex()).isEmpty();
            return;
        }
        String missing =
                name.contains("disable_aad_storage")
                        ? "Cannot read encrypted file: the file was written with an AAD prefix it"
                                + " does not store"
                        : "Cannot read encrypted footer: the footer key was not given";
        assertThatThrownBy(() -> FooterReader.read(input, MAX_FOOTER))
                .isInstanceOf(MissingKeyException.class)
                .hasMessageStartingWith(missing)
                .hasMessageEndingWith("(" + name + ")");
    }
}
