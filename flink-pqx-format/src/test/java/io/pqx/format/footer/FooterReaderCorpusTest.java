package io.pqx.format.footer;

import static io.pqx.format.footer.TestingFooters.MAX_FOOTER;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.error.UnsupportedFileException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reads the footer of every encrypted file of parquet-testing. (The plain files' footers are
 * compared with parquet-java's view in e2e-tests' {@code FooterReaderCorpusParquetJavaTest}.)
 */
class FooterReaderCorpusTest {
    static Stream<Path> encryptedFiles() {
        return TestingParquetFiles.allEncryptedFiles().stream();
    }

    @ParameterizedTest
    @MethodSource("encryptedFiles")
    void rejectsEncryptedFilesNamingFileAndEncryption(Path file) {
        String name = TestingParquetFiles.name(file);
        assertThatThrownBy(
                        () ->
                                FooterReader.read(
                                        TestingFooters.input(name, TestingFooters.bytes(file)),
                                        MAX_FOOTER))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessageStartingWith("Cannot read footer: ")
                .hasMessageContaining("Parquet modular encryption")
                .hasMessageEndingWith("(" + name + ")");
    }
}
