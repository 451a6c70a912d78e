/**
 * <b>Internal.</b> The decoder: loads the byte ranges of a row group's projected column chunks
 * ({@code RowGroupLoader}, {@code ChunkPlan}), decodes flat leaves in bulk per page and nested
 * leaves through parquet-column's column readers, and assembles Flink columnar batches ({@code
 * RowGroupDecoder}, {@code NestedAssembler}), turning every decoding failure into a {@code
 * CorruptFileException}. Not part of pqx's API; reach it through {@code ParquetReader}.
 */
package io.pqx.format.decode;
