package io.pqx.sink.committer;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.TestingCommitRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.apache.flink.core.fs.RecoverableWriter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PqxCommitterTest {
    @TempDir java.nio.file.Path dir;
    private RecoverableWriter writer;
    private PqxCommitter committer;

    private final List<Long> pauses = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        writer = FileSystem.getLocalFileSystem().createRecoverableWriter();
        committer = committer(new Path(dir.toUri()));
    }

    private PqxCommitter committer(Path base) {
        return new PqxCommitter(
                base,
                FileSystem.getLocalFileSystem(),
                writer,
                new CommitBackoff(200, 1_000, pauses::add));
    }

    private PqxCommittable pending(String partition, String name, byte[] content)
            throws IOException {
        return pending(new Path(dir.toUri()), partition, name, content);
    }

    private PqxCommittable pending(Path base, String partition, String name, byte[] content)
            throws IOException {
        Path target = new Path(base, partition.isEmpty() ? name : partition + "/" + name);
        RecoverableFsDataOutputStream out = writer.open(target);
        out.write(content);
        return new PqxCommittable(
                base.toString(),
                partition,
                name,
                1,
                content.length,
                42L,
                out.closeForCommit().getRecoverable(),
                0);
    }

    private List<String> visibleFiles() throws IOException {
        try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> dir.relativize(p).toString())
                    .filter(n -> !n.startsWith(".") && !n.contains("/."))
                    .sorted()
                    .toList();
        }
    }

    @Test
    void publishesTheFileUnderItsFinalName() throws Exception {
        TestingCommitRequest request =
                new TestingCommitRequest(pending("k=v", "part-1.parquet", new byte[] {1, 2}), 0);
        committer.commit(List.of(request));
        assertThat(request.outcome).isEqualTo("committed");
        assertThat(visibleFiles()).containsExactly("k=v/part-1.parquet");
        assertThat(Files.readAllBytes(dir.resolve("k=v/part-1.parquet"))).containsExactly(1, 2);
    }

    @Test
    void deletesThePublishedFilesRowLogSegmentsAndNothingElse() throws Exception {
        PqxCommittable file = pending("k=v", "part-7.parquet", new byte[] {1});
        java.nio.file.Path partition = dir.resolve("k=v");
        for (String name :
                List.of(
                        ".part-7.parquet.rows-0",
                        ".part-7.parquet.rows-2",
                        ".part-7.parquet.rows-3",
                        ".part-8.parquet.rows-0",
                        "part-7.parquet.rows-1")) {
            Files.write(partition.resolve(name), new byte[] {0});
        }
        PqxCommittable withLog =
                new PqxCommittable(
                        file.basePath(),
                        file.partition(),
                        file.fileName(),
                        file.rowCount(),
                        file.sizeBytes(),
                        file.maxTimestamp(),
                        file.recoverable(),
                        3);
        committer.commit(List.of(new TestingCommitRequest(withLog, 0)));
        assertThat(visibleFiles())
                .containsExactly("k=v/part-7.parquet", "k=v/part-7.parquet.rows-1");
        try (Stream<java.nio.file.Path> left = Files.list(partition)) {
            assertThat(left.map(p -> p.getFileName().toString()).sorted())
                    .as("segments 0..2 deleted (1 never existed); 3 and another file's kept")
                    .containsExactly(
                            ".part-7.parquet.rows-3",
                            ".part-8.parquet.rows-0",
                            "part-7.parquet",
                            "part-7.parquet.rows-1");
        }
        Files.write(partition.resolve(".part-7.parquet.rows-0"), new byte[] {0});
        TestingCommitRequest again = new TestingCommitRequest(withLog, 0);
        committer.commit(List.of(again));
        assertThat(again.outcome).isEqualTo("already");
        assertThat(partition.resolve(".part-7.parquet.rows-0"))
                .as("a restored committable, already published, deletes its segments too")
                .doesNotExist();
    }

    @Test
    void aCommittableRetriedAfterRestoreNeitherFailsNorDuplicates() throws Exception {
        PqxCommittable committable = pending("", "part-2.parquet", new byte[] {3});
        committer.commit(List.of(new TestingCommitRequest(committable, 0)));
        TestingCommitRequest again = new TestingCommitRequest(committable, 0);
        committer.commit(List.of(again));
        assertThat(again.outcome).isEqualTo("already");
        assertThat(visibleFiles()).containsExactly("part-2.parquet");
        assertThat(Files.readAllBytes(dir.resolve("part-2.parquet"))).containsExactly(3);
    }

    @Test
    void retriesIoFailuresThenFailsOverWithAnUnknownReason() throws Exception {
        PqxCommittable committable = pending("", "part-3.parquet", new byte[] {4});
        // The in-progress file vanished and nothing was published: the commit cannot succeed.
        try (Stream<java.nio.file.Path> files = Files.list(dir)) {
            for (java.nio.file.Path p : files.toList()) {
                Files.delete(p);
            }
        }
        TestingCommitRequest first = new TestingCommitRequest(committable, 0);
        committer.commit(List.of(first));
        assertThat(first.outcome).isEqualTo("retry");
        TestingCommitRequest last = new TestingCommitRequest(committable, PqxCommitter.MAX_RETRIES);
        committer.commit(List.of(last));
        assertThat(last.outcome).isEqualTo("unknown");
        assertThat(last.failure)
                .hasMessageContaining("Cannot commit part file")
                .hasMessageContaining("part-3.parquet");
        assertThat(visibleFiles()).isEmpty();
    }

    @Test
    void commitsUnderTheBasePathTheCommittableNamesAfterARestoreWithAnotherBasePath()
            throws Exception {
        // A savepoint taken with basePath a, restored with basePath b: its committables were
        // written (and maybe published) under a, and the committer must look there.
        Path a = new Path(dir.resolve("a").toUri());
        PqxCommittable published = pending(a, "k=v", "part-4.parquet", new byte[] {5});
        committer(a).commit(List.of(new TestingCommitRequest(published, 0)));
        PqxCommittable unpublished = pending(a, "k=v", "part-5.parquet", new byte[] {6});

        PqxCommitter restored = committer(new Path(dir.resolve("b").toUri()));
        TestingCommitRequest again = new TestingCommitRequest(published, 0);
        TestingCommitRequest first = new TestingCommitRequest(unpublished, 0);
        restored.commit(List.of(again, first));

        assertThat(again.outcome).isEqualTo("already");
        assertThat(first.outcome).isEqualTo("committed");
        assertThat(visibleFiles()).containsExactly("a/k=v/part-4.parquet", "a/k=v/part-5.parquet");
        assertThat(pauses).as("nothing retried").isEmpty();
    }

    @Test
    void aVersion1CommittableWithoutBasePathIsCommittedUnderTheCommittersBasePath()
            throws Exception {
        PqxCommittable full = pending("", "part-6.parquet", new byte[] {7});
        PqxCommittable v1 =
                new PqxCommittable(
                        PqxCommittable.UNKNOWN_BASE_PATH,
                        full.partition(),
                        full.fileName(),
                        full.rowCount(),
                        full.sizeBytes(),
                        full.maxTimestamp(),
                        full.recoverable(),
                        0);
        TestingCommitRequest request = new TestingCommitRequest(v1, 0);
        committer.commit(List.of(request));
        assertThat(request.outcome).isEqualTo("committed");
        assertThat(visibleFiles()).containsExactly("part-6.parquet");
    }

    @Test
    void retriesBackOffExponentiallyUpToABoundOncePerRound() throws Exception {
        PqxCommittable committable = pending("", "part-7.parquet", new byte[] {8});
        Files.delete(hiddenFiles().get(0));
        for (int retries = 0; retries <= PqxCommitter.MAX_RETRIES; retries++) {
            // Two requests of the same round pause once, for the most retried one.
            committer.commit(
                    List.of(
                            new TestingCommitRequest(committable, retries),
                            new TestingCommitRequest(committable, 0)));
        }
        assertThat(pauses).containsExactly(200L, 400L, 800L);
        assertThat(new CommitBackoff(200, 1_000, pauses::add).delayMillis(10)).isEqualTo(1_000);
        assertThat(new CommitBackoff(200, 1_000, pauses::add).delayMillis(40)).isEqualTo(1_000);
    }

    private List<java.nio.file.Path> hiddenFiles() throws IOException {
        try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().startsWith("."))
                    .toList();
        }
    }
}
