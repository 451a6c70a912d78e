package io.pqx.source.enumerator;

import io.pqx.format.predicate.Predicate;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.crypto.DecryptionFactory;
import io.pqx.source.discovery.PartitionDirectory;
import io.pqx.source.eventtime.WatermarkColumn;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

/**
 * What the enumerator is configured with, resolved from the source's options, in four groups, each
 * checked in its own constructor. Immutable.
 *
 * @param files which files are the source's
 * @param discovery how often and how far back a continuous source lists
 * @param planning how footers are read and splits cut
 * @param filtering what the rows must satisfy, for pruning
 * @param watermarkColumn the column whose statistics order the assignment, or null for discovery
 *     order
 * @param decryption makes the keys the footer reads use, or null for none (its {@code toString}
 *     shows no key, so neither does this record's)
 */
@Internal
public record EnumeratorSettings(
        Files files,
        Discovery discovery,
        Planning planning,
        Filtering filtering,
        @Nullable WatermarkColumn watermarkColumn,
        @Nullable DecryptionFactory decryption)
        implements Serializable {

    public EnumeratorSettings {
        Objects.requireNonNull(files, "files");
        Objects.requireNonNull(discovery, "discovery");
        Objects.requireNonNull(planning, "planning");
        Objects.requireNonNull(filtering, "filtering");
    }

    /** Settings with no watermark column (splits in discovery order) and no decryption. */
    public EnumeratorSettings(
            Files files, Discovery discovery, Planning planning, Filtering filtering) {
        this(files, discovery, planning, filtering, null, null);
    }

    /** Settings with this watermark column (or none) and no decryption. */
    public EnumeratorSettings(
            Files files,
            Discovery discovery,
            Planning planning,
            Filtering filtering,
            @Nullable WatermarkColumn watermarkColumn) {
        this(files, discovery, planning, filtering, watermarkColumn, null);
    }

    /** Settings with no watermark column, decrypting with these keys (or none). */
    public EnumeratorSettings(
            Files files,
            Discovery discovery,
            Planning planning,
            Filtering filtering,
            @Nullable DecryptionFactory decryption) {
        this(files, discovery, planning, filtering, null, decryption);
    }

    /** Whether the source lists its paths again and again. */
    public boolean continuous() {
        return discovery.continuous();
    }

    /** The source paths, for messages. */
    public List<String> paths() {
        return files.paths();
    }

    /**
     * Which files are the source's.
     *
     * @param paths the source paths (URIs), files or directories
     * @param partitionKeys the columns of the row type taken from {@code k=v} directories
     * @param partitions when not null, only files of these partitions are read: each map gives
     *     every partition key its directory text ({@code __DEFAULT_PARTITION__} for a file outside
     *     a {@code k=v} directory of that key), compared as text
     * @param defaultPartitionName the directory value that stands for a null partition value
     */
    public record Files(
            List<String> paths,
            List<String> partitionKeys,
            @Nullable List<Map<String, String>> partitions,
            String defaultPartitionName)
            implements Serializable {
        public Files {
            paths = List.copyOf(paths);
            partitionKeys = List.copyOf(partitionKeys);
            partitions = partitions == null ? null : List.copyOf(partitions);
            Objects.requireNonNull(defaultPartitionName, "defaultPartitionName");
        }

        /** Every partition of {@code paths}, no partition keys. */
        public static Files of(List<String> paths) {
            return new Files(paths, List.of(), null, PartitionDirectory.DEFAULT_PARTITION);
        }
    }

    /**
     * How a source lists its paths.
     *
     * @param monitorIntervalMillis how often a continuous source lists its paths; 0 for a bounded
     *     one
     * @param horizonMillis the discovery horizon (see {@link SeenFiles})
     * @param failOnLateFiles continuous mode: a late file (see {@link SeenFiles}) fails the job
     *     without restart instead of being skipped with a warning and a count
     */
    public record Discovery(long monitorIntervalMillis, long horizonMillis, boolean failOnLateFiles)
            implements Serializable {
        public Discovery {
            if (monitorIntervalMillis < 0 || horizonMillis < 0) {
                throw new IllegalArgumentException(
                        "Cannot configure a pqx enumerator: monitor"
                                + " interval "
                                + monitorIntervalMillis
                                + " ms and horizon "
                                + horizonMillis
                                + " ms must not be negative");
            }
        }

        /** Bounded: one listing. */
        public static Discovery bounded() {
            return new Discovery(0, 0, false);
        }

        public boolean continuous() {
            return monitorIntervalMillis > 0;
        }
    }

    /**
     * How footers are read and splits cut.
     *
     * @param splitTargetBytes the compressed bytes a split aims at
     * @param footerThreads the threads that read footers
     * @param footerCacheSize how many footers the cache keeps
     * @param batchFiles how many files one planning step reads the footers of (the bound on the
     *     footers held while being read); their splits are handed out when the step ends
     * @param maxPendingSplits planning pauses while at least this many planned splits wait for a
     *     reader (the files not yet planned wait in the state, far smaller than their splits)
     * @param footerTailMaxBytes the most bytes of a file's tail a split carries to its reader (0:
     *     none)
     * @param footerTailsHeldBytes the most bytes of footer tails held for splits not yet sent
     */
    public record Planning(
            long splitTargetBytes,
            int footerThreads,
            int footerCacheSize,
            int batchFiles,
            int maxPendingSplits,
            int footerTailMaxBytes,
            long footerTailsHeldBytes)
            implements Serializable {
        /** The defaults of the planning options for the batch size and the pending bound. */
        public static final int DEFAULT_BATCH_FILES = 256;

        public static final int DEFAULT_MAX_PENDING_SPLITS = 4096;

        /** The defaults of the footer tail options. */
        public static final int DEFAULT_FOOTER_TAIL_MAX_BYTES = 1024 * 1024;

        public static final long DEFAULT_FOOTER_TAILS_HELD_BYTES = 32L * 1024 * 1024;

        public Planning {
            if (splitTargetBytes <= 0
                    || footerThreads <= 0
                    || footerCacheSize < 0
                    || batchFiles <= 0
                    || maxPendingSplits <= 0
                    || footerTailMaxBytes < 0
                    || footerTailsHeldBytes < 0) {
                throw new IllegalArgumentException(
                        "Cannot configure a pqx enumerator: split target "
                                + splitTargetBytes
                                + " bytes, footer threads "
                                + footerThreads
                                + ", planning batch "
                                + batchFiles
                                + " files and pending bound "
                                + maxPendingSplits
                                + " splits must be positive, footer cache size "
                                + footerCacheSize
                                + ", footer tail bound "
                                + footerTailMaxBytes
                                + " bytes and tails held "
                                + footerTailsHeldBytes
                                + " bytes not negative");
            }
        }

        /** With the default footer tail bounds. */
        public Planning(
                long splitTargetBytes,
                int footerThreads,
                int footerCacheSize,
                int batchFiles,
                int maxPendingSplits) {
            this(
                    splitTargetBytes,
                    footerThreads,
                    footerCacheSize,
                    batchFiles,
                    maxPendingSplits,
                    DEFAULT_FOOTER_TAIL_MAX_BYTES,
                    DEFAULT_FOOTER_TAILS_HELD_BYTES);
        }

        /** With the default planning batch and pending bound. */
        public Planning(long splitTargetBytes, int footerThreads, int footerCacheSize) {
            this(
                    splitTargetBytes,
                    footerThreads,
                    footerCacheSize,
                    DEFAULT_BATCH_FILES,
                    DEFAULT_MAX_PENDING_SPLITS);
        }
    }

    /**
     * What the rows must satisfy, for pruning.
     *
     * @param rowType the requested row type, partition columns included (what the predicate names)
     * @param predicate the source's predicate, or null for none
     * @param inListCap IN lists longer than this are not checked against statistics value by value
     * @param dynamicFilteringFields the fields Flink's dynamic filtering (DPP) sends data for, in
     *     the planner's order (the data's fields match them by position); each has a dynamic slot
     *     {@link DynamicFilteringSlots#slotName} in the predicate. Empty: none
     * @param dynamicFilteringFpp the false-positive rate of the bloom filters made from that data
     */
    public record Filtering(
            RowType rowType,
            @Nullable Predicate predicate,
            int inListCap,
            List<String> dynamicFilteringFields,
            double dynamicFilteringFpp)
            implements Serializable {
        public Filtering {
            Objects.requireNonNull(rowType, "rowType");
            dynamicFilteringFields = List.copyOf(dynamicFilteringFields);
        }

        /** No predicate, no dynamic filtering. */
        public static Filtering none(RowType rowType) {
            return new Filtering(
                    rowType, null, StatisticsPruner.DEFAULT_IN_LIST_CAP, List.of(), 0.01);
        }
    }
}
