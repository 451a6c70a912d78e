package io.pqx.sink.heap;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.TestingSinkFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sink writes 100 and 1,000 partitions, interleaved row by row, from one subtask in a 512 MiB
 * heap. Each case forks a JVM ({@code -Xmx512m -XX:+ExitOnOutOfMemoryError}) running {@link
 * WidePartitionsJob}, asserts that it ended normally (no {@code OutOfMemoryError}) and printed its
 * result line, then reads every committed file back with pqx's reader: every row id {@code 0..N-1}
 * exactly once, each in the directory of its partition.
 *
 * <p>Row counts and the checkpoint interval can be changed with the system properties {@value
 * #ROWS_100}, {@value #ROWS_1000} and {@value #CHECKPOINT_MS}. The defaults are as many rows as
 * about 90 s per case allow on 2 cores: with 1,000 partitions and 100 open files every row lands in
 * a file of its own (the least recently written file is closed for each row), about 300 rows/s.
 *
 * <p>Measured before files stayed open across checkpoints (files rolled at every checkpoint, no
 * memory budget), child alone, checkpoints every 5 s: 2,000,000 to 6,000,000 rows over 100
 * partitions all fit, at a peak live heap of 411 to 474 MiB (about 90,000 rows/s); with checkpoints
 * every 10 s the live heap reached 510 MiB and the job slowed to 64,000 rows/s, yet did not fail.
 * What the heap holds grows with the rows each open file takes between two checkpoints, not with N;
 * a sink that keeps files open across checkpoints needs its memory budget to pass here.
 *
 * <p>Files open across checkpoints, first version (open row groups carried in the writer state, the
 * budget counting buffers by their used bytes): the live heap after a full collection peaked at 312
 * MiB at checkpoints, and one CI run ran out of heap. With the row log (the state names segment
 * files, no rows) and the budget counting buffers as allocated: 168 to 178 MiB, about 6 files per
 * partition (the child's {@code peak_live_heap_mib}; its {@code peak_after_any_gc_mib}, which
 * includes old-generation garbage, is much higher).
 */
class WidePartitionsHeapITCase {

    static final String ROWS_100 = "pqx.test.heap.rows100";
    static final String ROWS_1000 = "pqx.test.heap.rows1000";
    static final String CHECKPOINT_MS = "pqx.test.heap.checkpointMillis";

    /** A child running longer than this is killed and the case fails (169 s seen at load 12). */
    private static final long CHILD_TIMEOUT_SECONDS = 600;

    @Test
    void hundredPartitionsIn512MiB(@TempDir Path dir) throws Exception {
        runAndCheck(dir, Long.getLong(ROWS_100, 4_000_000L), 100);
    }

    @Test
    void thousandPartitionsIn512MiB(@TempDir Path dir) throws Exception {
        runAndCheck(dir, Long.getLong(ROWS_1000, 10_000L), 1000);
    }

    private static void runAndCheck(Path dir, long rows, int partitions) throws Exception {
        Path out = dir.resolve("out");
        Path log = dir.resolve("child.log");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx512m");
        // As the project's test JVMs: the parallel collector throws OutOfMemoryError ("GC
        // overhead limit exceeded") when the heap is nearly all live, instead of crawling on.
        command.add("-XX:+UseParallelGC");
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(WidePartitionsJob.class.getName());
        command.add(Long.toString(rows));
        command.add(Integer.toString(partitions));
        command.add(Long.toString(Long.getLong(CHECKPOINT_MS, 5_000L)));
        command.add(out.toString());
        Process child =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        boolean ended = child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!ended) {
            child.destroyForcibly().waitFor();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        System.out.println(
                "child (" + partitions + " partitions, " + rows + " rows): " + tail(output));
        assertThat(ended)
                .as("child ended within %d s; its output:%n%s", CHILD_TIMEOUT_SECONDS, tail(output))
                .isTrue();
        assertThat(output).as("child's output").doesNotContain("OutOfMemoryError");
        assertThat(child.exitValue())
                .as("child's exit code; its output:%n%s", tail(output))
                .isZero();
        assertThat(output).contains(WidePartitionsJob.RESULT + " rows=" + rows);

        BitSet seen = new BitSet();
        long read = 0;
        List<Path> files = TestingSinkFiles.committed(out);
        for (Path file : files) {
            String directory = file.getParent().getFileName().toString();
            for (long id : TestingSinkFiles.read(file, r -> r.getLong(TestingWideRows.ID))) {
                assertThat(id).as("id in %s", file).isBetween(0L, rows - 1);
                assertThat(directory)
                        .as("directory of id %d", id)
                        .isEqualTo("p=" + id % partitions);
                assertThat(seen.get((int) id))
                        .as("id %d committed twice (again in %s)", id, file)
                        .isFalse();
                seen.set((int) id);
                read++;
            }
        }
        assertThat(read).as("rows in %d committed files", files.size()).isEqualTo(rows);
        assertThat(seen.cardinality()).isEqualTo((int) rows);
        assertThat(TestingSinkFiles.hidden(out)).as("in-progress files left").isEmpty();
    }

    /** The last lines of the child's output, enough for its result or its failure. */
    private static String tail(String output) {
        String[] lines = output.split("\n");
        StringBuilder tail = new StringBuilder();
        for (int i = Math.max(0, lines.length - 30); i < lines.length; i++) {
            tail.append(lines[i]).append('\n');
        }
        return tail.toString();
    }
}
