package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingOptionTables;
import io.pqx.table.lookup.PqxLookupOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;
import org.junit.jupiter.api.Test;

/**
 * The SQL page's table of a pqx table's own options ({@code docs/sql.md}) is the options
 * themselves: generated from {@link PqxTableOptions} (key, default, description), so it cannot
 * drift. The source's, the sink's and the lookups' options, which a table takes under the same
 * keys, have their generated tables on their own pages; this test also checks that every key a
 * table accepts is in one of those tables. On a difference, the table as it should be is in {@code
 * flink-pqx-table/target/pqx-table-options.md}.
 */
class PqxTableOptionsDocTest {
    static final String NAME = "pqx-table-options";
    static final String PAGE = "sql.md";

    /** The table's own options: neither the source's, the sink's nor the lookups'. */
    static List<ConfigOption<?>> tableOnlyOptions() {
        List<ConfigOption<?>> all = new ArrayList<>();
        all.add(PqxTableOptions.PATH);
        PqxTableOptions.TABLE_OPTIONS.stream()
                .filter(o -> !PqxLookupOptions.LOOKUP_OPTIONS.contains(o))
                .forEach(all::add);
        return all;
    }

    @Test
    void theSqlPageShowsEveryTableOptionAsDeclared() {
        String expected =
                TestingOptionTables.table(tableOnlyOptions(), Set.of(PqxTableOptions.PATH.key()));
        TestingOptionTables.assertPageShows(PAGE, NAME, getClass().getSimpleName(), expected);
    }

    /** Every key a pqx table accepts is a row of one of the docs' generated option tables. */
    @Test
    void everyKeyATableAcceptsIsInAGeneratedTable() throws IOException {
        Map<String, String> tables =
                Map.of(
                        "sql.md", "pqx-table-options",
                        "datastream-source.md", "pqx-source-options",
                        "datastream-sink.md", "pqx-sink-options",
                        "lookup-joins.md", "pqx-lookup-options");
        StringBuilder generated = new StringBuilder();
        for (Map.Entry<String, String> e : tables.entrySet()) {
            String page =
                    Files.readString(
                            TestingOptionTables.docsPage(e.getKey()), StandardCharsets.UTF_8);
            int begin = page.indexOf("<!-- " + e.getValue() + ":begin");
            int end = page.indexOf(TestingOptionTables.end(e.getValue()));
            assertThat(begin)
                    .as("docs/" + e.getKey() + " has a generated " + e.getValue() + " table")
                    .isGreaterThanOrEqualTo(0);
            assertThat(end).isGreaterThan(begin);
            generated.append(page, begin, end);
        }
        List<ConfigOption<?>> accepted = new ArrayList<>();
        accepted.add(PqxTableOptions.PATH);
        accepted.addAll(PqxTableOptions.optional());
        for (ConfigOption<?> option : accepted) {
            assertThat(generated.toString())
                    .as("a generated docs table lists " + option.key())
                    .contains("| `" + option.key() + "` |");
        }
    }
}
