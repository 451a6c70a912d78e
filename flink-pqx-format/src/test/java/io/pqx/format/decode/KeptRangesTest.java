package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.prune.RowSelection;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link KeptRanges}: the rows kept batch run by batch run are exactly those a mask over the row
 * group would hold, runs touching across batches counted once.
 */
class KeptRangesTest {
    @Test
    void randomBatchRunsGiveTheRowsAndRunsOfAMask() {
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            BitSet reference = new BitSet();
            KeptRanges kept = new KeptRanges();
            long row = random.nextInt(5);
            int batches = 1 + random.nextInt(6);
            for (int b = 0; b < batches; b++) {
                int n = 1 + random.nextInt(40);
                boolean[] keep = new boolean[n + 3]; // longer than the batch: the tail is ignored
                int density = random.nextInt(4);
                for (int i = 0; i < keep.length; i++) {
                    keep[i] = density == 3 || (density > 0 && random.nextInt(density + 1) == 0);
                }
                // the batch as two runs of rows when it can be split, with a gap between
                int split = n > 1 && random.nextBoolean() ? 1 + random.nextInt(n - 1) : n;
                kept.addKept(keep, 0, split, row);
                mark(reference, keep, 0, split, row);
                row += split;
                if (split < n) {
                    row += random.nextInt(3);
                    kept.addKept(keep, split, n, row);
                    mark(reference, keep, split, n, row);
                    row += n - split;
                }
                row += random.nextInt(3);
            }
            assertThat(kept.selection()).isEqualTo(RowSelection.fromMask(reference));
            assertThat(kept.rows()).isEqualTo(reference.cardinality());
            assertThat(kept.runs()).isEqualTo(RowSelection.fromMask(reference).rangeCount());
        }
    }

    private static void mark(BitSet reference, boolean[] keep, int from, int to, long firstRow) {
        for (int i = from; i < to; i++) {
            if (keep[i]) {
                reference.set((int) (firstRow + i - from));
            }
        }
    }

    /**
     * Long batch runs (past the 1,024 flags compared at a time), sparse and dense, kept rows at the
     * ends of runs and of the compared blocks: the rows and runs of a mask.
     */
    @Test
    void longRunsSparseAndDenseGiveTheRowsOfAMask() {
        Random random = new Random(7);
        for (int round = 0; round < 100; round++) {
            BitSet reference = new BitSet();
            KeptRanges kept = new KeptRanges();
            int n = 1 + random.nextInt(5000);
            boolean[] keep = new boolean[n];
            int every = 1 + random.nextInt(round % 2 == 0 ? 3000 : 4);
            for (int i = 0; i < n; i++) {
                keep[i] = random.nextInt(every) == 0;
            }
            for (int edge : new int[] {0, 1023, 1024, 1025, 2047, 2048, n - 1}) {
                if (edge >= 0 && edge < n && random.nextBoolean()) {
                    keep[edge] = true;
                }
            }
            int from = random.nextInt(Math.min(n, 1100));
            long row = random.nextInt(100);
            kept.addKept(keep, from, n, row);
            mark(reference, keep, from, n, row);
            assertThat(kept.selection()).isEqualTo(RowSelection.fromMask(reference));
            assertThat(kept.rows()).isEqualTo(reference.cardinality());
        }
    }

    @Test
    void nothingKeptIsTheEmptySelection() {
        KeptRanges kept = new KeptRanges();
        kept.addKept(new boolean[8], 0, 8, 100);
        assertThat(kept.selection()).isEqualTo(RowSelection.none());
        assertThat(kept.rows()).isZero();
        assertThat(kept.runs()).isZero();
    }

    @Test
    void runsTouchingAcrossBatchesMerge() {
        KeptRanges kept = new KeptRanges();
        kept.addKept(new boolean[] {false, true, true}, 0, 3, 10); // rows 11, 12
        kept.addKept(new boolean[] {true, false, true}, 0, 3, 13); // rows 13, 15
        assertThat(kept.selection())
                .isEqualTo(RowSelection.of(new long[] {11, 15}, new long[] {14, 16}));
        assertThat(kept.runs()).isEqualTo(2);
        assertThat(kept.rows()).isEqualTo(4);
    }

    @Test
    void rowsGoingBackwardsAreRejected() {
        KeptRanges kept = new KeptRanges();
        kept.add(10, 20);
        assertThatThrownBy(() -> kept.add(15, 25)).isInstanceOf(IllegalArgumentException.class);
    }
}
