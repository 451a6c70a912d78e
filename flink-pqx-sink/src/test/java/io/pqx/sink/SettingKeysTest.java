package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;
import org.junit.jupiter.api.Test;

/**
 * The writer package words its refusals with option keys written out, since it cannot import {@link
 * PqxSinkOptions} (the root package depends on it): every key it names is one the sink takes, so a
 * renamed option cannot leave a message naming a key that no longer exists.
 */
class SettingKeysTest {

    private static final Pattern KEY = Pattern.compile("\"(sink\\.[a-z0-9.-]+)\"");

    @Test
    void everyKeyTheWriterPackageNamesIsAnOptionOfTheSink() throws IOException {
        Set<String> keys =
                PqxSinkOptions.all().stream().map(ConfigOption::key).collect(Collectors.toSet());
        Set<String> named = new TreeSet<>();
        try (Stream<Path> files = Files.list(Path.of("src/main/java/io/pqx/sink/writer"))) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = KEY.matcher(Files.readString(file));
                while (m.find()) {
                    named.add(m.group(1));
                }
            }
        }
        assertThat(named).as("keys the writer package names").hasSizeGreaterThan(10);
        assertThat(keys).containsAll(named);
    }
}
