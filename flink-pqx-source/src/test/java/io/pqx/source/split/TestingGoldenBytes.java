package io.pqx.source.split;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden serialized forms checked into test resources. Run a test with {@code
 * -Dpqx.golden.write=true} once to (re)write a file under {@code src/test/resources}; otherwise a
 * missing file fails the test. A null {@code current} only reads (a pinned older version).
 */
final class TestingGoldenBytes {
    private TestingGoldenBytes() {}

    static byte[] read(String name, byte[] current) throws IOException {
        if (current != null && Boolean.getBoolean("pqx.golden.write")) {
            Path target = Path.of("src/test/resources/io/pqx/source/split", name);
            Files.createDirectories(target.getParent());
            Files.write(target, current);
        }
        try (InputStream in = TestingGoldenBytes.class.getResourceAsStream(name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            return in.readAllBytes();
        }
    }
}
