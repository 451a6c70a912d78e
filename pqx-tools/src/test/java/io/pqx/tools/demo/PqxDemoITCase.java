package io.pqx.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PqxDemoITCase {
    @TempDir Path tmp;

    @Test
    void theDemoWritesEveryRowOnceThroughSqlAndQueriesTheTable() throws Exception {
        Set<Thread> before = liveNonDaemonThreads();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Path table = tmp.resolve("orders");
        new PqxDemo(20_000)
                .run(
                        table,
                        new PrintStream(bytes, true, StandardCharsets.UTF_8),
                        tmp.resolve("demo.log"));
        String out = bytes.toString(StandardCharsets.UTF_8);

        assertThat(out)
                .startsWith("pqx demo: a streaming SQL INSERT INTO writes 20,000 generated orders");
        assertThat(out).contains("(the INSERT has finished)");
        // the last round sees every row, once: the footers' count and the id bounds
        String last = out.substring(out.lastIndexOf("== round"));
        assertThat(last).contains(": 20,000 rows committed in ");
        assertThat(last).contains("    20000, 0, 19999\n");
        assertThat(last).contains("source: no data read: answered at planning from the footers");
        // the selective filter found its ten rows
        assertThat(last).contains("a selective filter:").contains("... 10 rows in all");
        // files open across checkpoints: 20,000 orders 3 s apart fall on one day, written by two
        // subtasks, so at most two files whatever the number of checkpoints
        Matcher fileCount =
                Pattern.compile("files: (\\d+) committed for (\\d+) partitions").matcher(out);
        assertThat(fileCount.find()).as(out).isTrue();
        assertThat(Integer.parseInt(fileCount.group(2))).isEqualTo(1);
        assertThat(Integer.parseInt(fileCount.group(1))).isBetween(1, 2);
        // the lookup join: 1,500 of the 3,000 probes match (keys (pk mod 1000) * 17 + 1 for even
        // pk mod 1000, odd ids of the customers); ids summed: 3 * (17 * 249,500 + 500)
        String join = out.substring(out.indexOf("a lookup join:"));
        assertThat(join)
                .contains("    1500, 12726000\n")
                .contains("expected 1,500 matches, id sum 12726000: as expected");
        Matcher metrics =
                Pattern.compile(
                                "lookups: ([\\d,]+) into the files \\(([\\d.]+) row groups"
                                        + " read .* cache: ([\\d,]+) hits, ([\\d,]+) misses, ([\\d,]+) loads")
                        .matcher(join);
        assertThat(metrics.find()).as(join).isTrue();
        long lookups = number(metrics.group(1));
        long hits = number(metrics.group(3));
        long misses = number(metrics.group(4));
        // every probe is a hit or a miss; each miss is one lookup into the files; each key is
        // probed three times, so with at most 2 subtasks' caches most probes hit
        assertThat(hits + misses).as(join).isEqualTo(3_000);
        assertThat(lookups).isPositive().isLessThanOrEqualTo(misses);
        assertThat(hits).isGreaterThanOrEqualTo(1_000);
        // bloom filters and statistics leave at most one row group to read per lookup
        assertThat(Double.parseDouble(metrics.group(2))).isGreaterThan(0).isLessThanOrEqualTo(1.0);
        assertThat(out).doesNotContain("Exception");
        try (Stream<Path> files = Files.walk(table)) {
            assertThat(files.filter(f -> f.getFileName().toString().startsWith(".")).toList())
                    .as("no in-progress file left")
                    .isEmpty();
        }
        // the demo's cluster is stopped: no thread it started keeps a JVM alive
        Set<Thread> stray = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            stray = liveNonDaemonThreads();
            stray.removeAll(before);
            if (stray.isEmpty()) {
                break;
            }
            Thread.sleep(100);
        }
        assertThat(stray).as("non-daemon threads left by the demo").isEmpty();
    }

    private static long number(String digits) {
        return Long.parseLong(digits.replace(",", ""));
    }

    private static Set<Thread> liveNonDaemonThreads() {
        Set<Thread> threads = new HashSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && !t.isDaemon()) {
                threads.add(t);
            }
        }
        return threads;
    }
}
