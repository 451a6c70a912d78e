package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;

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
        String page = TestingOptionTables.readPageAndWriteExpected(PAGE, NAME, expected);
        String shown = TestingOptionTables.shown(page, NAME, getClass().getSimpleName());
        assertThat(shown)
                .as(
                        "docs/"
                                + PAGE
                                + " has the markers "
                                + TestingOptionTables.begin(NAME, getClass().getSimpleName())
                                + " and "
                                + TestingOptionTables.end(NAME))
                .isNotNull();
        assertThat(shown)
                .as(
                        "docs/"
                                + PAGE
                                + "'s options table (regenerated: flink-pqx-sink/target/"
                                + NAME
                                + ".md)")
                .isEqualTo(expected);
    }
}
