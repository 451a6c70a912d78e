/**
 * <b>Public API.</b> Read-only views of what a Parquet file's footer says: {@link
 * io.pqx.format.metadata.FileMetadataView} (the file), {@link io.pqx.format.metadata.RowGroupView},
 * {@link io.pqx.format.metadata.ColumnChunkView} with its {@link
 * io.pqx.format.metadata.ChunkStatisticsView}, the Parquet schema as {@link
 * io.pqx.format.metadata.SchemaView} and {@link io.pqx.format.metadata.LeafColumnView}, and the
 * Flink shape of a read as a tree of {@link io.pqx.format.metadata.FieldView}s; plus what the
 * reader reads on demand: {@link io.pqx.format.metadata.BloomFilterView} and {@link
 * io.pqx.format.metadata.PageChecksumCount}.
 *
 * <p>The types here are pqx's own and immutable; no signature carries a parquet-java type, so they
 * stay stable when pqx's internals change. {@code ParquetReader} and {@code ParquetWriter} build
 * them from the footer they read or wrote. This package depends on no internal pqx package (only on
 * {@code io.pqx.format.index} and {@code io.pqx.format.options}).
 */
package io.pqx.format.metadata;
