package io.pqx.format.options;

import org.apache.flink.annotation.PublicEvolving;

/**
 * The data page format a {@code ParquetWriter} writes. {@link #V1} pages are read by every Parquet
 * implementation; {@link #V2} pages keep repetition and definition levels uncompressed (so a reader
 * can count rows and nulls without decompressing) and come with the newer value encodings
 * (DELTA_BINARY_PACKED, DELTA_BYTE_ARRAY, RLE_DICTIONARY) that parquet-column's {@code PARQUET_2_0}
 * writer chooses.
 */
@PublicEvolving
public enum PageVersion {
    V1,
    V2
}
