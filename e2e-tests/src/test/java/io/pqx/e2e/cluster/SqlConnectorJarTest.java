package io.pqx.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What {@code flink-sql-connector-pqx-<version>.jar} holds, so that it can sit in one lib/ beside
 * flink-sql-parquet and other SQL jars: pqx's classes; parquet-java, its shaded libraries, JTS and
 * brotli relocated under {@code io.pqx.shaded}, with no class left referring to their original
 * names; zstd-jni unrelocated (its native code binds its names); nothing of Flink, SLF4J,
 * snappy-java or lz4-java (the distribution provides them); the merged factory service file; and
 * NOTICE, LICENSE and the bundled libraries' licences.
 */
class SqlConnectorJarTest {
    /** Every entry of the jar must match one of these. */
    private static final List<Pattern> ALLOWED =
            List.of(
                    Pattern.compile("io/pqx/.*"),
                    Pattern.compile("com/github/luben/zstd/.*"),
                    Pattern.compile("META-INF/versions/\\d+/com/github/luben/zstd/.*"),
                    // zstd-jni's native libraries, by operating system and architecture
                    Pattern.compile("[a-z]+/[a-z0-9_]+/libzstd-jni-[0-9.-]+\\.(so|dylib|dll)"),
                    Pattern.compile("META-INF/(MANIFEST\\.MF|NOTICE|LICENSE)"),
                    Pattern.compile("META-INF/licenses/LICENSE\\.[a-z-]+"),
                    Pattern.compile("META-INF/services/[A-Za-z.]+"));

    /**
     * Original package names no class may refer to any more, each with its relocated name (which
     * ends with the original: an occurrence that is the tail of the relocated name is fine).
     */
    private static final Map<String, String> RELOCATED =
            Map.of(
                    "org/apache/parquet/", "io/pqx/shaded/org/apache/parquet/",
                    "shaded/parquet/", "io/pqx/shaded/parquet/",
                    "org/locationtech/jts/", "io/pqx/shaded/org/locationtech/jts/",
                    "org/brotli/dec/", "io/pqx/shaded/org/brotli/dec/");

    private static final String SHADED = "io/pqx/shaded/";

    /** The versions the build bundles (the pom's properties): NOTICE must name these. */
    private static final String PARQUET = System.getProperty("pqx.parquet-version");

    private static final String ZSTD_JNI = System.getProperty("pqx.zstd-jni-version");

    private static Map<String, byte[]> entries;

