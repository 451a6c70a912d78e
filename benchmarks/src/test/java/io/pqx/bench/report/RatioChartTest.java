package io.pqx.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.bench.Comparison;
import java.util.List;
import org.junit.jupiter.api.Test;

class RatioChartTest {

    @Test
    void labelsGiveTheRatioAndBothFiguresWithTheirUnit() {
        assertThat(RatioChart.label(new Comparison("source_scan", "flink", 3_080_000, 246_000)))
                .isEqualTo("12.5x  pqx 3.08M, flink 246k rows/s");
        assertThat(
                        RatioChart.label(
                                new Comparison(
                                        "lookup_heap_nocache_vs_fullcache",
                                        "fullcache",
                                        1_050_000,
                                        66_000_000,
                                        "bytes")))
                .isEqualTo("0.0159x (below 1: pqx holds less)  pqx 1.05M, fullcache 66.0M bytes");
    }

    @Test
    void ticksAreDoublingsOverAFewDecadesAndDecadesBeyond() {
        assertThat(RatioChart.tickStep(0.25, 64)).isEqualTo(Math.log10(2));
        assertThat(RatioChart.tickStep(1e-7, 1e4)).isEqualTo(1);
        assertThat(RatioChart.tickStep(1e-20, 1e10)).isEqualTo(3);
        assertThat(List.of(0.25, 1.0, 16.0, 1e-5, 1e5).stream().map(RatioChart::tick))
                .containsExactly("0.25", "1", "16", "1e-05", "1e+05");
    }

    @Test
    void aChartNeedsAResult() {
        assertThatThrownBy(() -> new RatioChart("empty", List.of(), List.of(), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty");
    }
}
