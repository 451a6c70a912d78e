package io.pqx.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pqx count}: row count from the footer, for paths and URIs. */
class CountCommandTest {

    private static final String ALLTYPES = corpus("alltypes_plain.parquet");

    @TempDir Path tmp;

    @Test
    void countsRowsFromTheFooter() {
        TestingCliRun run = TestingCliRun.of("count", ALLTYPES);
        assertThat(run.err()).isEmpty();
        assertThat(run.status()).isZero();
        assertThat(run.out()).isEqualTo("8\n");
    }

    @Test
    void acceptsFileUris() {
        TestingCliRun run = TestingCliRun.of("count", Path.of(ALLTYPES).toUri().toString());
        assertThat(run.status()).isZero();
        assertThat(run.out()).isEqualTo("8\n");
    }

    @Test
    void resolvesRelativePathsAgainstTheWorkingDirectory() {
        String relative = Path.of("").toAbsolutePath().relativize(Path.of(ALLTYPES)).toString();
        TestingCliRun run = TestingCliRun.of("count", relative);
        assertThat(run.status()).isZero();
        assertThat(run.out()).isEqualTo("8\n");
    }

    private static String corpus(String name) {
        return TestingParquetFiles.data(name).toFile().getAbsolutePath();
    }
}
