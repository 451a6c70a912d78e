package io.pqx.source.runtimefilter;

import io.pqx.format.predicate.KeyFilter;
import java.io.Serializable;
import java.util.Arrays;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A bloom filter over the keys of a runtime filter: {@link #mightContain} never answers false for a
 * key that was added (no false negative), and answers true for a key that was not with about the
 * false-positive rate it was sized for. Keys are hashed in their SQL value domain, so a key added
 * as the publisher saw it ({@code Long}, {@code String}, ...) is found as a reader's {@code
 * RowData} holds it ({@code Integer}, {@code StringData}, ...). Filters of the same shape (same
 * number of bits and hashes) {@link #union} into the filter of all their keys. Immutable; equal
 * when their bits and shape are.
 */
@PublicEvolving
public final class BloomKeyFilter implements KeyFilter, Serializable {
    private static final long serialVersionUID = 1L;

    /** The most 64-bit words a filter may have (2^27 bits, 16 MiB). */
    public static final int MAX_WORDS = 1 << 21;

    private final int hashes;
    private final long[] words;

    private BloomKeyFilter(int hashes, long[] words) {
        this.hashes = hashes;
        this.words = words;
    }

    /** The filter of these bits (copied), set by {@code hashes} hash functions per key. */
    public static BloomKeyFilter of(int hashes, long[] words) {
        check(hashes, words.length);
        return new BloomKeyFilter(hashes, words.clone());
    }

    /**
     * The shape for {@code expectedKeys} keys at false-positive rate {@code fpp}: {hashes, words}.
     */
    static int[] shape(long expectedKeys, double fpp) {
        if (expectedKeys <= 0 || !(fpp > 0 && fpp < 1)) {
            throw new IllegalArgumentException(
                    "Cannot size a bloom filter for "
                            + expectedKeys
                            + " keys at false-positive rate "
                            + fpp
                            + ": need keys > 0 and 0 < rate < 1");
        }
        double bits = -expectedKeys * Math.log(fpp) / (Math.log(2) * Math.log(2));
        long words = Math.max(1, Math.min(MAX_WORDS, (long) Math.ceil(bits / 64)));
        int hashes =
                (int)
                        Math.max(
                                1,
                                Math.min(
                                        16, Math.round(words * 64.0 / expectedKeys * Math.log(2))));
        return new int[] {hashes, (int) words};
    }

    static void check(int hashes, int words) {
        if (hashes < 1 || hashes > 64 || words < 1 || words > MAX_WORDS) {
            throw new IllegalArgumentException(
                    "Cannot make a bloom filter of "
                            + hashes
                            + " hashes over "
                            + words
                            + " words: need 1..64 hashes and 1.."
                            + MAX_WORDS
                            + " words");
        }
    }

    /** Sets the bits of {@code key} (a non-null value) in {@code words}. */
    static void add(long[] words, int hashes, Object key) {
        long h = KeyHashing.hash(key);
        int h1 = (int) h;
        int h2 = (int) (h >>> 32);
        long bits = (long) words.length * 64;
        for (int i = 1; i <= hashes; i++) {
            int combined = h1 + i * h2;
            long bit = (combined & 0x7fffffffL) % bits;
            words[(int) (bit >>> 6)] |= 1L << bit;
        }
    }

    @Override
    public boolean mightContain(Object key) {
        long h = KeyHashing.hash(key);
        int h1 = (int) h;
        int h2 = (int) (h >>> 32);
        long bits = (long) words.length * 64;
        for (int i = 1; i <= hashes; i++) {
            int combined = h1 + i * h2;
            long bit = (combined & 0x7fffffffL) % bits;
            if ((words[(int) (bit >>> 6)] & (1L << bit)) == 0) {
                return false;
            }
        }
        return true;
    }

    /** The filter of the keys of both. */
    public BloomKeyFilter union(BloomKeyFilter other) {
        if (other.hashes != hashes || other.words.length != words.length) {
            throw new IllegalArgumentException(
                    "Cannot unite bloom filters of different shapes: " + this + " and " + other);
        }
        long[] out = words.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] |= other.words[i];
        }
        return new BloomKeyFilter(hashes, out);
    }

    public int hashes() {
        return hashes;
    }

    /** The bits, as 64-bit words (a copy). */
    public long[] words() {
        return words.clone();
    }

    int wordCount() {
        return words.length;
    }

    long word(int i) {
        return words[i];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BloomKeyFilter other
                && hashes == other.hashes
                && Arrays.equals(words, other.words);
    }

    @Override
    public int hashCode() {
        return 31 * hashes + Arrays.hashCode(words);
    }

    @Override
    public String toString() {
        return "BloomKeyFilter{" + hashes + " hashes, " + words.length * 64L + " bits}";
    }
}
