package io.pqx.e2e.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the build made for {@link SqlClientITCase}, found relative to the e2e-tests module
 * (failsafe's working directory) and checked before use: pqx's SQL connector jar (module {@code
 * flink-sql-connector-pqx}), the SQL client's class path and the other jars a user adds (module
 * {@code e2e-tests/sql-client-lib}). The SQL client's class path holds no pqx and no test library,
 * so pqx reaches the session only through {@code ADD JAR}.
 */
final class SqlClientArtifacts {
    static final Path CONNECTOR_TARGET = Path.of("../flink-sql-connector-pqx/target");
    static final Path CLASS_PATH_FILE = Path.of("sql-client-lib/target/sql-client.classpath");
    static final Path USER_JARS = Path.of("sql-client-lib/target/user-jars");

    private static final String BUILD_HINT =
            " (built by Maven: mvn -B -pl e2e-tests -am verify -Dit.test=SqlClientITCase)";

    private SqlClientArtifacts() {}

    /** {@code flink-sql-connector-pqx-<version>.jar}, the shaded jar (not {@code original-}). */
    static Path connectorJar() throws IOException {
        List<Path> found = new ArrayList<>();
        if (Files.isDirectory(CONNECTOR_TARGET)) {
            try (DirectoryStream<Path> jars =
                    Files.newDirectoryStream(CONNECTOR_TARGET, "flink-sql-connector-pqx-*.jar")) {
                jars.forEach(found::add);
            }
        }
        found.removeIf(p -> p.getFileName().toString().endsWith("-tests.jar"));
        if (found.size() != 1) {
            throw new IllegalStateException(
                    "Expected one flink-sql-connector-pqx-<version>.jar in "
                            + CONNECTOR_TARGET.toAbsolutePath()
                            + ", found "
                            + found
                            + BUILD_HINT);
        }
        return found.get(0).toAbsolutePath().normalize();
    }

    /**
     * The SQL client's class path, checked: every entry exists and is a jar, none is pqx or a test
     * library, every jar of the cluster's lib/ is on it, and so are the client, the gateway and
     * flink-python.
     */
    static String sqlClientClassPath() throws IOException {
        if (!Files.isRegularFile(CLASS_PATH_FILE)) {
            throw new IllegalStateException(
                    "Cannot find the SQL client class path "
                            + CLASS_PATH_FILE.toAbsolutePath()
                            + BUILD_HINT);
        }
        String classPath = Files.readString(CLASS_PATH_FILE, StandardCharsets.UTF_8).trim();
        List<String> jars = List.of(classPath.split(File.pathSeparator));
        for (String jar : jars) {
            if (!jar.endsWith(".jar") || !Files.isRegularFile(Path.of(jar))) {
                throw new IllegalStateException("Not a jar on the SQL client's class path: " + jar);
            }
            if (ClusterArtifacts.isForbiddenOnCluster(jar)) {
                throw new IllegalStateException(
                        "Cannot start the SQL client with "
                                + jar
                                + " on its class path: pqx must"
                                + " reach it through ADD JAR only, test libraries never");
            }
        }
        // lib/ as the cluster's processes have it: a client that lacked one of its jars would
        // test another Flink than the cluster runs
        for (String libJar : ClusterArtifacts.clusterClassPath().split(File.pathSeparator)) {
            if (!jars.contains(libJar)) {
                throw new IllegalStateException(
                        "The SQL client's class path lacks the cluster's " + libJar + BUILD_HINT);
            }
        }
        for (String needed : List.of("flink-sql-client-", "flink-sql-gateway-", "flink-python-")) {
            if (jars.stream()
                    .noneMatch(j -> Path.of(j).getFileName().toString().startsWith(needed))) {
                throw new IllegalStateException("No " + needed + "*.jar in " + classPath);
            }
        }
        return classPath;
    }

    /**
     * A jar a user downloads and ADD JARs next to pqx's ({@code flink-sql-parquet-2.3.0.jar}, ...).
     */
    static Path userJar(String fileName) {
        Path jar = USER_JARS.resolve(fileName);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("Cannot find " + jar.toAbsolutePath() + BUILD_HINT);
        }
        return jar.toAbsolutePath().normalize();
    }
}
