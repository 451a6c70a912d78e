package io.pqx.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The suites' scratch files: a work directory removed with everything in it. */
public final class WorkFiles {
    private WorkFiles() {}

    /** Deletes {@code root} and everything under it; nothing when it does not exist. */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** Deletes {@code dir} unless the run keeps its files, then says where they are. */
    public static void deleteUnlessKept(Path dir, BenchmarkArgs args, BenchmarkReport report)
            throws IOException {
        if (args.keepFiles()) {
            report.info("files kept in %s", dir);
        } else {
            deleteTree(dir);
        }
    }
}
