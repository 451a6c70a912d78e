/**
 * <b>Public API.</b> The front door of pqx's Parquet container: {@link io.pqx.format.ParquetWriter}
 * writes Flink {@code RowData} as a Parquet file, {@link io.pqx.format.ParquetReader} reads one
 * back as Flink columnar batches or rows (with projection, row selection, page indexes and bloom
 * filters), {@link io.pqx.format.ParquetInspector} looks at a file's footer, page indexes, bloom
 * filters and page checksums without reading rows, and {@link io.pqx.format.DecimalVectors} reads
 * decimals of those batches without allocating.
 *
 * <p>The packages declared public are this one, {@code options}, {@code error}, {@code io}, {@code
 * index}, {@code metadata}, {@code predicate} and {@code prune} (listed in the module's README.md);
 * every other sub-package is internal and may change without notice. Public signatures hand out
 * only types of public packages, Flink and the JDK (checked by e2e-tests' {@code
 * ModuleBoundaryTest}).
 */
package io.pqx.format;
