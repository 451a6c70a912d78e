package io.pqx.tools.json;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.function.Predicate;

/**
 * Finds the shortest decimal that reads back as a given binary floating-point value.
 *
 * <p>Java 17's {@code Double.toString} / {@code Float.toString} sometimes print more digits than
 * needed (JDK-4511638, fixed only in JDK 19), and always at least two significant digits for
 * subnormal minima ({@code 4.9E-324}). pqx renders the shortest decimal instead, so the text is the
 * same whichever engine produced the value. Among the shortest candidates the one closest to the
 * exact binary value wins; an exact tie goes to the even last digit.
 *
 * <p>The search relies on monotonicity: if some decimal with {@code p} significant digits reads
 * back as the value, so does one with {@code p + 1} digits (the same number with a trailing zero),
 * and the only {@code p}-digit candidates worth checking are the two neighbours of the exact value
 * (round down and round up), because the set of decimals that read back is an interval around it.
 *
 * <p>Stateless and thread-safe; used by {@link JsonValues}.
 */
final class ShortestDecimal {

    private ShortestDecimal() {}

    /**
     * Returns the shortest decimal {@code d} with {@code readsBack.test(d)}.
     *
     * @param exact the exact (positive, finite, non-zero) binary value as a BigDecimal
     * @param maxDigits a digit count known to always read back (17 for double, 9 for float)
     * @param readsBack whether a decimal parses back to the original binary value
     */
    static BigDecimal of(BigDecimal exact, int maxDigits, Predicate<BigDecimal> readsBack) {
        int lo = 1;
        int hi = maxDigits;
        BigDecimal best = candidate(exact, maxDigits, readsBack);
        if (best == null) {
            throw new IllegalStateException(
                    "No " + maxDigits + "-digit decimal reads back as " + exact);
        }
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            BigDecimal found = candidate(exact, mid, readsBack);
            if (found != null) {
                best = found;
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        // Invariant: best == candidate(hi); the loop ends with hi the minimal digit count.
        return best;
    }

    /**
     * The {@code digits}-digit neighbour of {@code exact} that reads back (the closer one if both),
     * or null.
     */
    private static BigDecimal candidate(
            BigDecimal exact, int digits, Predicate<BigDecimal> readsBack) {
        BigDecimal down = exact.round(new MathContext(digits, RoundingMode.FLOOR));
        BigDecimal up = exact.round(new MathContext(digits, RoundingMode.CEILING));
        if (down.compareTo(up) == 0) {
            return readsBack.test(down) ? down : null;
        }
        boolean downOk = readsBack.test(down);
        boolean upOk = readsBack.test(up);
        if (downOk && upOk) {
            int cmp = exact.subtract(down).compareTo(up.subtract(exact));
            if (cmp != 0) {
                return cmp < 0 ? down : up;
            }
            return down.unscaledValue().testBit(0) ? up : down;
        }
        return downOk ? down : upOk ? up : null;
    }
}
