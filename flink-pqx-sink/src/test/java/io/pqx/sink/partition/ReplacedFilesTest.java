package io.pqx.sink.partition;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.Set;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplacedFilesTest {
    @TempDir java.nio.file.Path dir;

    @Test
    void selectsTheVisibleEntriesThatAreNotTheJobsFiles() throws Exception {
        for (String name :
                new String[] {
                    "old-1.parquet",
                    "new-1.parquet",
                    "_SUCCESS",
                    ".part-x.inprogress.1",
                    "new-2.parquet"
                }) {
            Files.createFile(dir.resolve(name));
        }
        Files.createDirectories(dir.resolve("k=v"));
        Files.createDirectories(dir.resolve("_staging"));
        FileStatus[] listing = FileSystem.getLocalFileSystem().listStatus(new Path(dir.toUri()));
        assertThat(ReplacedFiles.select(listing, Set.of("new-1.parquet", "new-2.parquet")))
                .extracting(s -> s.getPath().getName())
                .containsExactlyInAnyOrder("old-1.parquet", "k=v");
        assertThat(ReplacedFiles.select(null, Set.of())).isEmpty();
    }
}
