package io.pqx.source;

import io.pqx.format.TestingOptionTables;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The options table of {@code docs/datastream-source.md} is the source's options themselves:
 * generated from {@link PqxSourceOptions} (key, default, description, enum values), so it cannot
 * drift. On a difference, the table as it should be is in {@code
 * flink-pqx-source/target/pqx-source-options.md}.
 */
class PqxSourceOptionsDocTest {
    static final String NAME = "pqx-source-options";
    static final String PAGE = "datastream-source.md";

    @Test
    void theSourcePageShowsEveryOptionAsDeclared() {
        String expected = TestingOptionTables.table(PqxSourceOptions.all(), Set.of());
        TestingOptionTables.assertPageShows(PAGE, NAME, getClass().getSimpleName(), expected);
    }
}
