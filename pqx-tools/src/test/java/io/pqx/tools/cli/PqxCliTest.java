package io.pqx.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Errors of every kind (missing, directory, corrupt file, usage) and help, across subcommands. */
class PqxCliTest {

    private static final String ALLTYPES = corpus("alltypes_plain.parquet");

    @TempDir Path tmp;

    @Test
    void reportsMissingFileOnStderrWithStatusOne() {
        String missing = tmp.resolve("nope.parquet").toString();
        for (String command : new String[] {"count", "meta", "schema", "cat"}) {
            TestingCliRun run = TestingCliRun.of(command, missing);
            assertThat(run.status()).as(command).isEqualTo(1);
            assertThat(run.out()).as(command).isEmpty();
            assertThat(run.err())
                    .as(command)
                    .isEqualTo("pqx: Cannot open file:" + missing + ": no such file\n");
        }
    }

    @Test
    void reportsDirectoryAsNotAFile() {
        TestingCliRun run = TestingCliRun.of("count", tmp.toString());
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.err()).isEqualTo("pqx: Cannot open file:" + tmp + ": it is a directory\n");
    }

    @Test
    void reportsCorruptFileWithItsMessageAndNoStackTrace() throws IOException {
        Path notParquet = tmp.resolve("text.parquet");
        Files.writeString(notParquet, "this is not a parquet file at all", StandardCharsets.UTF_8);
        Path truncated = tmp.resolve("truncated.parquet");
        byte[] bytes = Files.readAllBytes(Path.of(ALLTYPES));
        Files.write(truncated, Arrays.copyOf(bytes, bytes.length - 100));
        for (Path file : new Path[] {notParquet, truncated}) {
            for (String command : new String[] {"count", "meta", "cat"}) {
                TestingCliRun run = TestingCliRun.of(command, file.toString());
                assertThat(run.status()).as(command + " " + file).isEqualTo(1);
                assertThat(run.err())
                        .as(command + " " + file)
                        .startsWith("pqx: Cannot ")
                        .contains(file.getFileName().toString())
                        .doesNotContain("\tat ")
                        .doesNotContain("Exception")
                        .endsWith("\n");
                assertThat(run.err().lines()).hasSize(1);
            }
        }
    }

    /** The footer is fine, a page is not: cat fails while reading, with the reader's message. */
    @Test
    void reportsCorruptPageFoundWhileCatting() {
        String file = corpus("nation.dict-malformed.parquet");
        TestingCliRun run = TestingCliRun.of("cat", file);
        assertThat(run.status()).isEqualTo(1);
        // The reader's own message, as it is (its wording is pinned by the reader's tests).
        assertThat(run.err())
                .startsWith("pqx: Cannot read ")
                .endsWith("(file:" + file + ", row group 0, column name)\n")
                .doesNotContain("Exception");
        assertThat(run.err().lines()).hasSize(1);
    }

    @Test
    void printsStackTraceOnlyInDebugMode() throws IOException {
        Path notParquet = tmp.resolve("text.parquet");
        Files.writeString(notParquet, "this is not a parquet file at all", StandardCharsets.UTF_8);
        TestingCliRun run = TestingCliRun.debug("count", notParquet.toString());
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.err()).startsWith("pqx: Cannot ").contains("\tat ");
    }

    @Test
    void rejectsMalformedCommandLinesWithUsageAndStatusTwo() {
        String[][] lines = {
            {},
            {"frobnicate"},
            {"cat"},
            {"cat", ALLTYPES, ALLTYPES},
            {"cat", ALLTYPES, "--limit", "ten"},
            {"cat", ALLTYPES, "--limit", "-1"},
            {"cat", ALLTYPES, "--limit"},
            {"cat", ALLTYPES, "--colour", "red"},
            {"cat", ALLTYPES, "--columns", "id,,x"},
            {"count", ALLTYPES, "--limit", "3"},
            {"demo", "file.parquet"},
            {"demo", "--rows", "0"},
        };
        for (String[] args : lines) {
            TestingCliRun run = TestingCliRun.of(args);
            String what = String.join(" ", args);
            assertThat(run.status()).as(what).isEqualTo(2);
            assertThat(run.out()).as(what).isEmpty();
            assertThat(run.err())
                    .as(what)
                    .contains("usage: pqx <command>")
                    .contains("cat FILE [--limit N]");
        }
        assertThat(TestingCliRun.of("cat").err()).startsWith("pqx: missing FILE\n");
        assertThat(TestingCliRun.of("frobnicate").err())
                .startsWith("pqx: unknown command 'frobnicate'\n");
        assertThat(TestingCliRun.of("cat", ALLTYPES, "--limit", "ten").err())
                .startsWith("pqx: --limit needs a non-negative integer, got 'ten'\n");
    }

    @Test
    void printsHelpOnStdout() {
        TestingCliRun run = TestingCliRun.of("--help");
        assertThat(run.status()).isZero();
        assertThat(run.out())
                .startsWith("usage: pqx <command>")
                .contains("meta FILE")
                .contains("count FILE");
    }

    private static String corpus(String name) {
        return TestingParquetFiles.data(name).toFile().getAbsolutePath();
    }
}
