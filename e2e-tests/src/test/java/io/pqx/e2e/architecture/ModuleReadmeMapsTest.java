package io.pqx.e2e.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each module's README is its map: it names every package of the module's main code, and names no
 * package the code does not have. A package is named either in full ({@code io.pqx.tools.cli}) or
 * relative to the module's root package ({@code .reader}), in code spans.
 */
class ModuleReadmeMapsTest {

    private static final Pattern CODE_SPAN = Pattern.compile("`([a-z.][a-zA-Z0-9_.]*)`");

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "flink-pqx-format, io.pqx.format",
        "flink-pqx-source, io.pqx.source",
        "flink-pqx-sink, io.pqx.sink",
        "flink-pqx-table, io.pqx.table",
        "pqx-tools, io.pqx.tools"
    })
    void readmeNamesEveryPackageAndNoOther(String module, String rootPackage) throws IOException {
        Path moduleDir = Path.of("..", module);
        Set<String> inCode = subPackages(moduleDir, rootPackage);
        Set<String> inReadme = namedPackages(Files.readString(moduleDir.resolve("README.md")));

        assertThat(inCode).as("the packages of %s's main code", module).isNotEmpty();
        assertThat(inReadme)
                .as("packages %s's README names (relative to %s)", module, rootPackage)
                .isEqualTo(inCode);
    }

    /** The sub-packages of {@code rootPackage} holding main code, as ".a.b". */
    private static Set<String> subPackages(Path moduleDir, String rootPackage) throws IOException {
        Path root = moduleDir.resolve("src/main/java").resolve(rootPackage.replace('.', '/'));
        Set<String> out = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".java"))
                    .map(Path::getParent)
                    .filter(dir -> !dir.equals(root))
                    .forEach(
                            dir ->
                                    out.add(
                                            "."
                                                    + root.relativize(dir)
                                                            .toString()
                                                            .replace('/', '.')));
        }
        return out;
    }

    /**
     * The packages a README names: code spans that start with a dot, or with the module's root
     * package, and look like a package (lower-case segments).
     */
    private static Set<String> namedPackages(String readme) {
        Set<String> out = new TreeSet<>();
        Matcher m = CODE_SPAN.matcher(readme);
        while (m.find()) {
            String span = m.group(1);
            String relative = span.replaceFirst("^io\\.pqx\\.[a-z]+(?=\\.|$)", "");
            if (relative.matches("(\\.[a-z][a-z0-9]*)+")) {
                out.add(relative);
            }
        }
        return out;
    }
}
