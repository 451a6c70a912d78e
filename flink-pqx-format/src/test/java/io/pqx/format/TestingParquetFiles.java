package io.pqx.format;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Locates the shared parquet-testing corpus: {@code ../../shared/parquet-testing} from the module
 * directory, or the directory named by the environment variable {@code PQX_PARQUET_TESTING}.
 */
public final class TestingParquetFiles {
    private TestingParquetFiles() {}

    public static Path root() {
        Path beside = Paths.get(System.getProperty("user.dir"), "..", "..", "shared", "parquet-testing")
                .normalize();
        if (Files.isDirectory(beside)) {
            return beside;
        }
        String env = System.getenv("PQX_PARQUET_TESTING");
        if (env != null && Files.isDirectory(Paths.get(env))) {
            return Paths.get(env);
        }
        throw new IllegalStateException(
                "parquet-testing not found at " + beside + " nor in $PQX_PARQUET_TESTING");
    }

    /** A file of the corpus's data/ directory. */
    public static Path data(String name) {
        return root().resolve("data").resolve(name);
    }
}
