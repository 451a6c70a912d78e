package io.pqx.bench.lookup;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.BenchmarkReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.junit.jupiter.api.Test;

/** The suite's answer check and its rounds, without files: a wrong answer is a FAIL. */
class LookupRoundsTest {
    private final DimensionTable table = new DimensionTable(1_000, 1, 100, 10, 7);

    @Test
    void checkAcceptsTheRightRowAndNothingElse() {
        long present = DimensionTable.key(10);
        RowData right = table.row(present);
        assertThat(table.check(present, List.of(right))).isNull();
        assertThat(table.check(present + 1, List.of())).isNull();
        assertThat(table.check(present + 1, null)).isNull();

        assertThat(table.check(present, List.of())).contains("present once, got 0");
        assertThat(table.check(present, List.of(right, right))).contains("got 2");
        assertThat(table.check(present + 1, List.of(right))).contains("absent");
        GenericRowData wrongName =
                GenericRowData.of(
                        present,
                        StringData.fromString("x"),
                        right.getInt(2),
                        right.getDecimal(3, 12, 2));
        assertThat(table.check(present, List.of(wrongName))).contains("key " + present);
        GenericRowData wrongQty =
                GenericRowData.of(
                        present,
                        right.getString(1),
                        right.getInt(2) + 1,
                        right.getDecimal(3, 12, 2));
        assertThat(table.check(present, List.of(wrongQty))).isNotNull();
    }

    @Test
    void probesAreHalfPresentAndMixGapsAndOutsideKeys() {
        Probes probes = Probes.draw(table, 2_000, 3);
        long[] keys = probes.keys();
        assertThat(Probes.present(table, keys)).isEqualTo(1_000);
        long outside =
                Arrays.stream(keys)
                        .filter(k -> k < DimensionTable.FIRST_KEY || k > table.lastKey())
                        .count();
        assertThat(outside).isEqualTo(300);
        assertThat(probes.repeated()).hasSize(4_000);
        assertThat(Probes.draw(table, 2_000, 3).keys()).isEqualTo(keys);
    }

    @Test
    void aWrongAnswerIsReportedAsFailure() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BenchmarkReport report = new BenchmarkReport(new PrintStream(bytes, true, UTF_8));
        long[] keys = Probes.draw(table, 200, 3).keys();
        LookupRounds rounds = new LookupRounds(table, report);

        Map<String, LookupRounds.Figures> figures =
                rounds.run(
                        List.of(
                                new LookupRounds.Entry(
                                        new Answers("right", false), keys, 10_000_000_000L, true),
                                new LookupRounds.Entry(
                                        new Answers("liar", true), keys, 10_000_000_000L, true)),
                        0,
                        1);

        assertThat(report.failures())
                .hasSize(1)
                .first()
                .asString()
                .startsWith("lookup liar: 100 of 200 answers wrong");
        assertThat(figures.get("right").latencies.count()).isEqualTo(200);
        assertThat(bytes.toString(UTF_8)).contains("FAIL lookup liar");
    }

    /** Answers from the table itself; a liar drops every present key's row. */
    private final class Answers implements LookupContender {
        private final String name;
        private final boolean lies;

        Answers(String name, boolean lies) {
            this.name = name;
            this.lies = lies;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void open() {}

        @Override
        public Collection<RowData> lookup(long key) {
            return table.holds(key) && !lies ? List.of(table.row(key)) : List.of();
        }

        @Override
        public void close() {}
    }
}
