package io.pqx.format.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClosestKeyTest {
    private static final List<String> KNOWN =
            List.of("sink.row-group.rows", "sink.row-group.bytes", "source.batch-size");

    @Test
    void theClosestKeyIsTheOneWithTheFewestEdits() {
        assertThat(ClosestKey.of("sink.row-group.row", KNOWN)).contains("sink.row-group.rows");
        assertThat(ClosestKey.of("sink.rowgroup.bytes", KNOWN)).contains("sink.row-group.bytes");
        assertThat(ClosestKey.of("source.batchsize", KNOWN)).contains("source.batch-size");
        assertThat(ClosestKey.hint("x", List.of())).isEmpty();
        assertThat(ClosestKey.hint("source.batchsize", KNOWN))
                .isEqualTo(" (did you mean source.batch-size?)");
    }

    @Test
    void editDistanceCountsInsertionsDeletionsAndSubstitutions() {
        assertThat(ClosestKey.editDistance("kitten", "sitting")).isEqualTo(3);
        assertThat(ClosestKey.editDistance("", "abc")).isEqualTo(3);
        assertThat(ClosestKey.editDistance("abc", "abc")).isZero();
    }
}
