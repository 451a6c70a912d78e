package io.pqx.source.split;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden serialized forms checked into test resources, next to the test that pins them (in the
 * resources of its package). Run a test with {@code -Dpqx.golden.write=true} once to (re)write a
 * file under {@code src/test/resources}; otherwise a missing file fails the test. A null {@code
 * current} only reads (a pinned older version).
 */
public final class TestingGoldenBytes {
    private TestingGoldenBytes() {}

    /** The golden file {@code name} of this package (the split's forms). */
    static byte[] read(String name, byte[] current) throws IOException {
        return read(TestingGoldenBytes.class, name, current);
    }

    /** The golden file {@code name} in the resources of {@code owner}'s package. */
    public static byte[] read(Class<?> owner, String name, byte[] current) throws IOException {
        if (current != null && Boolean.getBoolean("pqx.golden.write")) {
            Path target =
                    Path.of("src/test/resources", owner.getPackageName().replace('.', '/'), name);
            Files.createDirectories(target.getParent());
            Files.write(target, current);
        }
        try (InputStream in = owner.getResourceAsStream(name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            return in.readAllBytes();
        }
    }
}
