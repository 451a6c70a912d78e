package io.pqx.format;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds the shared parquet-testing corpus for tests: {@code ../../shared/parquet-testing} from the
 * module directory (the repository's parent holds {@code shared/}), or the directory named by the
 * environment variable {@code PQX_PARQUET_TESTING}.
 */
public final class TestingParquetFiles {
    private TestingParquetFiles() {}

    /** The corpus root (holding {@code data/} and {@code shredded_variant/}). */
    public static Path root() {
        String env = System.getenv("PQX_PARQUET_TESTING");
        if (env != null && !env.isEmpty()) {
            return Paths.get(env);
        }
        Path fromModule =
                Paths.get(System.getProperty("user.dir")).resolve("../../shared/parquet-testing");
        if (Files.isDirectory(fromModule)) {
            return fromModule.normalize();
        }
        throw new IllegalStateException(
                "Cannot find parquet-testing: neither "
                        + fromModule.normalize()
                        + " exists nor is PQX_PARQUET_TESTING set");
    }

    /** A file under {@code data/}, e.g. {@code data("alltypes_plain.parquet")}. */
    public static Path data(String name) {
        return root().resolve("data").resolve(name);
    }

    /** Every plain (not encrypted) Parquet file of the corpus, sorted. */
    public static List<Path> allPlainFiles() {
        return filesEndingWith(".parquet");
    }

    /** Every encrypted Parquet file of the corpus ({@code *.parquet.encrypted}), sorted. */
    public static List<Path> allEncryptedFiles() {
        return filesEndingWith(".parquet.encrypted");
    }

    private static List<Path> filesEndingWith(String suffix) {
        try (Stream<Path> files = Files.walk(root())) {
            return files.filter(p -> p.getFileName().toString().endsWith(suffix))
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The path relative to the corpus root, for test names. */
    public static String name(Path file) {
        return root().relativize(file).toString();
    }
}
