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
