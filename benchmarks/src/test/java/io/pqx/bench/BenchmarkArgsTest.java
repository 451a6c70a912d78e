package io.pqx.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BenchmarkArgsTest {

    @Test
    void parsesSuiteAndOptions() {
        BenchmarkArgs args =
                BenchmarkArgs.parse(
                        "format",
                        "--rows",
                        "5_000",
                        "--rounds",
                        "5",
                        "--warmups",
                        "0",
                        "--peer-only",
                        "--dir",
                        "/x",
                        "--seed",
                        "7",
                        "--keep-files");

        assertThat(args.suite()).isEqualTo("format");
        assertThat(args.rowsOr(1)).isEqualTo(5_000);
        assertThat(args.rounds()).isEqualTo(5);
        assertThat(args.warmups()).isZero();
        assertThat(args.peerOnly()).isTrue();
        assertThat(args.workDir()).isEqualTo(Path.of("/x"));
        assertThat(args.seed()).isEqualTo(7);
        assertThat(args.keepFiles()).isTrue();
    }

    @Test
    void parsesTheFuzzSuitesMutantCountAndFirstIndex() {
        BenchmarkArgs args =
                BenchmarkArgs.parse("fuzz", "--mutants", "10_000", "--first", "17", "--seed", "3");
        assertThat(args.mutants()).hasValue(10_000);
        assertThat(args.first()).isEqualTo(17);
        assertThat(BenchmarkArgs.parse("fuzz").mutants()).isEmpty();
        assertThat(BenchmarkArgs.parse("fuzz").first()).isZero();
        assertThatThrownBy(() -> BenchmarkArgs.parse("fuzz", "--mutants", "0"))
                .hasMessageContaining("--mutants must be >= 1");
        assertThatThrownBy(() -> BenchmarkArgs.parse("fuzz", "--first", "-1"))
                .hasMessageContaining("--first must be >= 0");
    }

    @Test
    void parsesTheCaseToRunAlone() {
        BenchmarkArgs wide = BenchmarkArgs.parse("sink", "--case", "wide");
        assertThat(wide.onlyCase()).hasValue("wide");
        assertThat(wide.runsCase("wide")).isTrue();
        assertThat(wide.runsCase("streaming")).isFalse();
        BenchmarkArgs all = BenchmarkArgs.parse("sink");
        assertThat(all.onlyCase()).isEmpty();
        assertThat(all.runsCase("streaming")).isTrue();
        assertThatThrownBy(() -> BenchmarkArgs.parse("sink", "--case"))
                .hasMessageContaining("--case needs a value");
    }

    @Test
    void runsEveryCaseOfACommaSeparatedList() {
        BenchmarkArgs two = BenchmarkArgs.parse("source", "--case", "local,writers");
        assertThat(two.namedCases()).containsExactly("local", "writers");
        assertThat(two.runsCase("local")).isTrue();
        assertThat(two.runsCase("writers")).isTrue();
        assertThat(two.runsCase("codecs")).isFalse();
        assertThat(two.runsOnly("local")).isFalse();
        BenchmarkArgs one = BenchmarkArgs.parse("source", "--case", "planning");
        assertThat(one.runsOnly("planning")).isTrue();
        assertThat(one.runsOnly("local")).isFalse();
        assertThat(BenchmarkArgs.parse("source").namedCases()).isEmpty();
        assertThat(BenchmarkArgs.parse("source").runsOnly("planning")).isFalse();
    }

    @Test
    void defaultsToOneWarmupThreeRoundsAndTheSuitesRowCount() {
        BenchmarkArgs args = BenchmarkArgs.parse("format");

        assertThat(args.rowsOr(5_000_000)).isEqualTo(5_000_000);
        assertThat(args.rounds()).isEqualTo(3);
        assertThat(args.warmups()).isEqualTo(1);
        assertThat(args.peerOnly()).isFalse();
    }

    @Test
    void rejectsMissingSuiteUnknownOptionAndBadNumbers() {
        assertThatThrownBy(() -> BenchmarkArgs.parse()).hasMessageContaining("no suite");
        assertThatThrownBy(() -> BenchmarkArgs.parse("--rows", "3"))
                .hasMessageContaining("no suite");
        assertThatThrownBy(() -> BenchmarkArgs.parse("format", "--fast"))
                .hasMessageContaining("'--fast'");
        assertThatThrownBy(() -> BenchmarkArgs.parse("format", "--rows"))
                .hasMessageContaining("needs a value");
        assertThatThrownBy(() -> BenchmarkArgs.parse("format", "--rows", "many"))
                .hasMessageContaining("whole number");
        assertThatThrownBy(() -> BenchmarkArgs.parse("format", "--rounds", "0"))
                .hasMessageContaining(">= 1");
    }
}
