/**
 * <b>Internal.</b> The compression codecs of Parquet pages ({@link io.pqx.format.codec.Codec},
 * obtained from {@link io.pqx.format.codec.Codecs}): UNCOMPRESSED, SNAPPY, GZIP, ZSTD and LZ4_RAW
 * both ways, LZ4 (the deprecated codec id, in any writer's framing) and BROTLI read only, each
 * checking the decompressed size against the page header. Not part of pqx's API.
 */
package io.pqx.format.codec;
