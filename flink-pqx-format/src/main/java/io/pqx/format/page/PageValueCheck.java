package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Walks a whole uncompressed page the way parquet-column will decode it, and refuses, in pqx's
 * words, anything its decoders would fail on with an unchecked exception: levels that end before
 * the page's value count, a run of no values, a level above the column's maximum, a value's length
 * prefix running past the page, too few bytes for the fixed-width values, a dictionary id outside
 * the dictionary, a dictionary-encoded page without a dictionary, a DELTA block whose miniblocks
 * are cut short, a DELTA_BYTE_ARRAY prefix longer than the previous value, an encoding that cannot
 * hold the column's physical type. Once a page passed, parquet-column decodes it without throwing.
 *
 * <p>The coordinator: it splits a page into its sections and hands each to the check of its kind
 * ({@link LevelCheck}, {@link DictionaryIdCheck}, {@link PlainValueCheck}, {@link DeltaValueCheck},
 * {@link ByteStreamSplitCheck}, {@link EncodingTypeCheck}; runs through {@link HybridRunCheck}).
 * Memory is constant: runs are decoded eight values at a time and nothing is allocated from a
 * length read from the page. One per column chunk (it remembers the dictionary's size); used by
 * {@link PageInflater} on one thread.
 */
final class PageValueCheck {
    private final FileContext ctx;
    private final ColumnDescriptor column;
    private final PrimitiveTypeName physical;
    private final int maxPageBytes;

    private final HybridRunCheck runs;
    private final LevelCheck levels;
    private final PlainValueCheck plain;
    private final DictionaryIdCheck dictionary;
    private final DeltaValueCheck delta;
    private final ByteStreamSplitCheck byteStreamSplit;

    PageValueCheck(FileContext ctx, ColumnDescriptor column, int maxPageBytes) {
        this.ctx = ctx;
        this.maxPageBytes = maxPageBytes;
        this.column = column;
        this.physical = column.getPrimitiveType().getPrimitiveTypeName();
        this.runs = new HybridRunCheck(ctx);
        this.levels = new LevelCheck(ctx, runs);
        this.plain = new PlainValueCheck(ctx, physical, column.getPrimitiveType().getTypeLength());
        this.dictionary = new DictionaryIdCheck(ctx, physical, plain, runs);
        this.delta = new DeltaValueCheck(ctx);
        this.byteStreamSplit = new ByteStreamSplitCheck(ctx);
    }

    /** A dictionary page: {@code count} PLAIN values filling at most {@code page}. */
    void dictionary(byte[] page, int count, Encoding encoding, String what)
            throws CorruptFileException {
        dictionary.dictionaryPage(page, count, encoding, what);
    }

    /** A dictionary page of {@code count} values, checked by another reader of the chunk. */
    void dictionaryReadElsewhere(int count) {
        dictionary.dictionaryReadElsewhere(count);
    }

    /**
     * As above, recording where each BINARY value starts and how long it is into {@code starts} and
     * {@code lengths} (see {@link PlainValueCheck#end}).
     */
    void dictionary(
            byte[] page, int count, Encoding encoding, String what, int[] starts, int[] lengths)
            throws CorruptFileException {
        dictionary.dictionaryPage(page, count, encoding, what, starts, lengths);
    }

    /**
     * A v1 data page body, {@code b[0, length)}: levels (length-prefixed RLE, or BIT_PACKED), then
     * the values.
     */
    void v1(
            byte[] b,
            int length,
            int values,
            Encoding rl,
            Encoding dl,
            Encoding encoding,
            String what)
            throws CorruptFileException {
        checkCount(values, what);
        int at =
                levels.v1(
                        b,
                        length,
                        0,
                        values,
                        column.getMaxRepetitionLevel(),
                        rl,
                        "repetition",
                        what,
                        false);
        at =
                levels.v1(
                        b,
                        length,
                        at,
                        values,
                        column.getMaxDefinitionLevel(),
                        dl,
                        "definition",
                        what,
                        true);
        values(b, at, length, (int) levels.counted(), values, encoding, what);
    }

    /**
     * A v2 data page: RLE level sections without length prefix, and the uncompressed data {@code
     * data[0, dataLength)}.
     */
    void v2(
            byte[] levelBytes,
            int at,
            int rlLength,
            int dlLength,
            byte[] data,
            int dataLength,
            int values,
            Encoding encoding,
            String what)
            throws CorruptFileException {
        checkCount(values, what);
        int maxRl = column.getMaxRepetitionLevel();
        int maxDl = column.getMaxDefinitionLevel();
        if (maxRl > 0) {
            levels.v2(levelBytes, at, at + rlLength, values, maxRl, "repetition levels", what);
        }
        int nonNull = values;
        if (maxDl > 0) {
            nonNull =
                    (int)
                            levels.v2(
                                    levelBytes,
                                    at + rlLength,
                                    at + rlLength + dlLength,
                                    values,
                                    maxDl,
                                    "definition levels",
                                    what);
        }
        values(data, 0, dataLength, nonNull, values, encoding, what);
    }

    private void checkCount(int values, String what) throws CorruptFileException {
        // as PageBodyCheck: decoders may hold a page's values in an int or long array
        if ((long) values * 8 > maxPageBytes) {
            throw ctx.corrupt(
                    what,
                    values
                            + " values exceed what a page of at most "
                            + maxPageBytes
                            + " bytes (maxPageBytes) can decode into");
        }
    }

    /**
     * The values section {@code [at, end)}: {@code n} non-null values in {@code encoding}, of a
     * page of {@code pageValues} entries.
     */
    private void values(
            byte[] b, int at, int end, int n, int pageValues, Encoding encoding, String what)
            throws CorruptFileException {
        EncodingTypeCheck.check(ctx, encoding, physical, what);
        switch (encoding) {
            case PLAIN -> plain.values(b, at, end, n, what);
            case PLAIN_DICTIONARY, RLE_DICTIONARY -> dictionary.ids(b, at, end, n, what);
            case RLE -> {
                if (n > 0) {
                    runs.lengthPrefixed(b, at, end, 1, n, -1, "RLE booleans", what, -1);
                }
            }
            case DELTA_BINARY_PACKED -> delta.binaryPacked(b, at, end, n, pageValues, what);
            case DELTA_LENGTH_BYTE_ARRAY -> delta.lengthByteArray(b, at, end, n, pageValues, what);
            case DELTA_BYTE_ARRAY -> delta.byteArray(b, at, end, n, pageValues, what);
            case BYTE_STREAM_SPLIT ->
                    byteStreamSplit.values(at, end, n, plain.fixedWidth(), pageValues, what);
            default -> throw new IllegalStateException("passed the type check: " + encoding);
        }
    }
}
