/**
 * <b>Public API.</b> Read-only views of a column chunk's page index, as {@code
 * ParquetReader.readColumnIndex} and {@code ParquetReader.readOffsetIndex} return them: {@link
 * io.pqx.format.index.ColumnIndexView} (per page bounds, null pages, null counts, boundary order)
 * and {@link io.pqx.format.index.OffsetIndexView} (per page location and first row). The row ranges
 * a planner builds from them ({@code RowSelection}) live with the access plan, in {@code
 * io.pqx.format.prune}.
 *
 * <p>The types here are pqx's own, immutable and free of parquet-java types, so they stay stable
 * when pqx's internals (which use parquet-column's page index classes) change. This package depends
 * on no other pqx package.
 */
package io.pqx.format.index;
