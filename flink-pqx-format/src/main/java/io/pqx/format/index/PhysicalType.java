package io.pqx.format.index;

import org.apache.flink.annotation.PublicEvolving;

/**
 * The Parquet physical type of a column, which says how its index bounds are encoded (Parquet's
 * PLAIN encoding of one value) and what {@link ColumnIndexView#min(int)} returns.
 */
@PublicEvolving
public enum PhysicalType {
    /** One byte, 0 or 1; read as {@link Boolean}. */
    BOOLEAN,
    /** 4 bytes little-endian; read as {@link Integer} (signed; unsigned logical types too). */
    INT32,
    /** 8 bytes little-endian; read as {@link Long} (signed; unsigned logical types too). */
    INT64,
    /** 12 bytes (legacy timestamps); read as {@code byte[]}. */
    INT96,
    /** 4 bytes IEEE 754 little-endian; read as {@link Float}. */
    FLOAT,
    /** 8 bytes IEEE 754 little-endian; read as {@link Double}. */
    DOUBLE,
    /**
     * The value's bytes (strings in UTF-8, decimals big-endian two's complement); {@code byte[]}.
     */
    BYTE_ARRAY,
    /** The value's bytes, of the column's fixed length; read as {@code byte[]}. */
    FIXED_LEN_BYTE_ARRAY;

    /** Whether bounds of this type are byte strings, which writers may truncate. */
    public boolean isBinary() {
        return this == BYTE_ARRAY || this == FIXED_LEN_BYTE_ARRAY || this == INT96;
    }
}
