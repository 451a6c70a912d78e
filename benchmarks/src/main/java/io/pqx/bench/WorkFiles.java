package io.pqx.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The suites' scratch files: a work directory removed with everything in it. */
public final class WorkFiles {
    private WorkFiles() {}

    /**
     * Deletes {@code root} and everything under it; nothing when it does not exist. Entries that
     * vanish during the walk (a job's checkpoint directory that Flink is still removing) are no
     * error: the walk is tried again until the tree is gone.
     */
    public static void deleteTree(Path root) throws IOException {
        for (int attempt = 1; ; attempt++) {
            if (!Files.exists(root)) {
                return;
            }
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
                return;
            } catch (NoSuchFileException | UncheckedIOException e) {
                if (attempt == 5) {
                    throw e;
                }
            } catch (DirectoryNotEmptyException e) {
                if (attempt == 5) {
                    throw e;
                }
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
