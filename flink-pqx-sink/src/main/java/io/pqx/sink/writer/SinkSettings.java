package io.pqx.sink.writer;

import static io.pqx.sink.writer.SettingChecks.check;

import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.Compression;
import io.pqx.format.options.SortingColumnSpec;
import io.pqx.format.options.WriteOptions;
import io.pqx.sink.file.SortKey;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.PartitionCommitTrigger;
import io.pqx.sink.options.RowGroupMode;
import io.pqx.sink.options.StatisticsLevel;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * The sink's options (and its builder's {@link PartitionWrites}), resolved once (by {@code
 * PqxSink}'s builder) from the {@code PqxSinkOptions} of a Flink {@code Configuration}, in groups,
 * each checked in its own constructor; a refused value is named by its option key, as {@link
 * SettingChecks} words it. Immutable and serializable: it travels with the sink to the task
 * managers, where {@link FileLayout#writeOptions()} gives the Parquet file layout.
 *
 * @param rowGroups where row groups are cut
 * @param encoding the threads that encode row groups
 * @param layout what a file looks like inside: codec, pages, statistics, bloom filters, sorting
 * @param rolling how files are named, how many stay open, and when they roll
 * @param partitionCommit when and how partitions are marked committed
 * @param partitionWrites how rows are spread over partitions, and what an overwrite replaces
 * @param checkpoints what checkpoints do to open files, and the memory they share
 */
@Internal
public record SinkSettings(
        RowGroups rowGroups,
        Encoding encoding,
        FileLayout layout,
        Rolling rolling,
        PartitionCommit partitionCommit,
        PartitionWrites partitionWrites,
        Checkpoints checkpoints)
        implements Serializable {

    /** {@link Checkpoints#memoryBudget()} when {@code sink.memory.budget} is not set. */
    public static final long HEAP_SHARE_BUDGET = -1;

    private static final long MIN_ROLLING_FILE_SIZE = 1L << 20;

    private static final long MIN_MEMORY_BUDGET = 16L << 20;

    public SinkSettings {
        Objects.requireNonNull(rowGroups, "rowGroups");
        Objects.requireNonNull(encoding, "encoding");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(rolling, "rolling");
        Objects.requireNonNull(partitionCommit, "partitionCommit");
        Objects.requireNonNull(partitionWrites, "partitionWrites");
        Objects.requireNonNull(checkpoints, "checkpoints");
        // the one check across groups: flushing at checkpoints cuts row groups exact mode forbids
        check(
                checkpoints.rollOnCheckpoint()
                        || checkpoints.openRowGroup() != OpenRowGroupPolicy.FLUSH
                        || rowGroups.mode() != RowGroupMode.EXACT,
                "sink.checkpoint.open-row-group",
                "flush",
                "must not be flush in exact mode ('sink.row-group.mode' exact), which writes a short row group"
                        + " at every checkpoint, and exact mode allows only a file's last row group"
                        + " to be short (use carry, approximate mode, or"
                        + " 'sink.rolling-policy.roll-on-checkpoint' true)");
    }

    /** The default budget for a JVM whose maximum heap is {@code maxHeap} bytes. */
    public static long defaultBudget(long maxHeap) {
        long min = 64L << 20;
        long max = 1L << 30;
        return Math.max(min, Math.min(max, maxHeap / 16));
    }

    /**
     * Where row groups are cut.
     *
     * @param mode exact (only a file's last row group is short) or approximate
     * @param rows the rows a row group aims at
     * @param bytes the buffered bytes at which a row group is cut, at most the format's maximum
     * @param minRows the fewest rows a row group cut by its bytes has (see {@link
     *     #effectiveMinRows()})
     */
    public record RowGroups(RowGroupMode mode, int rows, long bytes, int minRows)
            implements Serializable {
        public RowGroups {
            Objects.requireNonNull(mode, "mode");
            check(rows > 0, "sink.row-group.rows", rows, "must be > 0");
            check(
                    bytes > 0 && bytes <= WriteOptions.MAX_ROW_GROUP_BYTES,
                    "sink.row-group.bytes",
                    bytes,
                    "must be between 1 and 1 gb");
            check(minRows > 0, "sink.row-group.min-rows", minRows, "must be > 0");
        }

        /** The row-group floor of the byte bound, never above the row target. */
        public int effectiveMinRows() {
            return Math.min(minRows, rows);
        }
    }

    /**
     * The threads that encode row groups.
     *
     * @param threads the encoding threads, or null for the default (see {@link
     *     #effectiveThreads()})
     * @param maxInFlight the most row groups waiting for or in encoding per subtask
     */
    public record Encoding(@Nullable Integer threads, int maxInFlight) implements Serializable {
        public Encoding {
            check(threads == null || threads > 0, "sink.encoding.threads", threads, "must be > 0");
            check(maxInFlight > 0, "sink.encoding.max-in-flight", maxInFlight, "must be > 0");
        }

        /**
         * The encoding threads, or when not set one less than the available processors (at least
         * one): the subtask's own thread, which shreds the rows, keeps a core.
         */
        public int effectiveThreads() {
            return threads != null
                    ? threads
                    : Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
        }
    }

    /**
     * What a file looks like inside. Leaf column names (of bloom filters and sort keys) are checked
     * against the row type by the builder, which knows it.
     *
     * @param codec the compression codec
     * @param compressionLevel the codec's level, or null for the format's default
     * @param dictionaryEnabled whether columns are dictionary-encoded
     * @param pageSizeBytes the bytes a page aims at
     * @param pageRowLimit the most rows of a page
     * @param pageChecksums whether pages carry a CRC
     * @param statisticsLevel which statistics (chunk, page index) are written
     * @param statisticsTruncateLength the longest min/max value kept in statistics
     * @param bloomFilterColumns the leaf columns that get a bloom filter
     * @param bloomFilterNdv the distinct values each bloom filter is sized for
     * @param bloomFilterFpp the false-positive rate each bloom filter is sized for
     * @param sortBy the columns each row group is sorted by, first key first
     * @param variantShredding the shredding type of each shredded VARIANT column, by its path
     * @param encryption makes the Parquet modular encryption of every file where it is written, or
     *     null for plaintext files. It travels with the sink's configuration (which is how a writer
     *     restored from a checkpoint gets its keys back); a checkpoint holds no key
     */
    public record FileLayout(
            Compression codec,
            @Nullable Integer compressionLevel,
            boolean dictionaryEnabled,
            long pageSizeBytes,
            int pageRowLimit,
            boolean pageChecksums,
            StatisticsLevel statisticsLevel,
            int statisticsTruncateLength,
            List<String> bloomFilterColumns,
            long bloomFilterNdv,
            double bloomFilterFpp,
            List<SortKey> sortBy,
            Map<String, LogicalType> variantShredding,
            @Nullable EncryptionFactory encryption)
            implements Serializable {
        public FileLayout {
            Objects.requireNonNull(codec, "codec");
            Objects.requireNonNull(statisticsLevel, "statisticsLevel");
            bloomFilterColumns = List.copyOf(bloomFilterColumns);
            sortBy = List.copyOf(sortBy);
            variantShredding = Map.copyOf(variantShredding);
            checkLevel(codec, compressionLevel);
            check(
                    pageSizeBytes > 0 && pageSizeBytes <= Integer.MAX_VALUE,
                    "sink.page.size",
                    pageSizeBytes,
                    "must be between 1 and 2 gb");
            check(pageRowLimit > 0, "sink.page.row-limit", pageRowLimit, "must be > 0");
            check(
                    statisticsTruncateLength > 0,
                    "sink.statistics.truncate-length",
                    statisticsTruncateLength,
                    "must be > 0");
            check(bloomFilterNdv > 0, "sink.bloom-filter.ndv", bloomFilterNdv, "must be > 0");
            check(
                    bloomFilterFpp > 0 && bloomFilterFpp < 1,
                    "sink.bloom-filter.fpp",
                    bloomFilterFpp,
                    "must be in (0, 1)");
        }

        private static void checkLevel(Compression codec, Integer level) {
            if (level == null) {
                return;
            }
            String key = "sink.compression.level";
            if (codec == Compression.ZSTD) {
                check(level >= 1 && level <= 22, key, level, "must be between 1 and 22 for ZSTD");
            } else if (codec == Compression.GZIP) {
                check(level >= 0 && level <= 9, key, level, "must be between 0 and 9 for GZIP");
            }
        }

        /**
         * The Parquet layout: codec, pages (and their checksums), dictionary, statistics, bloom
         * filters and sorting columns; every option the sink has is set explicitly, so no format
         * default leaks in. Row-group limits are the sink's, so the format's own are set to their
         * maximum.
         *
         * <p>Called where the files are written: the encryption's keys are read here.
         *
         * @throws IllegalArgumentException if the format rejects an option
         * @throws UncheckedIOException if a key cannot be read (the message names where from, never
         *     the key)
         */
        public WriteOptions writeOptions() {
            WriteOptions.Builder b = layoutOptions();
            if (encryption != null) {
                try {
                    b.encryption(encryption.create());
                } catch (IOException e) {
                    throw new UncheckedIOException(
                            "Cannot read the keys to encrypt Parquet files: " + e.getMessage(), e);
                }
            }
            return b.build();
        }

        /**
         * As {@link #writeOptions()}, reading no key: what the client checks. Encryption given as
         * properties is included; keys given by reference are left to the writers.
         *
         * @throws IllegalArgumentException if the format rejects an option
         */
        public WriteOptions checkedWriteOptions() {
            WriteOptions.Builder b = layoutOptions();
            if (encryption instanceof EncryptionFactory.Given given) {
                b.encryption(given.properties());
            }
            return b.build();
        }

        private WriteOptions.Builder layoutOptions() {
            WriteOptions.Builder b =
                    WriteOptions.builder()
                            .codec(codec)
                            .dictionaryEnabled(dictionaryEnabled)
                            .pageSizeBytes((int) pageSizeBytes)
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
            variantShredding.forEach(b::variantShredding);
            for (SortKey key : sortBy) {
                b.sortingColumn(
                        new SortingColumnSpec(key.column(), key.descending(), key.nullsFirst()));
            }
            return b;
        }
    }

    /**
     * How files are named, how many stay open, and when they roll.
     *
     * @param fileNamePattern the part file name pattern (see {@link FileNamePattern})
     * @param maxOpenFiles the most files a subtask keeps open at once
     * @param fileSize the bytes at which a file rolls, at least 1 MiB
     * @param rolloverInterval the longest a file stays open
     * @param inactivityInterval the longest a file stays open without a row
     * @param checkInterval how often the time-based rolling is checked
     */
    public record Rolling(
            String fileNamePattern,
            int maxOpenFiles,
            long fileSize,
            Duration rolloverInterval,
            Duration inactivityInterval,
            Duration checkInterval)
            implements Serializable {
        public Rolling {
            try {
                FileNamePattern.check(fileNamePattern);
            } catch (IllegalArgumentException e) {
                throw SettingChecks.fail("sink.file-name.pattern", fileNamePattern, e.getMessage());
            }
            check(maxOpenFiles > 0, "sink.max-open-files", maxOpenFiles, "must be > 0");
            check(
                    fileSize >= MIN_ROLLING_FILE_SIZE,
                    "sink.rolling-policy.file-size",
                    new MemorySize(Math.max(0, fileSize)),
                    "must be at least 1 mb (smaller files are mostly footer, and every file costs a"
                            + " commit and a reader's open)");
            positive(rolloverInterval, "sink.rolling-policy.rollover-interval");
            positive(inactivityInterval, "sink.rolling-policy.inactivity-interval");
            positive(checkInterval, "sink.rolling-policy.check-interval");
        }

        private static void positive(Duration value, String key) {
            check(!value.isNegative() && !value.isZero(), key, value, "must be > 0");
        }
    }

    /**
     * When and how partitions are marked committed.
     *
     * @param trigger what decides a partition is complete
     * @param delay how long after its time a partition is complete
     * @param successFile whether a committed partition gets a {@code _SUCCESS} file
     */
    public record PartitionCommit(
            PartitionCommitTrigger trigger, Duration delay, boolean successFile)
            implements Serializable {
        public PartitionCommit {
            Objects.requireNonNull(trigger, "trigger");
            check(
                    !delay.isNegative(),
                    "sink.partition-commit.delay",
                    delay,
                    "must not be negative");
        }
    }

    /**
     * What checkpoints do to open files, and the memory all of a subtask's open files share.
     *
     * @param rollOnCheckpoint close every open file at each checkpoint
     * @param openRowGroup when files stay open: carry or flush the open row group
     * @param memoryBudget most bytes all open files of a subtask hold, at least 16 MiB, or {@link
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
        public Checkpoints {
            Objects.requireNonNull(openRowGroup, "openRowGroup");
            check(
                    memoryBudget == HEAP_SHARE_BUDGET || memoryBudget >= MIN_MEMORY_BUDGET,
                    "sink.memory.budget",
                    new MemorySize(Math.max(0, memoryBudget)),
                    "must be at least 16 mb (the encoding of a single open file needs a few mb)");
        }

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
}
