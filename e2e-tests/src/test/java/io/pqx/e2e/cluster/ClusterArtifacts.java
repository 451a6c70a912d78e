package io.pqx.e2e.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;

/**
 * What the build made for the cluster tests, found relative to the e2e-tests module (failsafe's
 * working directory) and checked before a cluster starts: the cluster's class path, written by
 * {@code e2e-tests/flink-cluster-lib} (Flink's Maven artifacts, what a distribution's {@code lib/}
 * holds), and the job jar (pqx's connector modules and the tests' user functions, built by the
 * module {@code e2e-tests/cluster-job}, shaded). The checks keep the separation honest: the cluster
 * sees no pqx and no test library, and the job jar carries no Flink, so pqx reaches the cluster
 * only as a user's job does.
 */
final class ClusterArtifacts {
    static final Path CLASS_PATH_FILE = Path.of("flink-cluster-lib/target/flink-cluster.classpath");
    static final Path JOB_JAR = Path.of("cluster-job/target/pqx-cluster-job.jar");

    /** Jars that must not be on the cluster's class path: pqx itself and test-only libraries. */
    private static final Pattern FORBIDDEN_ON_CLUSTER =
            Pattern.compile(
                    "io/pqx|flink-pqx|duckdb|parquet-hadoop|parquet-column|hadoop-client|junit"
                            + "|assertj|archunit|arrow");

    private static final String BUILD_HINT =
            " (built by Maven: mvn -B -pl e2e-tests -am verify -Dit.test='Cluster*ITCase')";

    private ClusterArtifacts() {}

    /** The cluster's class path, checked: every jar exists, none is pqx or a test library. */
    static String clusterClassPath() throws IOException {
        if (!Files.isRegularFile(CLASS_PATH_FILE)) {
            throw new IllegalStateException(
                    "Cannot find the cluster class path "
                            + CLASS_PATH_FILE.toAbsolutePath()
                            + BUILD_HINT);
        }
        String classPath = Files.readString(CLASS_PATH_FILE, StandardCharsets.UTF_8).trim();
        List<String> jars = List.of(classPath.split(File.pathSeparator));
        for (String jar : jars) {
            if (!Files.isRegularFile(Path.of(jar))) {
                throw new IllegalStateException("Cannot find cluster jar " + jar + BUILD_HINT);
            }
            if (isForbiddenOnCluster(jar)) {
                throw new IllegalStateException(
                        "Cannot start the cluster with "
                                + jar
                                + " on its class path: pqx must"
                                + " reach it through the job jar only, test libraries never");
            }
        }
        if (jars.stream().noneMatch(j -> j.contains("flink-runtime-"))
                || jars.stream().noneMatch(j -> j.contains("flink-rpc-akka-loader-"))) {
            throw new IllegalStateException(
                    "Cannot start the cluster: no flink-runtime or RPC loader in " + classPath);
        }
        return classPath;
    }

    /** Whether {@code jar} is pqx or a test library, which no Flink process may have in lib/. */
    static boolean isForbiddenOnCluster(String jar) {
        return FORBIDDEN_ON_CLUSTER.matcher(jar).find();
    }

    /**
     * The job jar, checked: it holds the tests' user functions, pqx's SQL factory (registered in
     * its merged service file) and parquet-java relocated, and no class of Flink's (snappy-java and
     * lz4-java included, which flink-dist.jar holds) nor parquet-java under its own name.
     */
    static Path jobJar() throws IOException {
        if (!Files.isRegularFile(JOB_JAR)) {
            throw new IllegalStateException(
                    "Cannot find the job jar " + JOB_JAR.toAbsolutePath() + BUILD_HINT);
        }
        try (JarFile jar = new JarFile(JOB_JAR.toFile())) {
            require(jar, "io/pqx/e2e/cluster/jobs/GeneratedRows.class");
            require(jar, "io/pqx/sink/PqxSink.class");
            require(jar, "io/pqx/source/PqxSource.class");
            // parquet-column and parquet-common, relocated as in pqx's SQL jar: a first job jar
            // that lost the latter (Maven mediated it through another path) failed on the
            // cluster only.
            require(jar, "io/pqx/shaded/org/apache/parquet/column/ColumnDescriptor.class");
            require(jar, "io/pqx/shaded/org/apache/parquet/Preconditions.class");
            String factories =
                    new String(
                            jar.getInputStream(
                                            require(
                                                    jar,
                                                    "META-INF/services/org.apache.flink.table"
                                                            + ".factories.Factory"))
                                    .readAllBytes(),
                            StandardCharsets.UTF_8);
            if (!factories.contains("io.pqx.table.PqxTableFactory")) {
                throw new IllegalStateException(
                        "Cannot use job jar "
                                + JOB_JAR
                                + ": its factory services lack pqx's: "
                                + factories);
            }
            for (String provided :
                    List.of(
                            "org/apache/flink/",
                            "org/apache/parquet/",
                            "org/xerial/snappy/",
                            "net/jpountz/")) {
                if (jar.stream().anyMatch(e -> e.getName().startsWith(provided))) {
                    throw new IllegalStateException(
                            "Cannot use job jar "
                                    + JOB_JAR
                                    + ": it holds "
                                    + provided
                                    + " classes (Flink's, or parquet-java unrelocated)");
                }
            }
        }
        return JOB_JAR.toAbsolutePath();
    }

    private static JarEntry require(JarFile jar, String name) {
        JarEntry entry = jar.getJarEntry(name);
        if (entry == null) {
            throw new IllegalStateException("Cannot use job jar " + JOB_JAR + ": no " + name);
        }
        return entry;
    }
}
