package io.pqx.source.enumerator;

import io.pqx.source.split.SeenFile;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class SeenFilesTest {
    private static final long HOUR = 3_600_000L;

    @Test
    void aFileIsNewOnceAndLateFilesWithinTheHorizonAreStillNew() {
        SeenFiles seen = new SeenFiles(HOUR);
        assertThat(seen.isNew("a", 10 * HOUR)).isTrue();
        seen.add("a", 10 * HOUR);
        assertThat(seen.isNew("a", 10 * HOUR)).isFalse();
        // appears late, 50 minutes older than the newest: still read
        assertThat(seen.isNew("late", 10 * HOUR - 50 * 60_000L)).isTrue();
        seen.add("late", 10 * HOUR - 50 * 60_000L);
        assertThat(seen.isNew("late", 10 * HOUR - 50 * 60_000L)).isFalse();
        // older than the horizon: taken as already planned
        assertThat(seen.isNew("ancient", 8 * HOUR)).isFalse();
        assertThat(seen.watermark()).isEqualTo(10 * HOUR);
    }

    @Test
    void theStateHoldsOnlyTheFilesOfOneHorizonHoweverManyWereSeen() {
        SeenFiles seen = new SeenFiles(HOUR);
        // a file every minute for 30 days
        long minute = 60_000L;
        for (int i = 0; i < 30 * 24 * 60; i++) {
            String path = "f" + i;
            assertThat(seen.isNew(path, i * minute)).isTrue();
            seen.add(path, i * minute);
            assertThat(seen.size()).isLessThanOrEqualTo(61);
        }
        assertThat(seen.size()).isEqualTo(61);
        // every file ever added is still recognised as planned
        for (int i = 0; i < 30 * 24 * 60; i += 97) {
            assertThat(seen.isNew("f" + i, i * minute)).as("f" + i).isFalse();
        }
    }

    @Test
    void viewsAndRestoresAgreeWithTheLiveState() {
        Random random = new Random(42);
        SeenFiles seen = new SeenFiles(HOUR);
        for (int i = 0; i < 500; i++) {
            long t = random.nextInt(100) * 60_000L + i * 10_000L;
            if (seen.isNew("p" + i, t)) {
                seen.add("p" + i, t);
            }
        }
        SeenFiles.View view = seen.view();
        SeenFiles restored = new SeenFiles(HOUR);
        restored.restore(seen.watermark(), seen.snapshot());
        assertThat(restored.snapshot()).isEqualTo(seen.snapshot());
        for (int i = 0; i < 600; i++) {
            long t = random.nextInt(200) * 60_000L;
            boolean live = seen.isNew("p" + (i % 550), t);
            assertThat(view.isNew("p" + (i % 550), t)).isEqualTo(live);
            assertThat(restored.isNew("p" + (i % 550), t)).isEqualTo(live);
        }
        // a restore with a shorter horizon forgets what lies below it
        SeenFiles shorter = new SeenFiles(0);
        shorter.restore(seen.watermark(), seen.snapshot());
        assertThat(shorter.snapshot()).allMatch((SeenFile f) -> f.modificationTime() >= seen.watermark());
    }
}
