package io.pqx.bench.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StoreFloorTest {
    private static final long MS = 1_000_000L;

    private static LatencyFileSystem.Request request(long startMs, long endMs, long bytes) {
        return new LatencyFileSystem.Request(startMs * MS, endMs * MS, "GET", "t", 0, bytes);
    }

    @Test
    void overlappingRequestsAreOneWaveAndItsLargestIsItsTransfer() {
        StoreFloor floor =
                StoreFloor.of(
                        50 * MS,
                        15 * MS,
                        List.of(
                                // given out of order: the floor sorts them
                                request(45, 66, 100_000),
                                request(20, 40, 0), // HEAD
                                request(41, 61, 65_536),
                                request(42, 62, 4),
                                request(70, 92, 200_000),
                                request(71, 91, 50_000)),
                        20 * MS,
                        100_000_000L);

        assertThat(floor.waves()).isEqualTo(3);
        // 41..61, 42..62 and 45..66 overlap: one wave, whose largest request (100,000 B) takes
        // 1 ms at 100 MB/s; the pages' wave's largest (200,000 B) 2 ms
        assertThat(floor.transferNanos()).isEqualTo(3 * MS);
        assertThat(floor.chainNanos()).isEqualTo(63 * MS);
        assertThat(floor.floorNanos()).isEqualTo((50 + 63 - 15) * MS);
    }

    @Test
    void aRequestStartingAfterTheWaveEndedStartsTheNext() {
        StoreFloor floor =
                StoreFloor.of(
                        10 * MS,
                        0,
                        List.of(request(0, 20, 0), request(20, 40, 0), request(41, 61, 0)),
                        20 * MS,
                        100_000_000L);

        assertThat(floor.waves()).isEqualTo(3);
        assertThat(floor.transferNanos()).isZero();
        assertThat(floor.floorNanos()).isEqualTo(70 * MS);
    }

    @Test
    void neverBelowTheLocalJob() {
        StoreFloor floor = StoreFloor.of(40 * MS, 200 * MS, List.of(), 20 * MS, 100_000_000L);

        assertThat(floor.waves()).isZero();
        assertThat(floor.floorNanos()).isEqualTo(40 * MS);
    }
}
