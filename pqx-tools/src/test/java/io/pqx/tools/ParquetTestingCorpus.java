package io.pqx.tools;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Locates the apache/parquet-testing corpus shared by all pqx worktrees: {@code
 * ../../shared/parquet-testing} from the module directory, or {@code $PQX_PARQUET_TESTING}. Fails
 * (never skips) when it cannot be found, so a missing corpus cannot pass silently.
 */
public final class ParquetTestingCorpus {

    private ParquetTestingCorpus() {}

    /** The corpus root (holding {@code data/}). */
    public static Path root() {
        Path relative =
                Paths.get(System.getProperty("user.dir"), "..", "..", "shared", "parquet-testing")
                        .normalize();
        if (Files.isDirectory(relative.resolve("data"))) {
            return relative;
        }
        String env = System.getenv("PQX_PARQUET_TESTING");
        if (env != null && Files.isDirectory(Paths.get(env, "data"))) {
            return Paths.get(env);
        }
        throw new IllegalStateException(
                "parquet-testing corpus not found at "
                        + relative
                        + " nor in $PQX_PARQUET_TESTING ("
                        + env
                        + ")");
    }

    /** A file of {@code data/}, e.g. {@code data("alltypes_plain.parquet")}. */
    public static File data(String name) {
        File file = root().resolve("data").resolve(name).toFile();
        if (!file.isFile()) {
            throw new IllegalStateException("corpus file missing: " + file);
        }
        return file;
    }
}
