package io.pqx.format.stats;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.annotation.Nullable;

/**
 * Truncates long byte-array bounds so that they stay bounds under unsigned lexicographic order: a
 * lower bound becomes its prefix; an upper bound becomes a prefix whose last unit is incremented
 * (with carry), which sorts after every value starting with the prefix. For UTF-8 text the cut
 * respects character boundaries and the increment works on code points, so the bounds stay valid
 * UTF-8. Stateless; used by {@link StatisticsConverter#toThrift}.
 */
final class BinaryBounds {
    private BinaryBounds() {}

    /** A prefix of at most {@code length} bytes (whole characters when {@code utf8}). */
    static byte[] truncateMin(byte[] min, int length, boolean utf8) {
        if (min.length <= length) {
            return min;
        }
        if (utf8 && isValidUtf8(min)) {
            return Arrays.copyOf(min, utf8Boundary(min, length));
        }
        return Arrays.copyOf(min, length);
    }

    /**
     * The shortest upper bound of at most {@code length} bytes, or null when none exists (the
     * prefix is all {@code 0xFF} bytes, or all maximal code points).
     */
    @Nullable
    static byte[] truncateMax(byte[] max, int length, boolean utf8) {
        if (max.length <= length) {
            return max;
        }
        if (utf8 && isValidUtf8(max)) {
            return incrementUtf8(
                    new String(
                            Arrays.copyOf(max, utf8Boundary(max, length)), StandardCharsets.UTF_8));
        }
        byte[] prefix = Arrays.copyOf(max, length);
        for (int i = prefix.length - 1; i >= 0; i--) {
            if (prefix[i] != (byte) 0xFF) {
                prefix[i]++;
                return Arrays.copyOf(prefix, i + 1);
            }
        }
        return null;
    }

    /** The largest cut at or below {@code length} that does not split a UTF-8 sequence. */
    private static int utf8Boundary(byte[] bytes, int length) {
        int cut = length;
        while (cut > 0 && (bytes[cut] & 0xC0) == 0x80) {
            cut--; // bytes[cut] continues the character that starts before it
        }
        return cut;
    }

    @Nullable
    private static byte[] incrementUtf8(String prefix) {
        int[] codePoints = prefix.codePoints().toArray();
        for (int i = codePoints.length - 1; i >= 0; i--) {
            int next = codePoints[i] + 1;
            if (next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE) {
                next = Character.MAX_SURROGATE + 1;
            }
            if (next <= Character.MAX_CODE_POINT) {
                codePoints[i] = next;
                return new String(codePoints, 0, i + 1).getBytes(StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static boolean isValidUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
