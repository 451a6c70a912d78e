/**
 * <b>Internal.</b> The file footer: reads it with bounded memory and validates it against itself
 * and the file ({@code FooterReader}, {@code FooterValidator}, {@code BoundedThrift}) into typed
 * views ({@code FileMetadata}, {@code RowGroupMetadata}, {@code ColumnChunkMetadata}), converts the
 * schema between parquet-column and Thrift ({@code SchemaElements}), and writes the footer ({@code
 * FooterWriter}). Not part of pqx's API.
 */
package io.pqx.format.footer;
