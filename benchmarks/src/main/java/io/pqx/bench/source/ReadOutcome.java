package io.pqx.bench.source;

import io.pqx.bench.format.DuckDbAggregates;

/**
 * What one reader's run of a query gave: its aggregates (checked), and, where the reader can tell,
 * the bytes it read from the file and the rows of which it decoded a column (-1 if unknown).
 */
record ReadOutcome(DuckDbAggregates aggregates, long bytesRead, long rowsDecoded) {}
