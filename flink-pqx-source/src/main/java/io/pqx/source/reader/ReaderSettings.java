package io.pqx.source.reader;

import org.apache.flink.table.types.logical.RowType;

import java.io.Serializable;
import java.util.List;

/**
 * What the readers are configured with. Immutable.
 *
 * @param producedType the rows emitted: requested columns, partition columns among them
 * @param partitionKeys the columns taken from {@code k=v} directories
 * @param batchSize rows per decoded batch
 * @param verifyChecksums whether page CRCs are verified
 * @param footerCacheSize footers each split reader keeps for the next splits of the same file
 * @param decodeAhead whether the fetcher decodes the next batch while the previous one is emitted
 *     (two alternating batch buffers)
 */
public record ReaderSettings(
        RowType producedType, List<String> partitionKeys, int batchSize, boolean verifyChecksums,
        int footerCacheSize, boolean decodeAhead)
        implements Serializable {
    public ReaderSettings {
        partitionKeys = List.copyOf(partitionKeys);
    }
}
