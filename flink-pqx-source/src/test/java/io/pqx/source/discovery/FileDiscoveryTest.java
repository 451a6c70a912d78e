package io.pqx.source.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.flink.core.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileDiscoveryTest {
    @TempDir java.nio.file.Path dir;

    private void touch(String relative) throws IOException {
        java.nio.file.Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.write(p, new byte[] {1, 2, 3});
    }

    private List<DiscoveredFile> list() throws IOException {
        return new FileDiscovery(List.of(new Path(dir.toUri()))).list();
    }

    private static List<String> names(List<DiscoveredFile> files, java.nio.file.Path base) {
        return files.stream()
                .map(f -> base.toUri().relativize(new Path(f.path()).toUri()).getPath())
                .toList();
    }

    @Test
    void listsRecursivelyInNameOrderAndSkipsHiddenAndInProgressFiles() throws IOException {
        touch("b.parquet");
        touch("a/x.parquet");
        touch(".part-1.parquet.inprogress.0f3c"); // pqx's and Flink's in-progress files
        touch("part-2.parquet.inprogress.77"); // an unhidden in-progress file
        touch("_SUCCESS");
        touch("_temporary/0/part-3.parquet"); // nothing below a hidden directory
        touch(".hidden/part-4.parquet");
        touch("a/.x.parquet.crc");
        assertThat(names(list(), dir)).containsExactly("a/x.parquet", "b.parquet");
    }

    @Test
    void hiveDirectoriesGivePartitionValuesOutermostFirstUnescaped() throws IOException {
        touch("day=2024-03-09/city=Z%C3%BCrich%2FWest/p.parquet");
        touch("day=2024-03-10/notapartition/q.parquet");
        List<DiscoveredFile> files = list();
        assertThat(files).hasSize(2);
        assertThat(files.get(0).partitions())
                .containsExactly(Map.entry("day", "2024-03-09"), Map.entry("city", "Zürich/West"));
        assertThat(files.get(1).partitions()).containsExactly(Map.entry("day", "2024-03-10"));
        assertThat(files.get(0).length()).isEqualTo(3);
        assertThat(files.get(0).modificationTime()).isPositive();
    }

    @Test
    void aMissingPathListsNothingAndAFilePathListsItself() throws IOException {
        assertThat(new FileDiscovery(List.of(new Path(dir.resolve("absent").toUri()))).list())
                .isEmpty();
        touch("one.parquet");
        List<DiscoveredFile> files =
                new FileDiscovery(List.of(new Path(dir.resolve("one.parquet").toUri()))).list();
        assertThat(files).singleElement().satisfies(f -> assertThat(f.partitions()).isEmpty());
    }

    /** The files' paths below {@code base}, whatever their scheme. */
    private static List<String> localNames(List<DiscoveredFile> files, java.nio.file.Path base) {
        return files.stream()
                .map(
                        f ->
                                base.relativize(
                                        java.nio.file.Path.of(
                                                new Path(f.path()).toUri().getPath())))
                .map(java.nio.file.Path::toString)
                .toList();
    }

    private static List<DiscoveredFile> listCounting(java.nio.file.Path root) throws IOException {
        RequestCountingFileSystem.reset();
        return new FileDiscovery(List.of(new Path(RequestCountingFileSystem.uri(root)))).list();
    }

    @Test
    void aDirectoryIsListedWithOneRequestPerDirectoryAndNoStatusRequest() throws IOException {
        touch("b.parquet");
        touch("day=1/a.parquet");
        touch("day=2/c.parquet");
        List<DiscoveredFile> files = listCounting(dir);
        assertThat(localNames(files, dir))
                .containsExactly("b.parquet", "day=1/a.parquet", "day=2/c.parquet");
        // on an object store a status request before the listing is one more round trip
        assertThat(RequestCountingFileSystem.statusCalls()).as("status requests").isZero();
        assertThat(RequestCountingFileSystem.listCalls()).as("listings").isEqualTo(3);
        // what planning and the seen-file logic need comes with the listing
        for (DiscoveredFile f : files) {
            java.nio.file.Path local = java.nio.file.Path.of(new Path(f.path()).toUri().getPath());
            assertThat(f.length()).isEqualTo(Files.size(local));
            assertThat(f.modificationTime()).isEqualTo(Files.getLastModifiedTime(local).toMillis());
        }
    }

    @Test
    void aFileIsOneRequestWhetherItsNameLooksLikeAFileOrNot() throws IOException {
        touch("one.parquet");
        touch("noextension");
        List<DiscoveredFile> named = listCounting(dir.resolve("one.parquet"));
        assertThat(named).singleElement().satisfies(f -> assertThat(f.length()).isEqualTo(3));
        assertThat(RequestCountingFileSystem.statusCalls() + RequestCountingFileSystem.listCalls())
                .as("requests for a file named like one")
                .isEqualTo(1);

        List<DiscoveredFile> bare = listCounting(dir.resolve("noextension"));
        assertThat(bare)
                .singleElement()
                .satisfies(
                        f -> {
                            assertThat(f.path())
                                    .isEqualTo(
                                            RequestCountingFileSystem.uri(
                                                            dir.resolve("noextension"))
                                                    .replace("://", ":"));
                            assertThat(f.length()).isEqualTo(3);
                            assertThat(f.partitions()).isEmpty();
                        });
        assertThat(RequestCountingFileSystem.statusCalls() + RequestCountingFileSystem.listCalls())
                .as("requests for a file listed first")
                .isEqualTo(1);
    }

    @Test
    void anEmptyOrMissingPathListsNothingAndADirectoryNamedLikeAFileIsListed() throws IOException {
        Files.createDirectories(dir.resolve("empty"));
        assertThat(listCounting(dir.resolve("empty"))).isEmpty();
        // listed, then its status (a file may be listed as nothing), and not listed again
        assertThat(RequestCountingFileSystem.statusCalls()).isEqualTo(1);
        assertThat(RequestCountingFileSystem.listCalls()).isEqualTo(1);
        assertThat(listCounting(dir.resolve("absent"))).isEmpty();
        assertThat(listCounting(dir.resolve("absent.parquet"))).isEmpty();
        touch("table.parquet/part-0.parquet");
        touch("table.parquet/_SUCCESS");
        List<DiscoveredFile> files = listCounting(dir.resolve("table.parquet"));
        assertThat(localNames(files, dir)).containsExactly("table.parquet/part-0.parquet");
    }

    @Test
    void partitionDirectoryNames() {
        assertThat(PartitionDirectory.parse("k=v")).contains(Map.entry("k", "v"));
        assertThat(PartitionDirectory.parse("k=")).contains(Map.entry("k", ""));
        assertThat(PartitionDirectory.parse("k=a=b")).contains(Map.entry("k", "a=b"));
        assertThat(PartitionDirectory.parse("=v")).isEmpty();
        assertThat(PartitionDirectory.parse("plain")).isEmpty();
        assertThat(PartitionDirectory.parse("k=100%")).contains(Map.entry("k", "100%"));
        assertThat(PartitionDirectory.parse("k%3Dx=%25")).contains(Map.entry("k=x", "%"));
    }
}
