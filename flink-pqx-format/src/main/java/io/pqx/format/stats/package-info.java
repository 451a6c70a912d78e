/**
 * <b>Internal.</b> What a file says about its values: column chunk statistics with the rules for
 * when their bounds may be trusted ({@code StatisticsConverter}, {@code ChunkStatistics}), bound
 * truncation ({@code BinaryBounds}), column and offset indexes ({@code PageIndexes}) and
 * split-block bloom filters ({@code BloomFilters}), each converted to and from Thrift and read with
 * checked lengths. Not part of pqx's API.
 */
package io.pqx.format.stats;
