package io.pqx.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class LiveHeapHistogramTest {

    private static final String BEFORE =
            String.join(
                    "\n",
                    " num     #instances         #bytes  class name (module)",
                    "-------------------------------------------------------",
                    "   1:          1000         100000  [B (java.base@17.0.15)",
                    "   2:            10           4000  [J (java.base@17.0.15)",
                    "   3:             5            200  java.lang.String (java.base@17.0.15)",
                    "Total          1015         104200",
                    "");

    private static final String AFTER =
            String.join(
                    "\n",
                    " num     #instances         #bytes  class name (module)",
                    "-------------------------------------------------------",
                    "   1:          3000        5100000  [B (java.base@17.0.15)",
                    "   2:           100          44000  [J (java.base@17.0.15)",
                    "   3:             1             40  java.lang.String (java.base@17.0.15)",
                    "   4:             7           2048  io.pqx.Example",
                    "Total          3108        5146088",
                    "");

    @Test
    void parsesTheTotalLine() {
        assertThat(LiveHeapHistogram.parse(BEFORE).totalBytes()).isEqualTo(104_200);
        assertThat(LiveHeapHistogram.parse(AFTER).totalBytes()).isEqualTo(5_146_088);
    }

    @Test
    void namesTheClassesThatGrewMostFirstAndLeavesOutThoseThatShrank() {
        LiveHeapHistogram before = LiveHeapHistogram.parse(BEFORE);
        LiveHeapHistogram after = LiveHeapHistogram.parse(AFTER);

        assertThat(after.largestGrowthOver(before, 10))
                .containsExactly("[B=+4882 KiB", "[J=+39 KiB", "io.pqx.Example=+2 KiB");
        assertThat(after.largestGrowthOver(before, 1)).containsExactly("[B=+4882 KiB");
    }

    @Test
    void refusesTextWithoutATotal() {
        assertThatThrownBy(() -> LiveHeapHistogram.parse("nothing here"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Total");
    }

    @Test
    void countsWhatIsReachableAndNotWhatIsGarbage() {
        LiveHeapHistogram before = LiveHeapHistogram.take();
        byte[] retained = new byte[64 << 20];
        for (int i = 0; i < 16; i++) {
            // Garbage of the same size as what is retained: a histogram counting it would be
            // about 16 x 64 MiB larger.
            byte[] garbage = new byte[64 << 20];
            garbage[i] = 1;
        }
        LiveHeapHistogram after = LiveHeapHistogram.take();

        long grown = after.totalBytes() - before.totalBytes();
        assertThat(grown).isBetween(64L << 20, 80L << 20);
        assertThat(after.largestGrowthOver(before, 1).get(0)).startsWith("[B=+");
        assertThat(retained).hasSize(64 << 20);
    }

    @Test
    void countsNoGarbageWhileAnotherThreadCompressesInJniCriticalRegions() throws Exception {
        byte[] input = new byte[4 << 20];
        for (int i = 0; i < input.length; i++) {
            input[i] = (byte) (i * 31 % 251);
        }
        AtomicBoolean stop = new AtomicBoolean();
        Thread compressor =
                new Thread(
                        () -> {
                            // zstd-jni compresses heap arrays inside JNI critical regions, during
                            // which the JVM may skip the histogram's collection; every output is
                            // garbage at once.
                            while (!stop.get()) {
                                Zstd.compress(input, 1);
                            }
                        });
        LiveHeapHistogram before = LiveHeapHistogram.take();
        compressor.start();
        try {
            for (int i = 0; i < 10; i++) {
                LiveHeapHistogram during = LiveHeapHistogram.take();
                assertThat(during.totalBytes() - before.totalBytes())
                        .as("live bytes above the baseline, sample %d", i)
                        .isLessThan(16L << 20);
            }
        } finally {
            stop.set(true);
            compressor.join();
        }
    }
}
