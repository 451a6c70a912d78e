package io.pqx.bench.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;

class LineitemGeneratorTest {

    @Test
    void sameSeedGivesSameTableAndAnotherSeedAnother() {
        List<RowData> a = new LineitemGenerator(42).generate(2_000);
        List<RowData> b = new LineitemGenerator(42).generate(2_000);
        List<RowData> c = new LineitemGenerator(43).generate(2_000);

        assertThat(a).hasSize(2_000);
        assertThat(TableChecksum.of(a, ScanDepth.CONTENT))
                .isEqualTo(TableChecksum.of(b, ScanDepth.CONTENT));
        assertThat(TableChecksum.of(a, ScanDepth.CONTENT))
                .isNotEqualTo(TableChecksum.of(c, ScanDepth.CONTENT));
    }

    @Test
    void valuesFollowLineitemDomains() {
        List<RowData> rows = new LineitemGenerator(1).generate(20_000);
        Set<String> flags = new HashSet<>();
        Set<String> modes = new HashSet<>();
        Set<String> comments = new HashSet<>();
        long previousOrder = 0;
        for (RowData row : rows) {
            assertThat(row.getLong(0)).isGreaterThanOrEqualTo(previousOrder);
            previousOrder = row.getLong(0);
            assertThat(row.getInt(3)).isBetween(1, 7);
            assertThat(row.getDecimal(4, 15, 2).toUnscaledLong()).isBetween(100L, 5_000L);
            assertThat(row.getDouble(6)).isBetween(0.0, 0.10);
            assertThat(row.getInt(12)).isGreaterThan(row.getInt(10)); // received after shipped
            String comment = row.getString(15).toString();
            assertThat(comment.length()).isBetween(10, 43);
            flags.add(row.getString(8).toString());
            modes.add(row.getString(14).toString());
            comments.add(comment);
        }
        assertThat(flags).containsExactlyInAnyOrder("R", "A", "N");
        assertThat(modes).hasSize(7);
        assertThat(comments.size()).isGreaterThan(19_000); // high cardinality
        assertThat(rows.get(0).getArity()).isEqualTo(LineitemTable.COLUMNS.size());
    }
}
