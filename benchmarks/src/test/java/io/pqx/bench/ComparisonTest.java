package io.pqx.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ComparisonTest {

    @Test
    void printsTheResultLineWithRatioOfPqxOverPeer() {
        Comparison comparison =
                new Comparison("format_write", "parquetjava", 1_500_000.4, 1_000_000);

        assertThat(comparison.ratio()).isEqualTo(1.5000004);
        assertThat(comparison.resultLine())
                .isEqualTo(
                        "RESULT format_write pqx=1500000 parquetjava=1000000 ratio=1.500"
                                + " unit=rows/s");
    }
}
