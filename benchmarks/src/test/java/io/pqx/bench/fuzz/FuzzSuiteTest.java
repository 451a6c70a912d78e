package io.pqx.bench.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.BenchmarkSuites;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Suite fuzz on a few mutants: one line per class of outcome, no unclean one. */
class FuzzSuiteTest {

    @Test
    void printsOneLinePerClassOfOutcome() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BenchmarkReport report =
                new BenchmarkReport(new PrintStream(out, true, StandardCharsets.UTF_8));
        new FuzzSuite().run(BenchmarkArgs.parse("fuzz", "--mutants", "60", "--seed", "11"), report);
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(report.failures()).as(printed).isEmpty();
        assertThat(printed)
                .contains("INFO fuzz seed=11 first=0 mutants=60")
                .containsPattern("INFO outcome +\\d+  read to the end")
                .containsPattern("INFO outcome +\\d+  corrupt: Cannot ")
                .contains("60 mutants in");
        assertThat(BenchmarkSuites.find("fuzz")).isPresent();
    }
}
