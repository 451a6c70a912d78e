package io.pqx.bench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commit and dirty flag of a throw-away repository, as a results file records them. */
class GitStateTest {

    @TempDir Path repo;

    @Test
    void dirtyOnlyWhenWhatARunExecutesDiffers() throws Exception {
        Files.createDirectories(repo.resolve("src"));
        Files.writeString(repo.resolve("src/Code.java"), "class Code {}");
        git("init", "-q");
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "first");
        String head = new String(git("rev-parse", "HEAD")).trim();

        assertThat(GitState.of(repo)).isEqualTo(new GitState(head, false));

        Files.createDirectories(repo.resolve("benchmarks/results"));
        Files.writeString(repo.resolve("benchmarks/results/format-x.json"), "{}");
        Files.createDirectories(repo.resolve("docs/benchmarks"));
        Files.writeString(repo.resolve("docs/benchmarks/format.png"), "png");
        Files.writeString(repo.resolve("src/NOTES.md"), "notes");
        assertThat(GitState.of(repo).dirty()).isFalse();

        Files.writeString(repo.resolve("src/Code.java"), "class Code { int x; }");
        assertThat(GitState.of(repo)).isEqualTo(new GitState(head, true));
    }

    @Test
    void aFolderOutsideAnyRepositoryIsUnknown() throws Exception {
        Path plain = Files.createDirectories(repo.resolve("plain"));
        Files.writeString(plain.resolve(".git"), "gitdir: /nonexistent");

        assertThat(GitState.of(plain)).isEqualTo(GitState.UNKNOWN);
    }

    private byte[] git(String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = "git";
        System.arraycopy(args, 0, command, 1, args.length);
        Process p = new ProcessBuilder(command).directory(repo.toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor()).as(String.join(" ", command)).isZero();
        return out;
    }
}
