package io.pqx.e2e.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.List;

/**
 * Compares two renderings line by line and reports the first differing row with both lines, which
 * says more than a whole-list diff for files of thousands of rows. Stateless.
 */
final class LineDiff {

    private LineDiff() {}

    static void assertSameLines(String what, List<String> actual, List<String> expected) {
        int common = Math.min(actual.size(), expected.size());
        for (int i = 0; i < common; i++) {
            if (!actual.get(i).equals(expected.get(i))) {
                fail(
                        "%s: row %d differs%n  actual:   %s%n  expected: %s",
                        what, i, clip(actual.get(i)), clip(expected.get(i)));
            }
        }
        assertThat(actual.size()).as("%s: row count", what).isEqualTo(expected.size());
    }

    private static String clip(String line) {
        return line.length() <= 2000
                ? line
                : line.substring(0, 2000) + "...(" + line.length() + " chars)";
    }
}
