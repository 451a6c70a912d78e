package io.pqx.format.decode;

import java.util.HashMap;
import java.util.Map;
import javax.annotation.Nullable;
import org.apache.parquet.column.page.DictionaryPage;

/**
 * The dictionaries of one row group's chunks, once decompressed (and decoded for the bulk path),
 * kept for the other decoders of the same row group: a late-materializing scan reads a column both
 * filtered and returned twice (first for the filter, then for the survivors), and decompresses its
 * dictionary once. Holds only what it was given, by leaf index; not thread-safe.
 */
final class DecodedDictionaries {
    /** A chunk's dictionary page and, when the bulk path could decode it flat, its flat form. */
    record Entry(DictionaryPage page, @Nullable FlatDictionary flat) {}

    private final Map<Integer, Entry> byLeaf = new HashMap<>();

    @Nullable
    Entry get(int leafIndex) {
        return byLeaf.get(leafIndex);
    }

    void put(int leafIndex, Entry entry) {
        byLeaf.put(leafIndex, entry);
    }
}
