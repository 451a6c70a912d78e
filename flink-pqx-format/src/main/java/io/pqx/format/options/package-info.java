/**
 * <b>Public API.</b> The immutable, validated settings of the reader and the writer: {@link
 * io.pqx.format.options.WriteOptions} (codec, page format and sizes, dictionary, row-group limits,
 * statistics, page index, bloom filters, footer metadata) and {@link
 * io.pqx.format.options.ReadOptions} (batch size, footer and page size limits, checksum
 * verification, whether a recorded Flink schema is used), with the value types they take ({@link
 * io.pqx.format.options.Compression}, {@link io.pqx.format.options.PageVersion}, {@link
 * io.pqx.format.options.BloomFilterSpec}, {@link io.pqx.format.options.SortingColumnSpec}).
 */
package io.pqx.format.options;