    @BeforeAll
    static void readJar() throws IOException {
        assertThat(PARQUET).as("system property pqx.parquet-version (set by the pom)").isNotBlank();
        assertThat(ZSTD_JNI)
                .as("system property pqx.zstd-jni-version (set by the pom)")
                .isNotBlank();
        entries = new LinkedHashMap<>();
        try (JarFile jar = new JarFile(SqlClientArtifacts.connectorJar().toFile())) {
            for (JarEntry entry : (Iterable<JarEntry>) jar.stream()::iterator) {
                if (!entry.isDirectory()) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        entries.put(entry.getName(), in.readAllBytes());
                    }
                }
            }
        }
    }

    @Test
    void holdsPqxAndTheRelocatedLibrariesOnly() {
        List<String> foreign = new ArrayList<>();
        for (String name : entries.keySet()) {
            if (ALLOWED.stream().noneMatch(p -> p.matcher(name).matches())) {
                foreign.add(name);
            }
        }
        assertThat(foreign)
                .as("entries outside pqx, its relocated libraries and zstd-jni")
                .isEmpty();
        assertThat(entries)
                .containsKeys(
                        "io/pqx/table/PqxTableFactory.class",
                        "io/pqx/source/PqxSource.class",
                        "io/pqx/sink/PqxSink.class",
                        "io/pqx/format/ParquetWriter.class",
                        SHADED + "org/apache/parquet/Preconditions.class",
                        SHADED + "org/apache/parquet/column/ColumnDescriptor.class",
                        SHADED + "org/apache/parquet/format/FileMetaData.class",
                        "com/github/luben/zstd/Zstd.class",
                        "linux/amd64/libzstd-jni-" + ZSTD_JNI + ".so");
        assertThat(entries.keySet())
                .anyMatch(n -> n.startsWith(SHADED + "parquet/org/apache/thrift/"))
                .anyMatch(n -> n.startsWith(SHADED + "parquet/it/unimi/dsi/fastutil/"))
                .anyMatch(n -> n.startsWith(SHADED + "org/locationtech/jts/"))
                .anyMatch(n -> n.startsWith(SHADED + "org/brotli/dec/"));
    }

    @Test
    void noClassRefersToARelocatedLibraryByItsOriginalName() {
        List<String> leftovers = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : entries.entrySet()) {
            if (!e.getKey().endsWith(".class")) {
                continue;
            }
            // class names, descriptors and Class.forName strings are UTF-8 entries of the
            // constant pool (strings with dots); a message naming a class in prose (a space in
            // it) is no reference
            for (String utf8 : constantPoolStrings(e.getValue())) {
                if (utf8.indexOf(' ') >= 0) {
                    continue;
                }
                for (Map.Entry<String, String> r : RELOCATED.entrySet()) {
                    String original = r.getKey();
                    String relocated = r.getValue();
                    if (refersTo(utf8, original, relocated)
                            || refersTo(
                                    utf8,
                                    original.replace('/', '.'),
                                    relocated.replace('/', '.'))) {
                        leftovers.add(e.getKey() + " -> " + utf8);
                    }
                }
            }
        }
        assertThat(leftovers).isEmpty();
    }

    /** The UTF-8 entries of a class file's constant pool (JVMS 4.4). */
    private static List<String> constantPoolStrings(byte[] classFile) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
            in.readInt(); // magic
            in.readUnsignedShort(); // minor
            in.readUnsignedShort(); // major
            int count = in.readUnsignedShort();
            List<String> strings = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> strings.add(in.readUTF());
                    case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                    case 15 -> in.skipBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                    case 5, 6 -> {
                        in.skipBytes(8);
                        i++; // takes two entries
                    }
                    default -> throw new IllegalStateException("constant pool tag " + tag);
                }
            }
            return strings;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether {@code text} holds {@code original} other than as the tail of {@code relocated}. */
    private static boolean refersTo(String text, String original, String relocated) {
        int prefix = relocated.length() - original.length();
        for (int i = text.indexOf(original); i >= 0; i = text.indexOf(original, i + 1)) {
            if (!(i >= prefix && text.startsWith(relocated, i - prefix))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void registersPqxsFactoryWithFlink() {
        String factories =
                new String(
                        entries.get("META-INF/services/org.apache.flink.table.factories.Factory"),
                        StandardCharsets.UTF_8);
        assertThat(factories.lines().map(String::strip).filter(l -> !l.isEmpty()))
                .containsExactlyInAnyOrder(
                        "io.pqx.table.PqxTableFactory", "io.pqx.table.PqxModuleFactory");
    }

    @Test
    void carriesNoticeLicenseAndTheBundledLicences() {
        String notice = new String(entries.get("META-INF/NOTICE"), StandardCharsets.UTF_8);
        assertThat(notice)
                .contains("org.apache.parquet:parquet-column:" + PARQUET)
                .contains("org.apache.parquet:parquet-common:" + PARQUET)
                .contains("org.apache.parquet:parquet-encoding:" + PARQUET)
                .contains("org.apache.parquet:parquet-format-structures:" + PARQUET)
                .contains("org.apache.parquet:parquet-variant:" + PARQUET)
                .contains("com.github.luben:zstd-jni:" + ZSTD_JNI)
                .contains("org.brotli:dec:0.1.2")
                .contains("org.locationtech.jts:jts-core:1.20.0");
        assertThat(new String(entries.get("META-INF/LICENSE"), StandardCharsets.UTF_8))
                .contains("Apache License")
                .contains("Version 2.0, January 2004");
        assertThat(entries)
                .containsKeys(
                        "META-INF/licenses/LICENSE.zstd-jni",
                        "META-INF/licenses/LICENSE.brotli",
                        "META-INF/licenses/LICENSE.jts");
    }
}
