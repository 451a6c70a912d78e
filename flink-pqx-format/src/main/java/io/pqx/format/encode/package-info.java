/**
 * <b>Internal.</b> The encoder: shreds Flink {@code RowData} into per-leaf values and Dremel levels
 * ({@code RowShredder}, {@code RowGroupBuffer}), encodes each leaf's column chunk with
 * parquet-column's column writers, possibly on an executor and while the row group fills ({@code
 * ColumnChunkEncoder}, {@code IncrementalRowGroupEncoder}), and lays out row groups, page indexes,
 * bloom filters and footer on the stream ({@code FileAssembler}). Not part of pqx's API; reach it
 * through {@code ParquetWriter}.
 */
package io.pqx.format.encode;
