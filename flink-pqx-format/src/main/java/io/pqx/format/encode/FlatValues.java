package io.pqx.format.encode;

import java.util.Arrays;
import javax.annotation.Nullable;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;

/**
 * The values of the open page of one flat column chunk, encoded as parquet-column's data page v1
 * values writer encodes them: dictionary ids while the dictionary pays, PLAIN after a fall back, or
 * PLAIN throughout when dictionaries are off. The decisions are parquet-column's, so the bytes are
 * too:
 *
 * <ul>
 *   <li>the dictionary gives up (for the rest of the chunk) as soon as its PLAIN size exceeds the
 *       dictionary page limit; the open page's values are then rewritten as PLAIN;
 *   <li>at the end of the chunk's first page it also gives up unless ids plus dictionary are
 *       smaller than the page's PLAIN size;
 *   <li>a page's ids are RLE/bit-packed at the width of the dictionary's size so far, after one
 *       byte giving that width;
 *   <li>the dictionary page holds the entries that the dictionary-encoded pages could use.
 * </ul>
 *
 * <p>{@link #rawBytes()} is the open page's PLAIN size, which is what the page cut rule measures.
 * Subclasses hold the dictionary for their physical type and add values in typed loops. Not
 * thread-safe; one per column chunk.
 */
abstract class FlatValues {
    /** parquet-column's v1 label for dictionary-encoded data and dictionary pages. */
    static final Encoding DICTIONARY_ENCODING = Encoding.PLAIN_DICTIONARY;

    final PlainBuffer plain = new PlainBuffer();
    private final DictionaryIdEncoder idEncoder = new DictionaryIdEncoder();

    /** The open page's dictionary ids (valid while the dictionary is in use). */
    int[] ids = new int[1024];

    int idCount;

    /**
     * True once the chunk writes PLAIN: after a fall back, or from the start without dictionary.
     */
    boolean plainOnly;

    long rawBytes;

    private final int maxDictionaryBytes;
    private boolean firstPage = true;
    private boolean pagesUsedDictionary;
    private int lastUsedDictionarySize;
    private Encoding pageEncoding = Encoding.PLAIN;

    FlatValues(boolean dictionary, int maxDictionaryBytes) {
        this.plainOnly = !dictionary;
        this.maxDictionaryBytes = maxDictionaryBytes;
    }

    /** The number of dictionary entries. */
    abstract int dictionarySize();

    /** The dictionary's size once PLAIN encoded, as parquet-column counts it. */
    abstract long dictionaryBytes();

    /** Heap bytes the dictionary's arrays take, as allocated. */
    abstract long dictionaryAllocatedBytes();

    /** Appends the open page's values, from their ids, to {@link #plain}. */
    abstract void writeIdsAsPlain();

    abstract void clearDictionary();

    /** Writes the first {@code count} entries, PLAIN encoded, in id order. */
    abstract void writeDictionary(int count, PlainBuffer out);

    /** Called when a page ends, for subclasses that keep per-page state. */
    void pageEnded() {}

    /** The open page's PLAIN size in bytes. */
    final long rawBytes() {
        return rawBytes;
    }

    /**
     * Heap bytes held for the open page (its PLAIN values or dictionary ids) and the dictionary, as
     * allocated: buffers keep their capacity after a page ends, and a dictionary its table.
     */
    final long heldBytes() {
        return plain.capacity() + 4L * ids.length + dictionaryAllocatedBytes();
    }

    /** Room for {@code more} ids in {@link #ids}. */
    final void reserveIds(int more) {
        long needed = (long) idCount + more;
        if (needed > ids.length) {
            ids = Arrays.copyOf(ids, ArrayGrowth.atLeast(ids.length, needed, "a page's values"));
        }
    }

    /**
     * Whether the dictionary outgrew its page: then {@link #fallBack()} must follow. Its size
     * changes only when an entry is added, so callers ask after an insertion only.
     */
    final boolean dictionaryTooBig() {
        return dictionaryBytes() > maxDictionaryBytes;
    }

    /**
     * Gives the dictionary up now, freeing it, when no page has used it yet and the open page
     * already shows that it will not pay: its ids (at their bit width) plus the dictionary are not
     * smaller than the page's PLAIN values, the test that would give it up at the end of the first
     * page anyway (mostly distinct values). A dictionary that pays, or that earlier pages used,
     * stays.
     *
     * @return whether the dictionary was given up
     */
    final boolean giveUpUnpayingDictionary() {
        if (plainOnly || pagesUsedDictionary || idCount == 0) {
            return false;
        }
        // the ids' packed size (after their one byte of bit width), as encodeIds would give it
        long idBytes =
                1 + ((long) idCount * DictionaryIdEncoder.bitWidth(dictionarySize()) + 7) / 8;
        if (idBytes + dictionaryBytes() < rawBytes) {
            return false;
        }
        fallBack();
        return true;
    }

    /** Stops using the dictionary for this chunk; the open page's values become PLAIN. */
    final void fallBack() {
        plainOnly = true;
        writeIdsAsPlain();
        if (lastUsedDictionarySize == 0) {
            clearDictionary();
        }
        idCount = 0;
        // PLAIN for the rest of the chunk: the ids buffer is never used again.
        ids = new int[0];
    }

    /**
     * The open page's encoded values, valid until {@link #endPage()}; {@link #pageEncoding()} then
     * says how they are encoded. At the end of the first page, the dictionary may give up here.
     */
    final BytesInput pageBytes() {
        if (!plainOnly) {
            BytesInput encodedIds = encodeIds();
            lastUsedDictionarySize = dictionarySize();
            if (!firstPage || encodedIds.size() + dictionaryBytes() < rawBytes) {
                pagesUsedDictionary = true;
                pageEncoding = DICTIONARY_ENCODING;
                return encodedIds;
            }
            fallBack();
        }
        pageEncoding = Encoding.PLAIN;
        return plain.bytes();
    }

    final Encoding pageEncoding() {
        return pageEncoding;
    }

    /** Empties the page for the next; the dictionary stays. */
    final void endPage() {
        pageEnded();
        firstPage = false;
        rawBytes = 0;
        idCount = 0;
        plain.clear();
    }

    /** The chunk's dictionary page, or null if no page used the dictionary. */
    @Nullable
    final DictionaryPage dictionaryPage() {
        if (!pagesUsedDictionary || lastUsedDictionarySize == 0) {
            return null;
        }
        PlainBuffer entries = new PlainBuffer();
        writeDictionary(lastUsedDictionarySize, entries);
        return new DictionaryPage(entries.bytes(), lastUsedDictionarySize, DICTIONARY_ENCODING);
    }

    private BytesInput encodeIds() {
        return idEncoder.encode(ids, idCount, dictionarySize());
    }
}
