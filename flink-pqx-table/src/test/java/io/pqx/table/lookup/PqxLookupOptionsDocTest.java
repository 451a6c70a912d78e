package io.pqx.table.lookup;

import io.pqx.format.TestingOptionTables;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The options table of {@code docs/lookup-joins.md} is the lookup options themselves: generated
 * from {@link PqxLookupOptions} (pqx's own and the Flink lookup-cache options pqx accepts), so it
 * cannot drift. On a difference, the table as it should be is in {@code
 * flink-pqx-table/target/pqx-lookup-options.md}.
 */
class PqxLookupOptionsDocTest {
    static final String NAME = "pqx-lookup-options";
    static final String PAGE = "lookup-joins.md";

    @Test
    void theLookupPageShowsEveryOptionAsDeclared() {
        String expected = TestingOptionTables.table(PqxLookupOptions.LOOKUP_OPTIONS, Set.of());
        TestingOptionTables.assertPageShows(PAGE, NAME, getClass().getSimpleName(), expected);
    }
}
