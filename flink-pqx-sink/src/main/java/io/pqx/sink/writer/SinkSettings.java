package io.pqx.sink.writer;

import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.Compression;
import io.pqx.format.options.SortingColumnSpec;
import io.pqx.format.options.WriteOptions;
import io.pqx.sink.file.SortKey;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.PartitionCommitTrigger;
import io.pqx.sink.options.RowGroupMode;
import io.pqx.sink.options.StatisticsLevel;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * The sink's options (and its builder's {@link PartitionWrites}), resolved and validated once (by
 * {@code PqxSink}'s builder) from the {@code PqxSinkOptions} of a Flink {@code Configuration}.
 * Immutable and serializable: it travels with the sink to the task managers, where {@link
 * #writeOptions()} gives the Parquet file layout.
 */
@Internal
public record SinkSettings(
        RowGroupMode rowGroupMode,
        int rowGroupRows,
        long rowGroupBytes,
        int rowGroupMinRows,
        int encodingThreads,
        int maxInFlight,
        Compression compression,
        Integer compressionLevel,
        boolean dictionaryEnabled,
        int pageSizeBytes,
        int pageRowLimit,
        boolean pageChecksums,
        StatisticsLevel statisticsLevel,
        int statisticsTruncateLength,
        List<String> bloomFilterColumns,
        long bloomFilterNdv,
        double bloomFilterFpp,
        List<SortKey> sortBy,
        String fileNamePattern,
        int maxOpenFiles,
        long rollingFileSize,
        Duration rolloverInterval,
        Duration inactivityInterval,
        Duration rollingCheckInterval,
        PartitionCommitTrigger partitionCommitTrigger,
        Duration partitionCommitDelay,
        boolean successFile,
        PartitionWrites partitionWrites,
        Checkpoints checkpoints)
        implements Serializable {

    /**
     * What checkpoints do to open files, and the memory all of a subtask's open files share.
     *
     * @param rollOnCheckpoint close every open file at each checkpoint
     * @param openRowGroup when files stay open: carry or flush the open row group
     * @param memoryBudget most bytes all open files of a subtask hold, or {@link
     *     #HEAP_SHARE_BUDGET} for the default share of the TaskManager's heap
     * @param discardPublishedOpenFiles a restore goes on without the open files a later run
     *     published ({@code sink.restore.discard-published-open-files}) rather than failing
     */
    public record Checkpoints(
            boolean rollOnCheckpoint,
            OpenRowGroupPolicy openRowGroup,
            long memoryBudget,
            boolean discardPublishedOpenFiles)
            implements Serializable {

        /**
         * The budget in bytes in this JVM: the one set, or by default 1/16 of the maximum heap,
         * between 64 MiB and 1 GiB (resolved where the writer runs, on the TaskManager).
         */
        public long memoryBudgetBytes() {
            return memoryBudget == HEAP_SHARE_BUDGET
                    ? defaultBudget(Runtime.getRuntime().maxMemory())
                    : memoryBudget;
        }
    }

    /** {@link Checkpoints#memoryBudget()} when {@code sink.memory.budget} is not set. */
    public static final long HEAP_SHARE_BUDGET = -1;

    /** The default budget for a JVM whose maximum heap is {@code maxHeap} bytes. */
    public static long defaultBudget(long maxHeap) {
        long min = 64L << 20;
        long max = 1L << 30;
        return Math.max(min, Math.min(max, maxHeap / 16));
    }

    public SinkSettings {
        bloomFilterColumns = List.copyOf(bloomFilterColumns);
        sortBy = List.copyOf(sortBy);
    }

    /** The row-group floor of the byte bound, never above the row target. */
    public int effectiveMinRows() {
        return Math.min(rowGroupMinRows, rowGroupRows);
    }

    /**
     * The Parquet layout: codec, pages (and their checksums), dictionary, statistics, bloom filters
     * and sorting columns; every option the sink has is set explicitly, so no format default leaks
     * in. Row-group limits are the sink's, so the format's own are set to their maximum.
     *
     * @throws IllegalArgumentException if the format rejects an option
     */
    public WriteOptions writeOptions() {
        WriteOptions.Builder b =
                WriteOptions.builder()
                        .codec(compression)
                        .dictionaryEnabled(dictionaryEnabled)
                        .pageSizeBytes(pageSizeBytes)
                        .pageRowLimit(pageRowLimit)
                        .pageChecksums(pageChecksums)
                        .statisticsEnabled(statisticsLevel.chunkStatistics())
                        .pageIndexEnabled(statisticsLevel.pageIndex())
                        .statisticsTruncateLength(statisticsTruncateLength)
                        .columnIndexTruncateLength(statisticsTruncateLength)
                        .rowGroupRows(Integer.MAX_VALUE)
                        .rowGroupBytes(WriteOptions.MAX_ROW_GROUP_BYTES);
        if (compressionLevel != null) {
            b.compressionLevel(compressionLevel);
        }
        for (String column : bloomFilterColumns) {
            b.bloomFilter(column, new BloomFilterSpec(bloomFilterNdv, bloomFilterFpp));
        }
        for (SortKey key : sortBy) {
            b.sortingColumn(
                    new SortingColumnSpec(key.column(), key.descending(), key.nullsFirst()));
        }
        return b.build();
    }

    /**
     * The encoding threads, or when not set (0) one less than the available processors (at least
     * one): the subtask's own thread, which shreds the rows, keeps a core.
     */
    public int effectiveEncodingThreads() {
        return encodingThreads > 0
                ? encodingThreads
                : Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    }
}
