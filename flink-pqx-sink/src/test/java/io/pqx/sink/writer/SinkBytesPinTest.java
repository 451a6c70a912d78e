package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkBuilder;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.committer.PqxCommittable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins the bytes of the files the sink commits for a fixed input whose row groups are cut by row
 * count, with the SHA-256s recorded before the format's write API was reworked: exact and
 * approximate modes, sort-by, partitions, one and four encoding threads. Moving the sink onto
 * another write path must leave every file byte-identical; a hash changes only with a deliberate
 * change of what is written, recorded in the same commit with the reason.
 *
 * <p>Input ends without an intermediate checkpoint, so file boundaries depend on the rolling and
 * row-group options only. The rows come from formulas here, not shared fixtures.
 */
class SinkBytesPinTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("p", DataTypes.STRING()),
                                    DataTypes.FIELD("s", DataTypes.STRING()),
                                    DataTypes.FIELD("d", DataTypes.DOUBLE()),
                                    DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.INT())))
                            .getLogicalType();

    @TempDir Path dir;

    private static RowData row(long i) {
        Integer[] tags = new Integer[(int) (i % 3)];
        for (int t = 0; t < tags.length; t++) {
            tags[t] = t == 1 && i % 4 == 0 ? null : (int) (i * 31 + t);
        }
        return GenericRowData.of(
                (i * 48_271) % 65_537,
                StringData.fromString("p" + (i % 3)),
                i % 9 == 0 ? null : StringData.fromString("v" + (i % 101)),
                i % 7 == 0 ? null : i * 0.5 - 1000,
                i % 11 == 0 ? null : new GenericArrayData(tags));
    }

    private static Map<String, String> options(String... keyValues) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("sink.row-group.rows", "4000");
        options.put("sink.page.row-limit", "1000");
        for (int i = 0; i < keyValues.length; i += 2) {
            options.put(keyValues[i], keyValues[i + 1]);
        }
        return options;
    }

    static Stream<Arguments> layouts() {
        return Stream.of(
                Arguments.of(
                        "exact",
                        false,
                        options(),
                        List.of(
                                "fef7e755b325d13550786d676aab1338da7ba66842f624ac3a159201784e8a58")),
                Arguments.of(
                        "approximate",
                        false,
                        options("sink.row-group.mode", "approximate"),
                        List.of(
                                "30434be329a6567cd0440be1211c78ba995f91e1ca6fa6a207a97058e523e3fb")),
                Arguments.of(
                        "exact, sorted by id",
                        false,
                        options("sink.sort-by", "id"),
                        List.of(
                                "9e70b3b673ce958fef29a1eab15d273b6ea5513bc0d6dac5f21ee327db7b5998")),
                Arguments.of(
                        "exact, partitioned by p, snappy, bloom filter on s",
                        true,
                        options(
                                "sink.compression.codec",
                                "snappy",
                                "sink.bloom-filter.columns",
                                "s"),
                        List.of(
                                "92303fa2415db78f14ff6f2cff563eaec88f5ec2bd5798a784d0866d466b7777",
                                "4f05f5e52afaa404bd84c8bbca0a1da2d46207425283bfdc7454296d6e74855c",
                                "9107481eedad6d8530337cb79c25956aae79930414b445c806b5e4d4bf0bad17")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    void commitsTheBytesRecordedBeforeTheWriteApiChanged(
            String name, boolean partitioned, Map<String, String> options, List<String> expected)
            throws Exception {
        List<String> oneThread = hashes(dir.resolve("t1"), partitioned, options, 1);
        List<String> fourThreads = hashes(dir.resolve("t4"), partitioned, options, 4);
        assertThat(fourThreads).as("four encoding threads").isEqualTo(oneThread);
        assertThat(oneThread).as(name).isEqualTo(expected);
    }

    /** SHA-256 of each committed file, ordered by partition directory, then by file number. */
    private List<String> hashes(
            Path base, boolean partitioned, Map<String, String> options, int threads)
            throws Exception {
        Map<String, String> all = new LinkedHashMap<>(options);
        all.put("sink.encoding.threads", String.valueOf(threads));
        PqxSinkBuilder builder =
                PqxSink.builder().basePath(base.toUri().toString()).rowType(TYPE).setAll(all);
        if (partitioned) {
            builder.partitionBy("p");
        }
        List<PqxCommittable> committables;
        try (PqxSinkWriter writer =
                (PqxSinkWriter) builder.build().createWriter(new TestingWriterContext())) {
            for (long i = 0; i < 30_000; i++) {
                writer.write(row(i), null);
            }
            writer.flush(true);
            committables = new ArrayList<>(writer.prepareCommit());
        }
        RecoverableWriter recoverable = FileSystem.getLocalFileSystem().createRecoverableWriter();
        for (PqxCommittable c : committables) {
            recoverable.recoverForCommit(c.recoverable()).commitAfterRecovery();
        }
        List<Path> files = new ArrayList<>(TestingSinkFiles.committed(base));
        files.sort(
                Comparator.comparing((Path f) -> f.getParent().toString())
                        .thenComparing(f -> f.getFileName().toString().length())
                        .thenComparing(f -> f.getFileName().toString()));
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        List<String> hashes = new ArrayList<>();
        for (Path file : files) {
            hashes.add(HexFormat.of().formatHex(sha.digest(Files.readAllBytes(file))));
        }
        return hashes;
    }
}
