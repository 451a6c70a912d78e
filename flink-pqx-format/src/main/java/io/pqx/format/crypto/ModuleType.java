package io.pqx.format.crypto;

import org.apache.flink.annotation.Internal;

/**
 * The modules Parquet modular encryption encrypts, with the type byte each module's AAD carries and
 * the name messages use. Which ordinals an AAD appends depends on the type: none for the footer,
 * row group and column for the others, and the page ordinal for data pages and their headers.
 */
@Internal
public enum ModuleType {
    FOOTER(0, "footer"),
    COLUMN_META_DATA(1, "column metadata"),
    DATA_PAGE(2, "data page"),
    DICTIONARY_PAGE(3, "dictionary page"),
    DATA_PAGE_HEADER(4, "data page header"),
    DICTIONARY_PAGE_HEADER(5, "dictionary page header"),
    COLUMN_INDEX(6, "column index"),
    OFFSET_INDEX(7, "offset index"),
    BLOOM_FILTER_HEADER(8, "bloom filter header"),
    BLOOM_FILTER_BITSET(9, "bloom filter bitset");

    private final byte id;
    private final String label;

    ModuleType(int id, String label) {
        this.id = (byte) id;
        this.label = label;
    }

    byte id() {
        return id;
    }

    /** The module's name in messages, e.g. "data page header". */
    public String label() {
        return label;
    }

    boolean hasPageOrdinal() {
        return this == DATA_PAGE || this == DATA_PAGE_HEADER;
    }
}
