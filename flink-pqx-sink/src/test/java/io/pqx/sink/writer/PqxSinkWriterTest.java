package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkBuilder;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.committer.PqxCommittable;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PqxSinkWriterTest {
    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false), new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "p"});

    @TempDir Path dir;
    private final TestingWriterContext context = new TestingWriterContext();

    /**
     * Rolling on checkpoint, so that each prepareCommit() shows every file written so far (files
     * across checkpoints: PqxSinkWriterCheckpointTest).
     */
    private PqxSinkBuilder builder() {
        return PqxSink.builder()
                .basePath(dir.toUri().toString())
                .rowType(TYPE)
                .partitionBy("p")
                .set(PqxSinkOptions.ENCODING_THREADS, 1)
                .set(PqxSinkOptions.ROLL_ON_CHECKPOINT, true);
    }

    private static RowData row(long id, String p) {
        return GenericRowData.of(id, p == null ? null : StringData.fromString(p));
    }

    private void commit(Collection<PqxCommittable> committables) throws Exception {
        RecoverableWriter writer = FileSystem.getLocalFileSystem().createRecoverableWriter();
        for (PqxCommittable c : committables) {
            writer.recoverForCommit(c.recoverable()).commitAfterRecovery();
        }
    }

    private List<String> relative(List<Path> files) {
        return files.stream().map(f -> dir.relativize(f.getParent()).toString()).toList();
    }

    @Test
    void writesOneFilePerPartitionIntoHiveStyleDirectories() throws Exception {
        try (PqxSinkWriter writer = (PqxSinkWriter) builder().build().createWriter(context)) {
            String[] parts = {"a", "b/c", null};
            for (long i = 0; i < 30; i++) {
                writer.write(row(i, parts[(int) (i % 3)]), null);
            }
            assertThat(context.metrics.getNumRecordsSendCounter().getCount()).isEqualTo(30);
            Collection<PqxCommittable> committables = writer.prepareCommit();
            assertThat(committables)
                    .extracting(PqxCommittable::partition)
                    .containsExactlyInAnyOrder("p=a", "p=b%2Fc", "p=__DEFAULT_PARTITION__");
            assertThat(committables).allSatisfy(c -> assertThat(c.rowCount()).isEqualTo(10));
            // Flink's standard sink metrics: the bytes of the files closed, and how long the last
            // close took
            long bytes = committables.stream().mapToLong(PqxCommittable::sizeBytes).sum();
            assertThat(bytes).isPositive();
            assertThat(context.metrics.getNumBytesSendCounter().getCount()).isEqualTo(bytes);
            assertThat(context.gauge("currentSendTime")).isInstanceOf(Long.class);
            assertThat((Long) context.gauge("currentSendTime")).isNotNegative();
            assertThat(TestingSinkFiles.committed(dir)).isEmpty();
            commit(committables);
            List<Path> files = TestingSinkFiles.committed(dir);
            assertThat(relative(files))
                    .containsExactlyInAnyOrder("p=a", "p=b%2Fc", "p=__DEFAULT_PARTITION__");
            Path a =
                    files.stream()
                            .filter(f -> f.getParent().endsWith("p=a"))
                            .findFirst()
                            .orElseThrow();
            assertThat(TestingSinkFiles.footer(a).schema().fieldNames())
                    .as("partition columns are not stored in the files")
                    .hasSize(1);
            assertThat(TestingSinkFiles.read(a, r -> r.getLong(0)))
                    .containsExactly(0L, 3L, 6L, 9L, 12L, 15L, 18L, 21L, 24L, 27L);
            assertThat(writer.snapshotState(1))
                    .singleElement()
                    .satisfies(state -> assertThat(state.openFiles()).isEmpty());
        }
    }

    @Test
    void groupedInputClosesAPartitionsFileWhenTheNextPartitionBegins() throws Exception {
        long[] ids = {0, 1, 2, 3};
        String[] parts = {"a", "a", "b", "a"};
        for (boolean grouped : new boolean[] {true, false}) {
            try (PqxSinkWriter writer =
                    (PqxSinkWriter)
                            builder()
                                    .inputGroupedByPartition(grouped)
                                    .build()
                                    .createWriter(context)) {
                for (int i = 0; i < ids.length; i++) {
                    writer.write(row(ids[i], parts[i]), null);
                }
                List<PqxCommittable> committables = new ArrayList<>(writer.prepareCommit());
                if (grouped) {
                    // a's file closed when b began, b's when a came back
                    assertThat(committables)
                            .extracting(c -> c.partition() + ":" + c.rowCount())
                            .containsExactly("p=a:2", "p=b:1", "p=a:1");
                } else {
                    assertThat(committables)
                            .extracting(c -> c.partition() + ":" + c.rowCount())
                            .containsExactlyInAnyOrder("p=a:3", "p=b:1");
                }
            }
        }
    }

    @Test
    void nullAndEmptyValuesGoToTheDefaultPartitionNameEscaped() throws Exception {
        try (PqxSinkWriter writer =
                (PqxSinkWriter)
                        builder().defaultPartitionName("n/a").build().createWriter(context)) {
            writer.write(row(0, null), null);
            writer.write(row(1, ""), null);
            assertThat(writer.prepareCommit())
                    .extracting(c -> c.partition() + ":" + c.rowCount())
                    .containsExactly("p=n%2Fa:2");
        }
    }

    @Test
    void closesTheLeastRecentlyWrittenFileBeyondMaxOpenFiles() throws Exception {
        try (PqxSinkWriter writer =
                (PqxSinkWriter)
                        builder()
                                .set(PqxSinkOptions.MAX_OPEN_FILES, 2)
                                .build()
                                .createWriter(context)) {
            writer.write(row(0, "a"), null);
            writer.write(row(1, "b"), null);
            writer.write(row(2, "a"), null);
            writer.write(row(3, "c"), null);
            List<PqxCommittable> committables = new ArrayList<>(writer.prepareCommit());
            assertThat(committables)
                    .extracting(PqxCommittable::partition)
                    .containsExactly("p=b", "p=a", "p=c");
            commit(committables);
            assertThat(TestingSinkFiles.committed(dir)).hasSize(3);
        }
    }

    @Test
    void rollsByFileSize() throws Exception {
        // 400 KiB rows against the 1 MiB minimum: the third row of each file reaches it.
        RowType type =
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(false), new VarCharType(VarCharType.MAX_LENGTH)
                        },
                        new String[] {"id", "payload"});
        PqxSinkBuilder b =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .rowType(type)
                        .set(PqxSinkOptions.ENCODING_THREADS, 1)
                        .set(PqxSinkOptions.ROLL_ON_CHECKPOINT, true)
                        .set(PqxSinkOptions.ROLLING_FILE_SIZE, MemorySize.parse("1 mb"));
        try (PqxSinkWriter writer = (PqxSinkWriter) b.build().createWriter(context)) {
            // The size counts encoded bytes: a payload that does not compress (random printable
            // ASCII, ~0.8 after ZSTD) of 500 KiB puts the 1 MiB limit at the third row.
            Random random = new Random(7);
            for (long i = 0; i < 8; i++) {
                char[] payload = new char[500 << 10];
                for (int c = 0; c < payload.length; c++) {
                    payload[c] = (char) (33 + random.nextInt(94));
                }
                writer.write(row(i, new String(payload)), null);
            }
            List<PqxCommittable> committables = new ArrayList<>(writer.prepareCommit());
            assertThat(committables)
                    .extracting(PqxCommittable::rowCount)
                    .containsExactly(3L, 3L, 2L);
            assertThat(committables).extracting(PqxCommittable::fileName).doesNotHaveDuplicates();
        }
    }

    @Test
    void rollsByInactivityAndByTimeOpen() throws Exception {
        try (PqxSinkWriter writer =
                (PqxSinkWriter)
                        builder()
                                .set(
                                        PqxSinkOptions.ROLLING_INACTIVITY_INTERVAL,
                                        Duration.ofSeconds(10))
                                .set(
                                        PqxSinkOptions.ROLLING_ROLLOVER_INTERVAL,
                                        Duration.ofSeconds(25))
                                .set(PqxSinkOptions.ROLLING_CHECK_INTERVAL, Duration.ofSeconds(1))
                                .build()
                                .createWriter(context)) {
            writer.write(row(0, "idle"), null);
            writer.write(row(1, "busy"), null);
            for (long t = 1_000; t <= 9_000; t += 1_000) {
                context.time.advanceTo(t);
                writer.write(row(t, "busy"), null);
            }
            context.time.advanceTo(10_000);
            List<PqxCommittable> idle = new ArrayList<>(writer.prepareCommit());
            assertThat(idle)
                    .extracting(PqxCommittable::partition)
                    .containsExactly("p=idle", "p=busy");

            // A busy file still closes once open for the rollover interval.
            for (long t = 11_000; t <= 40_000; t += 1_000) {
                writer.write(row(t, "busy"), null);
                context.time.advanceTo(t);
            }
            List<PqxCommittable> rolled = new ArrayList<>(writer.prepareCommit());
            assertThat(rolled)
                    .extracting(PqxCommittable::partition)
                    .containsExactly("p=busy", "p=busy");
            assertThat(rolled.get(0).rowCount())
                    .as("opened at 10 s, rolled by the 35 s timer")
                    .isEqualTo(25);
        }
    }

    @Test
    void aDecimalThatDoesNotFitNamesColumnAndFile() throws Exception {
        RowType type =
                RowType.of(new LogicalType[] {new DecimalType(5, 2)}, new String[] {"amount"});
        PqxSinkBuilder b = PqxSink.builder().basePath(dir.toUri().toString()).rowType(type);
        try (PqxSinkWriter writer = (PqxSinkWriter) b.build().createWriter(context)) {
            writer.write(
                    GenericRowData.of(DecimalData.fromBigDecimal(new BigDecimal("1.25"), 5, 2)),
                    null);
            RowData tooWide =
                    GenericRowData.of(
                            DecimalData.fromBigDecimal(new BigDecimal("123456.78"), 10, 2));
            assertThatThrownBy(() -> writer.write(tooWide, null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("column amount")
                    .hasMessageContaining("part-");
        }
        assertThat(TestingSinkFiles.committed(dir)).isEmpty();
    }

    @Test
    void anUnwritableBasePathFailsWithTheFilePath() throws Exception {
        Path blocker = dir.resolve("a-file");
        Files.writeString(blocker, "not a directory");
        PqxSinkBuilder b =
                PqxSink.builder().basePath(blocker.resolve("out").toUri().toString()).rowType(TYPE);
        try (PqxSinkWriter writer = (PqxSinkWriter) b.build().createWriter(context)) {
            assertThatThrownBy(() -> writer.write(row(0, "a"), null))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("Cannot open part file")
                    .hasMessageContaining("a-file/out/part-");
        }
    }

    @Test
    void aNullInANotNullColumnNamesColumnAndFileAndPublishesNothing() throws Exception {
        try (PqxSinkWriter writer = (PqxSinkWriter) builder().build().createWriter(context)) {
            writer.write(row(0, "a"), null);
            GenericRowData bad = new GenericRowData(2);
            bad.setField(1, StringData.fromString("a"));
            String partition = dir.toUri().getPath().replaceAll("/$", "") + "/p=a/";
            assertThatThrownBy(() -> writer.write(bad, null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith(
                            "Cannot write row 1: column id is NOT NULL but the value is null"
                                    + " (in-progress file file:"
                                    + partition
                                    + ".part-")
                    .hasMessageMatching(
                            ".*\\.parquet\\.inprogress\\.[0-9a-f-]{36} of part file file:"
                                    + Pattern.quote(partition)
                                    + "part-[0-9a-f-]{36}-0-0\\.parquet, which is published only"
                                    + " when committed; rows are counted from 0 in each file\\)");
        }
        assertThat(TestingSinkFiles.committed(dir)).isEmpty();
    }

    @Test
    void aValueOfTheWrongClassNamesColumnExpectedTypeAndTheValuesClass() throws Exception {
        RowType type =
                RowType.of(
                        new LogicalType[] {new BigIntType(false), new IntType()},
                        new String[] {"id", "n"});
        PqxSinkBuilder b =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .rowType(type)
                        .set(PqxSinkOptions.ROLL_ON_CHECKPOINT, true);
        try (PqxSinkWriter writer = (PqxSinkWriter) b.build().createWriter(context)) {
            writer.write(GenericRowData.of(1L, 5), null);
            assertThatThrownBy(() -> writer.write(GenericRowData.of(2L, "five"), null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith(
                            "Cannot write row 1: column n is INT, held as java.lang.Integer, but"
                                    + " the value is a java.lang.String (in-progress file ")
                    .hasMessageContaining("rows are counted from 0 in each file")
                    .hasCauseInstanceOf(ClassCastException.class);
            writer.write(GenericRowData.of(3L, 6), null);
            assertThat(writer.prepareCommit())
                    .singleElement()
                    .satisfies(
                            c ->
                                    assertThat(c.rowCount())
                                            .as("the bad row is in none")
                                            .isEqualTo(2));
        }
    }

    @Test
    void aPartitionValueOfTheWrongClassNamesTheColumn() throws Exception {
        try (PqxSinkWriter writer = (PqxSinkWriter) builder().build().createWriter(context)) {
            assertThatThrownBy(() -> writer.write(GenericRowData.of(1L, 7), null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Cannot write a row: partition column p is STRING, held as"
                                    + " org.apache.flink.table.data.StringData, but the value is a"
                                    + " java.lang.Integer (before any file: the value names the"
                                    + " partition directory under "
                                    + "file:"
                                    + dir.toUri().getPath().replaceAll("/$", "")
                                    + ")");
        }
    }
}
