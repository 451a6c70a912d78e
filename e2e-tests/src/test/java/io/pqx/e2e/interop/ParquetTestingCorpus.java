package io.pqx.e2e.interop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The copy of apache/parquet-testing under {@code shared/parquet-testing} (see its {@code
 * PQX-INVENTORY.md}): where it is and which files it holds. Found through the system property
 * {@code pqx.parquet-testing} (set by the e2e-tests pom), then {@code ../../shared/parquet-testing}
 * relative to the module directory, then the environment variable {@code PQX_PARQUET_TESTING}. A
 * missing corpus is an error, never a silently empty test. Stateless.
 */
final class ParquetTestingCorpus {

    /** Files PQX-INVENTORY.md lists in data/ and shredded_variant/. */
    static final int INVENTORY_FILE_COUNT = 225;

    private ParquetTestingCorpus() {}

    /** The corpus root (holding {@code data/} and {@code shredded_variant/}). */
    static Path root() {
        Set<Path> candidates = new LinkedHashSet<>();
        String property = System.getProperty("pqx.parquet-testing");
        if (property != null && !property.isBlank()) {
            candidates.add(Path.of(property));
        }
        candidates.add(
                Path.of(System.getProperty("user.dir")).resolve("../../shared/parquet-testing"));
        String env = System.getenv("PQX_PARQUET_TESTING");
        if (env != null && !env.isBlank()) {
            candidates.add(Path.of(env));
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
                        + ". Set -Dpqx.parquet-testing=<dir> or"
                        + " PQX_PARQUET_TESTING.");
    }

    /**
     * Every Parquet file of the corpus ({@code *.parquet}, and {@code *.parquet.encrypted}), as
     * paths relative to the root with {@code /} separators, sorted.
     */
    static List<String> files(Path root) {
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
}
