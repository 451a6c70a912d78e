package io.pqx.e2e.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What Flink's SQL client printed for a script run with {@code -f}, cut into one part per
 * statement: the client prints its prompt {@code Flink SQL> } before each statement's outcome, so
 * the text between the n-th and the (n+1)-th prompt is the n-th statement's ({@code [INFO] ...},
 * {@code [ERROR] ...}, or a result in tableau form). Parses the tableau tables' rows. Immutable.
 */
final class SqlClientOutput {
    static final String PROMPT = "Flink SQL> ";

    private final List<String> parts;

    private SqlClientOutput(List<String> parts) {
        this.parts = parts;
    }

    /** Cuts {@code output} at the prompts; text before the first prompt is not a statement's. */
    static SqlClientOutput parse(String output) {
        String[] pieces = output.split(PROMPT, -1);
        return new SqlClientOutput(List.of(pieces).subList(1, pieces.length));
    }

    /** How many statements the client reached (the last prompt, before it exits, counts too). */
    int prompts() {
        return parts.size();
    }

    /** The text the client printed for the {@code index}-th statement (0-based). */
    String statement(int index) {
        if (index >= parts.size()) {
            throw new IllegalStateException(
                    "The SQL client printed nothing for statement "
                            + index
                            + " (it reached "
                            + parts.size()
                            + " prompts)");
        }
        return parts.get(index);
    }

    /**
     * The rows of the tableau table in the {@code index}-th statement's text, each as its cells'
     * trimmed text, header excluded: the lines that start and end with {@code |}, the first of
     * which is the header.
     */
    List<List<String>> rows(int index) {
        List<List<String>> rows = new ArrayList<>();
        boolean header = true;
        for (String line : statement(index).split("\n")) {
            String trimmed = line.strip();
            if (trimmed.length() < 2 || !trimmed.startsWith("|") || !trimmed.endsWith("|")) {
                continue;
            }
            if (header) {
                header = false;
                continue;
            }
            String inner = trimmed.substring(1, trimmed.length() - 1);
            rows.add(Arrays.stream(inner.split("\\|", -1)).map(String::strip).toList());
        }
        if (header) {
            throw new IllegalStateException(
                    "No table in the SQL client's output for statement "
                            + index
                            + ": "
                            + statement(index));
        }
        return rows;
    }
}
