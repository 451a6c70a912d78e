package io.pqx.sink;

import io.pqx.format.TestingOptionTables;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The options table of {@code docs/datastream-sink.md} is the sink's options themselves: generated
 * from {@link PqxSinkOptions} (key, default, description, enum values), so it cannot drift. On a
 * difference, the table as it should be is in {@code flink-pqx-sink/target/pqx-sink-options.md}.
 */
class PqxSinkOptionsDocTest {
    static final String NAME = "pqx-sink-options";
    static final String PAGE = "datastream-sink.md";

    @Test
    void theSinkPageShowsEveryOptionAsDeclared() {
        String expected = TestingOptionTables.table(PqxSinkOptions.all(), Set.of());
        TestingOptionTables.assertPageShows(PAGE, NAME, getClass().getSimpleName(), expected);
    }
}
