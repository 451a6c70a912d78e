/**
 * <b>Internal.</b> The schema mapping between Flink and Parquet: a Flink {@code RowType} to the
 * Parquet schema pqx writes ({@code FlinkToParquetSchema}), a file's Parquet schema (standard and
 * legacy LIST/MAP layouts) to a Flink {@code RowType} ({@code ParquetToFlinkSchema}), and the
 * {@code SchemaNode} tree with exact Dremel levels that links the two for the encoder and the
 * decoder, with projection ({@code SchemaProjection}). Not part of pqx's API.
 */
package io.pqx.format.schema;
