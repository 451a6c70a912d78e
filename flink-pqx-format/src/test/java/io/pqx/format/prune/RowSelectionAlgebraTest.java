package io.pqx.format.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The algebra of row selections, against the same operations on boolean masks. */
class RowSelectionAlgebraTest {

    private static RowSelection sel(long... bounds) {
        long[] s = new long[bounds.length / 2];
        long[] e = new long[bounds.length / 2];
        for (int i = 0; i < s.length; i++) {
            s[i] = bounds[2 * i];
            e[i] = bounds[2 * i + 1];
        }
        return RowSelection.of(s, e);
    }

    @Test
    void intersectsAndUnitesRanges() {
        RowSelection a = sel(0, 10, 20, 30);
        RowSelection b = sel(5, 25);
        assertThat(a.intersect(b)).isEqualTo(sel(5, 10, 20, 25));
        assertThat(a.union(b)).isEqualTo(sel(0, 30));
        assertThat(a.intersect(RowSelection.none())).isEqualTo(RowSelection.none());
        assertThat(a.union(RowSelection.none())).isEqualTo(a);
        assertThat(sel(0, 5).union(sel(5, 8))).isEqualTo(sel(0, 8));
        assertThat(sel(0, 5).intersect(sel(5, 8))).isEqualTo(RowSelection.none());
    }

    @Test
    void complementsWithinTheRowGroup() {
        assertThat(sel(2, 4, 6, 8).complement(10)).isEqualTo(sel(0, 2, 4, 6, 8, 10));
        assertThat(RowSelection.all(10).complement(10)).isEqualTo(RowSelection.none());
        assertThat(RowSelection.none().complement(3)).isEqualTo(RowSelection.all(3));
        assertThat(RowSelection.none().complement(0)).isEqualTo(RowSelection.none());
    }

    @Test
    void skipsAndLimitsSelectedRowsNotRowIndexes() {
        RowSelection s = sel(10, 13, 20, 22);
        assertThat(s.skip(0)).isEqualTo(s);
        assertThat(s.skip(2)).isEqualTo(sel(12, 13, 20, 22));
        assertThat(s.skip(3)).isEqualTo(sel(20, 22));
        assertThat(s.skip(5)).isEqualTo(RowSelection.none());
        assertThat(s.skip(99)).isEqualTo(RowSelection.none());
        assertThat(s.limit(0)).isEqualTo(RowSelection.none());
        assertThat(s.limit(4)).isEqualTo(sel(10, 13, 20, 21));
        assertThat(s.limit(5)).isEqualTo(s);
        assertThat(s.limit(99)).isEqualTo(s);
        assertThatThrownBy(() -> s.skip(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> s.limit(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void splitsIntoPiecesOfSelectedRows() {
        RowSelection s = sel(0, 3, 5, 9);
        List<RowSelection> pieces = s.split(3);
        assertThat(pieces).containsExactly(sel(0, 3), sel(5, 8), sel(8, 9));
        assertThat(s.split(100)).containsExactly(s);
        assertThat(RowSelection.none().split(4)).isEmpty();
        assertThat(s.split(1)).hasSize(7);
        assertThatThrownBy(() -> s.split(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not positive");
        assertThat(s.splitAt(6)).containsExactly(sel(0, 3, 5, 6), sel(6, 9));
        assertThat(s.splitAt(0)).containsExactly(RowSelection.none(), s);
        assertThat(s.splitAt(100)).containsExactly(s, RowSelection.none());
    }

    @Test
    void buildsFromMasks() {
        assertThat(RowSelection.fromMask(new boolean[] {true, true, false, true}, 100))
                .isEqualTo(sel(100, 102, 103, 104));
        assertThat(RowSelection.fromMask(new boolean[0], 0)).isEqualTo(RowSelection.none());
        assertThat(RowSelection.fromMask(new boolean[] {false, false}, 0))
                .isEqualTo(RowSelection.none());
        BitSet bits = new BitSet();
        bits.set(3, 7);
        bits.set(9);
        assertThat(RowSelection.fromMask(bits)).isEqualTo(sel(3, 7, 9, 10));
        assertThatThrownBy(() -> RowSelection.fromMask(new boolean[1], -1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** Every operation agrees with the same operation on masks, over random selections. */
    @Test
    void agreesWithMaskOperationsOnRandomSelections() {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println(
                "RowSelectionAlgebraTest seed " + seed + " (rerun with -Dpqx.seed=" + seed + ")");
        Random random = new Random(seed);
        for (int round = 0; round < 2000; round++) {
            int rows = random.nextInt(40);
            boolean[] a = randomMask(random, rows);
            boolean[] b = randomMask(random, rows);
            RowSelection sa = RowSelection.fromMask(a, 0);
            RowSelection sb = RowSelection.fromMask(b, 0);
            boolean[] and = new boolean[rows];
            boolean[] or = new boolean[rows];
            boolean[] notA = new boolean[rows];
            for (int i = 0; i < rows; i++) {
                and[i] = a[i] && b[i];
                or[i] = a[i] || b[i];
                notA[i] = !a[i];
            }
            String context = "seed " + seed + " round " + round + ": " + sa + ", " + sb;
            assertThat(sa.intersect(sb)).as(context).isEqualTo(RowSelection.fromMask(and, 0));
            assertThat(sa.union(sb)).as(context).isEqualTo(RowSelection.fromMask(or, 0));
            assertThat(sa.complement(rows)).as(context).isEqualTo(RowSelection.fromMask(notA, 0));
            long n = random.nextInt(rows + 2);
            long[] idx = indexes(sa);
            assertThat(indexes(sa.skip(n)))
                    .as(context)
                    .containsExactly(
                            Arrays.copyOfRange(idx, (int) Math.min(n, idx.length), idx.length));
            assertThat(indexes(sa.limit(n)))
                    .as(context)
                    .containsExactly(Arrays.copyOf(idx, (int) Math.min(n, idx.length)));
            long per = 1 + random.nextInt(6);
            List<RowSelection> pieces = sa.split(per);
            RowSelection joined = RowSelection.none();
            for (int i = 0; i < pieces.size(); i++) {
                RowSelection piece = pieces.get(i);
                assertThat(piece.rowCount()).as(context).isBetween(1L, per);
                if (i < pieces.size() - 1) {
                    assertThat(piece.rowCount()).as(context).isEqualTo(per);
                }
                assertThat(joined.intersect(piece)).as(context).isEqualTo(RowSelection.none());
                joined = joined.union(piece);
            }
            assertThat(joined).as(context).isEqualTo(sa);
        }
    }

    private static boolean[] randomMask(Random random, int rows) {
        boolean[] mask = new boolean[rows];
        int density = random.nextInt(5);
        for (int i = 0; i < rows; i++) {
            mask[i] = random.nextInt(4) < density;
        }
        return mask;
    }

    private static long[] indexes(RowSelection s) {
        long[] out = new long[(int) s.rowCount()];
        PrimitiveIterator.OfLong it = s.rowIndexes();
        for (int i = 0; i < out.length; i++) {
            out[i] = it.nextLong();
        }
        assertThat(it.hasNext()).isFalse();
        return out;
    }
}
