package io.pqx.bench.results;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The commit a run measured: {@code git rev-parse HEAD} in the repository, and whether the work
 * tree's code differed from it ({@code git status --porcelain} listed a file other than the results
 * files, {@code docs/} and Markdown, which a run does not execute), read from the local git alone
 * (no network). {@link #UNKNOWN} when git is missing or the folder is no repository.
 *
 * @param commit the full commit hash, or {@code unknown}
 * @param dirty whether a file that can change what is measured differed from the commit
 */
public record GitState(String commit, boolean dirty) {

    /** The state when git cannot tell. */
    public static final GitState UNKNOWN = new GitState("unknown", false);

    /** The state of the repository holding {@code dir}. */
    public static GitState of(Path dir) {
        try {
            String head = git(dir, "rev-parse", "HEAD").trim();
            if (!head.matches("[0-9a-f]{40}")) {
                return UNKNOWN;
            }
            // Results files of earlier runs are written under the work tree, and charts and
            // documents are edited while suites run; none of them is what a run measures.
            String status =
                    git(
                            dir,
                            "status",
                            "--porcelain",
                            "--",
                            ":(top)",
                            ":(top,exclude)benchmarks/results",
                            ":(top,exclude)docs",
                            ":(top,exclude,glob)**/*.md");
            return new GitState(head, !status.isBlank());
        } catch (IOException e) {
            return UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNKNOWN;
        }
    }

    private static String git(Path dir, String... args) throws IOException, InterruptedException {
        String[] command = new String[args.length + 1];
        command[0] = "git";
        System.arraycopy(args, 0, command, 1, args.length);
        Process process =
                new ProcessBuilder(command)
                        .directory(dir.toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
        String out;
        try (InputStream in = process.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("git " + String.join(" ", args) + " did not finish");
        }
        if (process.exitValue() != 0) {
            throw new IOException("git " + String.join(" ", args) + " failed");
        }
        return out;
    }
}
