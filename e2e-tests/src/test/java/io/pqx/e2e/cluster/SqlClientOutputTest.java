package io.pqx.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Pins {@link SqlClientOutput} on text as Flink 2.3's SQL client prints it with {@code -f}. */
class SqlClientOutputTest {
    private static final String OUTPUT =
            String.join(
                    "\n",
                    "[INFO] Executing SQL from file.",
                    "",
                    "Flink SQL> [INFO] Execute statement succeeded.",
                    "",
                    "Flink SQL> SELECT part, COUNT(*) AS n+------+-------+",
                    "| part |     n |",
                    "+------+-------+",
                    "|    0 | 10000 |",
                    "|    1 |  9999 |",
                    "+------+-------+",
                    "2 rows in set (11.40 seconds)",
                    "",
                    "Flink SQL> +----+",
                    "| id |",
                    "+----+",
                    "Empty set",
                    "",
                    "Flink SQL> [ERROR] Could not execute SQL statement. Reason:",
                    "java.lang.ClassNotFoundException: x",
                    "",
                    "Flink SQL> ",
                    "Shutting down the session...");

    @Test
    void cutsAtThePromptsAndReadsTableauRows() {
        SqlClientOutput out = SqlClientOutput.parse(OUTPUT);
        assertThat(out.prompts()).isEqualTo(5);
        assertThat(out.statement(0)).contains("[INFO] Execute statement succeeded.");
        assertThat(out.rows(1)).containsExactly(List.of("0", "10000"), List.of("1", "9999"));
        assertThat(out.rows(2)).isEmpty();
        assertThat(out.statement(3)).startsWith("[ERROR]").contains("ClassNotFoundException");
    }

    @Test
    void aStatementWithoutATableOrNotReachedIsAnError() {
        SqlClientOutput out = SqlClientOutput.parse(OUTPUT);
        assertThatThrownBy(() -> out.rows(0)).hasMessageContaining("No table");
        assertThatThrownBy(() -> out.statement(7)).hasMessageContaining("printed nothing");
    }
}
