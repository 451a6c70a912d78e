package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A column chunk's dictionary and the ids that point into it: the dictionary page must be PLAIN
 * values that fit in it (and not of BOOLEAN, which Parquet never dictionary-encodes); a
 * dictionary-encoded data page needs a dictionary page before it, and each of its ids (a bit width,
 * then an RLE / bit-packed hybrid section) must be inside the dictionary. One per column chunk (it
 * remembers the dictionary's size); allocates nothing; used on one thread.
 */
final class DictionaryIdCheck {
    /** The section name of the ids, in messages. */
    static final String SECTION = "dictionary ids";

    private final FileContext ctx;
    private final PrimitiveTypeName physical;
    private final PlainValueCheck plain;
    private final HybridRunCheck runs;

    /** Values in the chunk's dictionary page; -1 before (or without) one. */
    private long dictionarySize = -1;

    DictionaryIdCheck(
            FileContext ctx,
            PrimitiveTypeName physical,
            PlainValueCheck plain,
            HybridRunCheck runs) {
        this.ctx = ctx;
        this.physical = physical;
        this.plain = plain;
        this.runs = runs;
    }

    /** A dictionary page: {@code count} PLAIN values filling at most {@code page}. */
    void dictionaryPage(byte[] page, int count, Encoding encoding, String what)
            throws CorruptFileException {
        dictionaryPage(page, count, encoding, what, null, null);
    }

    /**
     * As above; for BINARY values, also records where each starts and how long it is into {@code
     * starts} and {@code lengths} when they are not null (see {@link PlainValueCheck#end}).
     */
    void dictionaryPage(
            byte[] page, int count, Encoding encoding, String what, int[] starts, int[] lengths)
            throws CorruptFileException {
        if (encoding != Encoding.PLAIN && encoding != Encoding.PLAIN_DICTIONARY) {
            throw ctx.corrupt(
                    what, "a dictionary page in encoding " + encoding + " (only PLAIN is defined)");
        }
        if (physical == PrimitiveTypeName.BOOLEAN) {
            throw ctx.corrupt(what, "a dictionary of BOOLEAN values (Parquet has none)");
        }
        String tooFew =
                "the dictionary page declares " + count + " values in " + page.length + " bytes";
        if (plain.end(page, 0, page.length, count, what, tooFew, starts, lengths) < 0) {
            throw ctx.corrupt(what, tooFew);
        }
        dictionarySize = count;
    }

    /**
     * The chunk's dictionary page, of {@code count} values, was checked and decoded by another
     * reader of the same chunk: the ids of this one's pages are checked against it as if this
     * reader had read the page.
     */
    void dictionaryReadElsewhere(int count) {
        dictionarySize = count;
    }

    /**
     * The ids of {@code n} non-null values of a dictionary-encoded data page, {@code [at, end)}.
     */
    void ids(byte[] b, int at, int end, int n, String what) throws CorruptFileException {
        if (physical == PrimitiveTypeName.BOOLEAN) {
            throw ctx.corrupt(what, "dictionary-encoded BOOLEAN values (Parquet has none)");
        }
        if (dictionarySize < 0) {
            throw ctx.corrupt(
                    what,
                    "the page is dictionary-encoded but the column chunk has no dictionary page");
        }
        if (n == 0) {
            return;
        }
        if (dictionarySize == 0) {
            throw ctx.corrupt(what, n + " values refer to an empty dictionary");
        }
        if (at >= end) {
            throw ctx.corrupt(what, SECTION + " of " + n + " values are missing");
        }
        int width = b[at] & 0xFF;
        if (width > 32) {
            throw ctx.corrupt(what, SECTION + " of " + width + " bits");
        }
        runs.hybrid(b, at + 1, end, width, n, dictionarySize - 1, SECTION, what, -1);
    }
}
