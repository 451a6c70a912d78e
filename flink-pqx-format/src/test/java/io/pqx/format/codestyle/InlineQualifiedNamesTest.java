package io.pqx.format.codestyle;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.codestyle.QualifiedNameScanner.Finding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Main code of every module names types through imports: a type written with its package inline
 * ({@code new java.util.TreeSet<>()}) is reported, unless the file already imports another type of
 * the same simple name, where an import cannot serve. Those clashes are listed here, each with the
 * imported type it clashes with; the list is checked to stay true and needed.
 */
class InlineQualifiedNamesTest {

    /** The clashes kept qualified, by file relative to the repository root. */
    private static final List<Clash> ALLOWED =
            List.of(
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/format/FileFacts.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/format/PqxTableScanner.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/format/PqxTableWriter.java",
                            "java.nio.file.Path",
                            "org.apache.flink.core.fs.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/lookup/DimensionTable.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/lookup/FullCacheContender.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/lookup/FullScanContender.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/sink/CommittedIds.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/sink/FlinkFileSinkContender.java",
                            "java.nio.file.Path",
                            "org.apache.flink.core.fs.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/sink/PartitionedContenders.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/sink/TableComparison.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/PageFloor.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/PageWalkFloor.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/BackfillCase.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/PlanningCase.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/FlinkQueryReader.java",
                            "org.apache.hadoop.conf.Configuration",
                            "org.apache.flink.configuration.Configuration"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/FlinkQueryReader.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/PqxQueryReader.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/RuntimeFilterCase.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/SourceSuite.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "flink-pqx-format/src/main/java/io/pqx/format/encode/ChunkMetadataBuilder.java",
                            "org.apache.parquet.column.Encoding",
                            "org.apache.parquet.format.Encoding"),
                    clash(
                            "flink-pqx-format/src/main/java/io/pqx/format/footer/LogicalTypeConverter.java",
                            "org.apache.parquet.format.EdgeInterpolationAlgorithm",
                            "org.apache.parquet.column.schema.EdgeInterpolationAlgorithm"),
                    clash(
                            "flink-pqx-format/src/main/java/io/pqx/format/footer/LogicalTypeConverter.java",
                            "org.apache.parquet.format.TimeUnit",
                            "org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit"),
                    clash(
                            "flink-pqx-format/src/main/java/io/pqx/format/page/PageHeaderWriter.java",
                            "org.apache.parquet.format.Encoding",
                            "org.apache.parquet.column.Encoding"),
                    clash(
                            "flink-pqx-format/src/main/java/io/pqx/format/page/PageInflater.java",
                            "org.apache.parquet.format.Encoding",
                            "org.apache.parquet.column.Encoding"),
                    clash(
                            "flink-pqx-format/src/main/java/io/pqx/format/stats/PageIndexes.java",
                            "org.apache.parquet.internal.column.columnindex.ColumnIndex",
                            "org.apache.parquet.format.ColumnIndex"),
                    clash(
                            "flink-pqx-format/src/main/java/io/pqx/format/stats/PageIndexes.java",
                            "org.apache.parquet.internal.column.columnindex.OffsetIndex",
                            "org.apache.parquet.format.OffsetIndex"),
                    clash(
                            "flink-pqx-format/src/main/java/io/pqx/format/stats/PageIndexes.java",
                            "org.apache.parquet.internal.column.columnindex.BoundaryOrder",
                            "org.apache.parquet.format.BoundaryOrder"),
                    clash(
                            "flink-pqx-format/src/main/java/io/pqx/format/stats/PageIndexes.java",
                            "io.pqx.format.index.PageLocation",
                            "org.apache.parquet.format.PageLocation"),
                    clash(
                            "flink-pqx-format/src/main/java/io/pqx/format/stats/StatisticsConverter.java",
                            "org.apache.parquet.format.Statistics",
                            "org.apache.parquet.column.statistics.Statistics"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/ShreddedFieldStatistics.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/VariantCase.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/VariantFilterReader.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "benchmarks/src/main/java/io/pqx/bench/source/VariantPrunedReader.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"),
                    clash(
                            "pqx-tools/src/main/java/io/pqx/tools/demo/PqxDemo.java",
                            "org.apache.flink.core.fs.Path",
                            "java.nio.file.Path"));

    @Test
    void mainCodeWritesNoInlineQualifiedNames() {
        Map<String, String> sources = mainSources(repositoryRoot());
        assertThat(sources).hasSizeGreaterThan(100);
        assertThat(violations(sources, ALLOWED)).isEmpty();
    }

    @Test
    void everyAllowedClashIsImportedAndStillWrittenQualified() {
        Map<String, String> sources = mainSources(repositoryRoot());
        for (Clash clash : ALLOWED) {
            assertThat(sources).as(clash.file()).containsKey(clash.file());
            String source = sources.get(clash.file());
            assertThat(QualifiedNameScanner.imports(source))
                    .as("%s imports the type %s clashes with", clash.file(), clash.qualifiedName())
                    .contains(clash.importedType());
            assertThat(simpleName(clash.importedType()))
                    .isEqualTo(simpleName(clash.qualifiedName()));
            assertThat(QualifiedNameScanner.scan(source))
                    .as("%s still writes %s qualified", clash.file(), clash.qualifiedName())
                    .extracting(Finding::qualifiedName)
                    .contains(clash.qualifiedName());
        }
    }

    @Test
    void scannerReportsInlineNamesAndSkipsImportsCommentsAndLiterals() {
        String source =
                String.join(
                        "\n",
                        "package io.pqx.planted;",
                        "import java.util.List;",
                        "import static java.util.Objects.requireNonNull;",
                        "/** See {@link java.util.Optional}. */",
                        "@org.apache.flink.annotation.Internal",
                        "class Planted {",
                        "    // java.util.Set in a comment",
                        "    String s = \"java.util.Deque in a string\";",
                        "    char c = '\"';",
                        "    String t = \"\"\"",
                        "        java.util.Queue in a text block",
                        "        \"\"\";",
                        "    java.util.Map.Entry<String, String> e;",
                        "    List<Integer> l = new java.util.TreeSet<>(List.of()).stream().toList();",
                        "    Object o = this.io.pqx.Value;",
                        "}");

        assertThat(QualifiedNameScanner.scan(source))
                .containsExactly(
                        new Finding(5, "org.apache.flink.annotation.Internal"),
                        new Finding(13, "java.util.Map"),
                        new Finding(14, "java.util.TreeSet"));
    }

    @Test
    void aPlantedInlineNameFailsTheCheckUnlessItsClashIsAllowed() {
        String planted =
                String.join(
                        "\n",
                        "package io.pqx.planted;",
                        "import org.apache.flink.core.fs.Path;",
                        "class Planted {",
                        "    java.nio.file.Path local;",
                        "    java.util.TreeSet<Path> paths;",
                        "}");
        Map<String, String> sources = Map.of("m/src/main/java/Planted.java", planted);

        assertThat(violations(sources, List.of()))
                .containsExactly(
                        "m/src/main/java/Planted.java:4 java.nio.file.Path",
                        "m/src/main/java/Planted.java:5 java.util.TreeSet");
        List<Clash> pathClash =
                List.of(
                        clash(
                                "m/src/main/java/Planted.java",
                                "java.nio.file.Path",
                                "org.apache.flink.core.fs.Path"));
        assertThat(violations(sources, pathClash))
                .containsExactly("m/src/main/java/Planted.java:5 java.util.TreeSet");
    }

    /** {@code file:line name} of every inline qualified name that is not an allowed clash. */
    private static List<String> violations(Map<String, String> sources, List<Clash> allowed) {
        List<String> violations = new ArrayList<>();
        sources.forEach(
                (file, source) -> {
                    for (Finding finding : QualifiedNameScanner.scan(source)) {
                        boolean isAllowed =
                                allowed.stream()
                                        .anyMatch(
                                                c ->
                                                        c.file().equals(file)
                                                                && c.qualifiedName()
                                                                        .equals(
                                                                                finding
                                                                                        .qualifiedName()));
                        if (!isAllowed) {
                            violations.add(
                                    file + ":" + finding.line() + " " + finding.qualifiedName());
                        }
                    }
                });
        return violations;
    }

    /** Every {@code src/main/java} source of the repository, by path relative to its root. */
    private static Map<String, String> mainSources(Path root) {
        Map<String, String> sources = new TreeMap<>();
        try {
            Files.walkFileTree(
                    root,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult preVisitDirectory(
                                Path dir, BasicFileAttributes attrs) {
                            String name = String.valueOf(dir.getFileName());
                            // build output and hidden trees (.git) hold no sources of ours
                            return !dir.equals(root)
                                            && (name.startsWith(".") || name.equals("target"))
                                    ? FileVisitResult.SKIP_SUBTREE
                                    : FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                                throws IOException {
                            String relative = root.relativize(file).toString().replace('\\', '/');
                            if (relative.endsWith(".java") && relative.contains("src/main/java/")) {
                                sources.put(relative, Files.readString(file));
                            }
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sources;
    }

    // Tests run in the module's directory; the repository root is the first parent that holds
    // the format module next to a pom.
    private static Path repositoryRoot() {
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("pom.xml"))
                    && Files.isDirectory(dir.resolve("flink-pqx-format"))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "No repository root above " + Paths.get("").toAbsolutePath());
    }

    private static String simpleName(String qualifiedName) {
        return qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
    }

    private static Clash clash(String file, String qualifiedName, String importedType) {
        return new Clash(file, qualifiedName, importedType);
    }

    /** A type kept qualified in a file because the file imports another type of its simple name. */
    private record Clash(String file, String qualifiedName, String importedType) {}
}
