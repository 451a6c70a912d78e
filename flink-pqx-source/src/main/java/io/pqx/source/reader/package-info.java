/**
 * Internal. The source reader: one split at a time per subtask, its row groups read through the
 * format's {@code ParquetReader.readRowGroup} batches, adapted to the requested schema (widening,
 * missing columns, partition columns) without copying rows, and the position of every emitted row
 * tracked for exact restore.
 */
package io.pqx.source.reader;
