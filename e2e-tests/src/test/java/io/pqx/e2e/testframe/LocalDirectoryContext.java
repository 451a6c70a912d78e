package io.pqx.e2e.testframe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.testframe.external.ExternalContext;

/**
 * What pqx's testing-framework contexts share: a fresh local directory, deleted with the context,
 * and {@link TestRecord}s with ids distinct across every batch the context generates, so a record
 * read twice cannot hide among equal ones. pqx needs no connector jar: it is on the test class
 * path.
 */
abstract class LocalDirectoryContext implements ExternalContext {
    final Path dir;
    private final AtomicLong nextId = new AtomicLong();

    LocalDirectoryContext(String prefix) {
        try {
            this.dir = Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next {@code count} records, their values other than the id from {@code seed}. */
    List<TestRecord> nextRecords(int count, long seed) {
        return TestRecord.generate(nextId.getAndAdd(count), count, seed);
    }

    public TypeInformation<TestRecord> getProducedType() {
        return TypeInformation.of(TestRecord.class);
    }

    @Override
    public List<URL> getConnectorJarPaths() {
        return List.of();
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
