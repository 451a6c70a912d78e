package io.pqx.e2e.s3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.core.plugin.DefaultPluginManager;
import org.apache.flink.core.plugin.DirectoryBasedPluginFinder;
import org.apache.flink.core.plugin.PluginManager;

/**
 * The Flink plugins directory the e2e build lays out ({@code target/plugins/s3-fs-hadoop/
 * flink-s3-fs-hadoop-2.3.0.jar}, copied by the pom's {@code s3-fs-hadoop-plugin} execution; named
 * by the system property {@code pqx.flink-plugins} that surefire and failsafe set), and a plugin
 * manager over it, built as a Flink process builds its own from {@code FLINK_PLUGINS_DIR}: one
 * class loader per plugin, parent-first only for Flink's own packages and logging.
 *
 * <p>The S3 plugin's jar carries Hadoop, the AWS SDK, Guava and Jackson unrelocated, so it is kept
 * off the tests' class path and loaded only this way. A missing directory fails the test (with how
 * to lay it out), never skips it.
 */
final class TestingFlinkPlugins {
    static final String PROPERTY = "pqx.flink-plugins";

    private TestingFlinkPlugins() {}

    /** The plugins root directory, checked to hold the S3 plugin's jar. */
    static Path directory() {
        String dir = System.getProperty(PROPERTY);
        if (dir == null) {
            throw new IllegalStateException(
                    "System property "
                            + PROPERTY
                            + " is not set: run the test through Maven (mvn -pl e2e-tests -am"
                            + " verify), which copies Flink's S3 plugin to target/plugins");
        }
        Path root = Paths.get(dir);
        Path s3 = root.resolve("s3-fs-hadoop");
        try (Stream<Path> jars = Files.list(s3)) {
            if (jars.noneMatch(p -> p.getFileName().toString().endsWith(".jar"))) {
                throw new IllegalStateException("No plugin jar in " + s3);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot list "
                            + s3
                            + " (the e2e pom copies flink-s3-fs-hadoop there at"
                            + " process-test-resources)",
                    e);
        }
        return root;
    }

    /** A plugin manager over {@link #directory()}, as Flink's {@code PluginUtils} builds one. */
    static PluginManager manager(Configuration config) {
        try {
            return new DefaultPluginManager(
                    new DirectoryBasedPluginFinder(directory()).findPlugins(),
                    CoreOptions.getPluginParentFirstLoaderPatterns(config));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot find the plugins in " + directory(), e);
        }
    }
}
