package io.pqx.bench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class FloorLineTest {

    @Test
    void splitsKindMeasurementAndFigures() {
        FloorLine floor =
                FloorLine.parse(
                        "job_floor source_range_1pct empty_job=0.310s pqx=0.420s flink=2.800s"
                                + " ratio=6.67 ratio_at_most=9.03 (flink / empty_job)");

        assertThat(floor.kind()).isEqualTo("job_floor");
        assertThat(floor.measurement()).isEqualTo("source_range_1pct");
        assertThat(floor.figures())
                .containsExactly(
                        Map.entry("empty_job", "0.310s"),
                        Map.entry("pqx", "0.420s"),
                        Map.entry("flink", "2.800s"),
                        Map.entry("ratio", "6.67"),
                        Map.entry("ratio_at_most", "9.03"));
    }
}
