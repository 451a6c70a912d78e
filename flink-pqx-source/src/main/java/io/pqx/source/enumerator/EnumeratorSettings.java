package io.pqx.source.enumerator;

import io.pqx.format.predicate.Predicate;

import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * What the enumerator is configured with, resolved from the source's options. Immutable.
 *
 * @param paths the source paths (URIs), files or directories
 * @param monitorIntervalMillis how often a continuous source lists its paths; 0 for a bounded one
 * @param splitTargetBytes the compressed bytes a split aims at
 * @param footerThreads the threads that read footers
 * @param footerCacheSize how many footers the cache keeps
 * @param horizonMillis the discovery horizon (see {@link SeenFiles})
 * @param rowType the requested row type, partition columns included (what the predicate names)
 * @param partitionKeys the columns of {@code rowType} taken from {@code k=v} directories
 * @param predicate the source's predicate, or null for none
 * @param inListCap IN lists longer than this are not checked against statistics value by value
 * @param partitions when not null, only files of these partitions are read: each map gives every
 *     partition key its directory text ({@code __DEFAULT_PARTITION__} for a file outside a {@code
 *     k=v} directory of that key), compared as text
 * @param defaultPartitionName the directory value that stands for a null partition value
 * @param dynamicFilteringFields the fields Flink's dynamic filtering (DPP) sends data for, in the
 *     planner's order (the data's fields match them by position); each has a dynamic slot {@link
 *     DynamicFilteringSlots#slotName} in the predicate. Empty: none
 * @param dynamicFilteringFpp the false-positive rate of the bloom filters made from that data
 * @param failOnLateFiles continuous mode: a late file (see {@link SeenFiles}) fails the job
 *     without restart instead of being skipped with a warning and a count
 */
public record EnumeratorSettings(
        List<String> paths,
        long monitorIntervalMillis,
        long splitTargetBytes,
        int footerThreads,
        int footerCacheSize,
        long horizonMillis,
        RowType rowType,
        List<String> partitionKeys,
        @Nullable Predicate predicate,
        int inListCap,
        @Nullable List<Map<String, String>> partitions,
        String defaultPartitionName,
        List<String> dynamicFilteringFields,
        double dynamicFilteringFpp,
        boolean failOnLateFiles) implements Serializable {

    public EnumeratorSettings {
        paths = List.copyOf(paths);
        dynamicFilteringFields = List.copyOf(dynamicFilteringFields);
        partitionKeys = List.copyOf(partitionKeys);
        partitions = partitions == null ? null : List.copyOf(partitions);
        java.util.Objects.requireNonNull(defaultPartitionName, "defaultPartitionName");
    }

    /** Settings that skip late files. */
    public EnumeratorSettings(List<String> paths, long monitorIntervalMillis, long splitTargetBytes,
            int footerThreads, int footerCacheSize, long horizonMillis, RowType rowType,
            List<String> partitionKeys, @Nullable Predicate predicate, int inListCap,
            @Nullable List<Map<String, String>> partitions, String defaultPartitionName,
            List<String> dynamicFilteringFields, double dynamicFilteringFpp) {
        this(paths, monitorIntervalMillis, splitTargetBytes, footerThreads, footerCacheSize,
                horizonMillis, rowType, partitionKeys, predicate, inListCap, partitions,
                defaultPartitionName, dynamicFilteringFields, dynamicFilteringFpp, false);
    }

    /** Settings without dynamic filtering. */
    public EnumeratorSettings(List<String> paths, long monitorIntervalMillis, long splitTargetBytes,
            int footerThreads, int footerCacheSize, long horizonMillis, RowType rowType,
            List<String> partitionKeys, @Nullable Predicate predicate, int inListCap,
            @Nullable List<Map<String, String>> partitions, String defaultPartitionName) {
        this(paths, monitorIntervalMillis, splitTargetBytes, footerThreads, footerCacheSize,
                horizonMillis, rowType, partitionKeys, predicate, inListCap, partitions,
                defaultPartitionName, List.of(), 0.01);
    }

    /** Settings reading every partition. */
    public EnumeratorSettings(List<String> paths, long monitorIntervalMillis, long splitTargetBytes,
            int footerThreads, int footerCacheSize, long horizonMillis, RowType rowType,
            List<String> partitionKeys, @Nullable Predicate predicate, int inListCap) {
        this(paths, monitorIntervalMillis, splitTargetBytes, footerThreads, footerCacheSize,
                horizonMillis, rowType, partitionKeys, predicate, inListCap, null,
                io.pqx.source.discovery.PartitionDirectory.DEFAULT_PARTITION);
    }

    /** Settings with no predicate and no partition keys (tests). */
    public EnumeratorSettings(List<String> paths, long monitorIntervalMillis, long splitTargetBytes,
            int footerThreads, int footerCacheSize, long horizonMillis) {
        this(paths, monitorIntervalMillis, splitTargetBytes, footerThreads, footerCacheSize,
                horizonMillis, new RowType(List.of()), List.of(), null,
                io.pqx.format.prune.StatisticsPruner.DEFAULT_IN_LIST_CAP);
    }

    public boolean continuous() {
        return monitorIntervalMillis > 0;
    }
}
