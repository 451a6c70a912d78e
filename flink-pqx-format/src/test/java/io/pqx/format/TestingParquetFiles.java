package io.pqx.format;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The one locator of the shared copy of apache/parquet-testing (see its {@code PQX-INVENTORY.md})
 * for the tests of every module: format's, e2e-tests', pqx-tools' and the benchmarks' (through
 * format's test-jar).
 *
 * <p>The corpus root is the first of these that holds {@code data/} and {@code shredded_variant/}:
 * the system property {@code pqx.parquet-testing}, the environment variable {@code
 * PQX_PARQUET_TESTING}, then {@code shared/parquet-testing} in the working directory or the nearest
 * ancestor holding one (the module directory's grandparent holds {@code shared/} here). A missing
 * corpus or corpus file is an {@link IllegalStateException} naming what was tried, never a silently
 * skipped or empty test. Stateless.
 */
public final class TestingParquetFiles {

    /** The system property naming the corpus root. */
    public static final String PROPERTY = "pqx.parquet-testing";

    /** The environment variable naming the corpus root. */
    public static final String ENVIRONMENT = "PQX_PARQUET_TESTING";

    /** Files PQX-INVENTORY.md lists in data/ and shredded_variant/. */
    public static final int INVENTORY_FILE_COUNT = 225;

    private TestingParquetFiles() {}

    /** The corpus root (holding {@code data/} and {@code shredded_variant/}), absolute. */
    public static Path root() {
        Set<Path> candidates = new LinkedHashSet<>();
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            candidates.add(Path.of(property));
        }
        String env = System.getenv(ENVIRONMENT);
        if (env != null && !env.isBlank()) {
            candidates.add(Path.of(env));
        }
        for (Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
                dir != null;
                dir = dir.getParent()) {
            candidates.add(dir.resolve("shared").resolve("parquet-testing"));
        }
        for (Path candidate : candidates) {
            if (Files.isDirectory(candidate.resolve("data"))
                    && Files.isDirectory(candidate.resolve("shredded_variant"))) {
                return candidate.toAbsolutePath().normalize();
            }
        }
        throw new IllegalStateException(
                "Cannot find the parquet-testing corpus (a directory with data/ and"
                        + " shredded_variant/); tried "
                        + candidates
                        + ". Set -D"
                        + PROPERTY
                        + "=<dir> or "
                        + ENVIRONMENT
                        + ".");
    }

    /** An existing file under {@code data/}, e.g. {@code data("alltypes_plain.parquet")}. */
    public static Path data(String name) {
        Path file = root().resolve("data").resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("Cannot find corpus file " + file);
        }
        return file;
    }

    /** Every plain (not encrypted) Parquet file of the corpus, sorted. */
    public static List<Path> allPlainFiles() {
        return filesEndingWith(".parquet");
    }

    /** Every encrypted Parquet file of the corpus ({@code *.parquet.encrypted}), sorted. */
    public static List<Path> allEncryptedFiles() {
        return filesEndingWith(".parquet.encrypted");
    }

    /**
     * Every Parquet file of {@code data/} and {@code shredded_variant/} ({@code *.parquet} and
     * {@code *.parquet.encrypted}), as paths relative to the root with {@code /} separators,
     * sorted: the files {@code PQX-INVENTORY.md} lists.
     */
    public static List<String> relativeNames() {
        Path root = root();
        List<String> files = new ArrayList<>();
        for (String dir : List.of("data", "shredded_variant")) {
            try (Stream<Path> walk = Files.walk(root.resolve(dir))) {
                walk.filter(Files::isRegularFile)
                        .map(p -> root.relativize(p).toString().replace('\\', '/'))
                        .filter(
                                name ->
                                        name.endsWith(".parquet")
                                                || name.endsWith(".parquet.encrypted"))
                        .forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot list " + root.resolve(dir), e);
            }
        }
        files.sort(null);
        return files;
    }

    /** The path relative to the corpus root, for test names. */
    public static String name(Path file) {
        return root().relativize(file).toString();
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
}
