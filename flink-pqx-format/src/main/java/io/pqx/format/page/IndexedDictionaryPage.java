package io.pqx.format.page;

import org.apache.flink.annotation.Internal;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;

/**
 * A PLAIN dictionary page of BYTE_ARRAY values whose length prefixes pqx's page check walked, with
 * what that walk found: where each value starts and how long it is in {@link #bytes()}, the array
 * the page's bytes are (from index 0). A bulk decoder takes its strings from here instead of
 * walking the prefixes a second time. Immutable; the arrays are read only.
 */
@Internal
public final class IndexedDictionaryPage extends DictionaryPage {
    private final byte[] bytes;
    private final int[] starts;
    private final int[] lengths;

    IndexedDictionaryPage(
            byte[] bytes,
            int uncompressedSize,
            int dictionarySize,
            Encoding encoding,
            int[] starts,
            int[] lengths) {
        super(BytesInput.from(bytes), uncompressedSize, dictionarySize, encoding);
        this.bytes = bytes;
        this.starts = starts;
        this.lengths = lengths;
    }

    /** The page's bytes, which {@link #starts()} and {@link #lengths()} index. */
    public byte[] bytes() {
        return bytes;
    }

    /** Where value {@code id} starts in {@link #bytes()}, for every id of the dictionary. */
    public int[] starts() {
        return starts;
    }

    /** How many bytes value {@code id} has. */
    public int[] lengths() {
        return lengths;
    }
}
