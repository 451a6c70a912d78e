package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;

/**
 * Checks the DELTA encodings of a data page's values, as parquet-column reads them: a
 * DELTA_BINARY_PACKED stream's blocks ({@link DeltaStream}); DELTA_LENGTH_BYTE_ARRAY lengths that
 * are not negative and add up to no more than the bytes after them; DELTA_BYTE_ARRAY prefix lengths
 * no longer than the previous value, and its suffixes as DELTA_LENGTH_BYTE_ARRAY. The streams are
 * read twice (once to their end, to find what follows them, then value by value); nothing is
 * allocated from a length read from the page. Used on one thread.
 *
 * <p>The flat bulk path skips this check for the pages its own decoder ({@code
 * io.pqx.format.decode.DeltaPageValues}) takes, because that decoder declines every stream refused
 * here: a change to what is refused here must be made there too.
 */
final class DeltaValueCheck {
    private static final String LENGTHS = "DELTA_LENGTH_BYTE_ARRAY lengths";
    private static final String SUFFIXES = "DELTA_BYTE_ARRAY suffix lengths";
    private static final String PREFIXES = "DELTA_BYTE_ARRAY prefix lengths";

    private final FileContext ctx;

    DeltaValueCheck(FileContext ctx) {
        this.ctx = ctx;
    }

    /**
     * {@code n} DELTA_BINARY_PACKED values in {@code [at, end)} of a page of {@code pageValues}.
     */
    void binaryPacked(byte[] b, int at, int end, int n, int pageValues, String what)
            throws CorruptFileException {
        new DeltaStream(ctx, pageValues, b, at, end, what, "DELTA_BINARY_PACKED values").end(n);
    }

    /** {@code n} DELTA_LENGTH_BYTE_ARRAY values in {@code [at, end)}. */
    void lengthByteArray(byte[] b, int at, int end, int n, int pageValues, String what)
            throws CorruptFileException {
        lengthPrefixedBytes(b, at, end, n, pageValues, what, null);
    }

    /** {@code n} DELTA_BYTE_ARRAY values in {@code [at, end)}: prefix lengths, then suffixes. */
    void byteArray(byte[] b, int at, int end, int n, int pageValues, String what)
            throws CorruptFileException {
        int suffixStart = new DeltaStream(ctx, pageValues, b, at, end, what, PREFIXES).end(n);
        DeltaStream prefixes = new DeltaStream(ctx, pageValues, b, at, end, what, PREFIXES);
        prefixes.begin(n);
        lengthPrefixedBytes(b, suffixStart, end, n, pageValues, what, prefixes);
    }

    /**
     * Delta-packed lengths from {@code at}, then the bytes; their sum must fit before {@code end}.
     * With {@code prefixes} (DELTA_BYTE_ARRAY), the lengths are suffixes, and each value's prefix,
     * read from {@code prefixes} after its suffix length, must not be longer than the value before.
     */
    private void lengthPrefixedBytes(
            byte[] b, int at, int end, int n, int pageValues, String what, DeltaStream prefixes)
            throws CorruptFileException {
        String section = prefixes == null ? LENGTHS : SUFFIXES;
        int dataStart = new DeltaStream(ctx, pageValues, b, at, end, what, section).end(n);
        DeltaStream reader = new DeltaStream(ctx, pageValues, b, at, end, what, section);
        reader.begin(n);
        long total = 0;
        long previous = 0;
        for (int i = 0; i < n; i++) {
            long length = (int) reader.next(); // parquet-column reads the lengths as ints
            if (length < 0) {
                throw ctx.corrupt(
                        what, section + ": value " + i + " has a negative length " + length);
            }
            total += length;
            if (total > end - dataStart) {
                throw ctx.corrupt(
                        what,
                        section
                                + " add up to "
                                + total
                                + " bytes by value "
                                + i
                                + "; "
                                + (end - dataStart)
                                + " are left");
            }
            if (prefixes != null) {
                long p = (int) prefixes.next(); // read as ints, as parquet-column does
                if (p < 0 || p > previous) {
                    throw ctx.corrupt(
                            what,
                            "value "
                                    + i
                                    + " reuses a prefix of "
                                    + p
                                    + " bytes of a previous value of "
                                    + previous);
                }
                previous = p + length;
            }
        }
    }
}
