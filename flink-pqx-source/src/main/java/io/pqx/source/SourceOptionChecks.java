package io.pqx.source;

import io.pqx.format.options.ClosestKey;
import io.pqx.source.crypto.ConfiguredDecryption;
import io.pqx.source.crypto.DecryptionFactory;
import io.pqx.source.eventtime.WatermarkColumn;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.types.logical.RowType;

/**
 * The checks {@link PqxSourceBuilder#build()} makes of the source's options: every key known and
 * every value parsed, positive sizes, the watermark column, and decryption given one way. Each
 * failure is an {@link IllegalArgumentException} naming the option, never a key's value.
 */
final class SourceOptionChecks {
    private SourceOptionChecks() {}

    static void checkKeys(Configuration options) {
        List<String> known = PqxSourceOptions.all().stream().map(ConfigOption::key).toList();
        for (String key : options.keySet()) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: option "
                                + key
                                + " is unknown"
                                + ClosestKey.hint(key, known));
            }
        }
        for (ConfigOption<?> option : PqxSourceOptions.all()) {
            try {
                options.getOptional(option);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: option "
                                + option.key()
                                + " has a value that does not parse ("
                                + e.getMessage()
                                + ")",
                        e);
            }
        }
    }

    /** The checked watermark column, or null when none is set. */
    static WatermarkColumn watermarkColumn(
            Configuration options, RowType rowType, List<String> partitionKeys) {
        Optional<String> column = options.getOptional(PqxSourceOptions.WATERMARK_COLUMN);
        TimeUnit unit = options.getOptional(PqxSourceOptions.WATERMARK_UNIT).orElse(null);
        if (column.isEmpty()) {
            if (unit != null) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: "
                                + PqxSourceOptions.WATERMARK_UNIT.key()
                                + " is set without "
                                + PqxSourceOptions.WATERMARK_COLUMN.key());
            }
            return null;
        }
        if (partitionKeys.contains(column.get())) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: watermark column "
                            + column.get()
                            + " is a partition key, which has no statistics");
        }
        try {
            return WatermarkColumn.of(rowType, column.get(), unit);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Cannot build a pqx source: " + e.getMessage(), e);
        }
    }

    /**
     * The decryption given to {@link #decryption}, or configured by the {@code source.decryption.*}
     * options (not both); null for none.
     */
    static DecryptionFactory decryption(Configuration options, DecryptionFactory decryption) {
        Optional<String> footerKey = options.getOptional(PqxSourceOptions.DECRYPTION_FOOTER_KEY);
        Optional<String> columnKeys = options.getOptional(PqxSourceOptions.DECRYPTION_COLUMN_KEYS);
        Optional<String> aadPrefix = options.getOptional(PqxSourceOptions.DECRYPTION_AAD_PREFIX);
        Optional<String> retriever =
                options.getOptional(PqxSourceOptions.DECRYPTION_KEY_RETRIEVER_FACTORY);
        if (footerKey.isEmpty()
                && columnKeys.isEmpty()
                && aadPrefix.isEmpty()
                && retriever.isEmpty()) {
            return decryption;
        }
        if (decryption != null) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: decryption is given both to decryption(...) and"
                            + " by source.decryption.* options; give it one way");
        }
        try {
            return new ConfiguredDecryption(
                    footerKey.orElse(null),
                    columnKeys.map(ConfiguredDecryption::parseColumnKeys).orElse(Map.of()),
                    aadPrefix.orElse(null),
                    retriever.orElse(null));
        } catch (IllegalArgumentException e) {
            // the message names the option's key, never its value
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: decryption options: " + e.getMessage());
        }
    }

    static void requirePositive(ConfigOption<?> option, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: "
                            + option.key()
                            + " must be positive, is "
                            + value);
        }
    }

    /** The options' values in range: positive sizes and counts, nothing negative, fpp in (0, 1). */
    static void checkValues(Configuration options) {
        long interval =
                options.getOptional(PqxSourceOptions.MONITOR_INTERVAL)
                        .map(Duration::toMillis)
                        .orElse(0L);
        if (options.getOptional(PqxSourceOptions.MONITOR_INTERVAL).isPresent() && interval <= 0) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: "
                            + PqxSourceOptions.MONITOR_INTERVAL.key()
                            + " must be positive, is "
                            + options.get(PqxSourceOptions.MONITOR_INTERVAL));
        }
        long target = options.get(PqxSourceOptions.SPLIT_TARGET_SIZE).getBytes();
        int footerThreads = options.get(PqxSourceOptions.FOOTER_THREADS);
        int cacheSize = options.get(PqxSourceOptions.FOOTER_CACHE_SIZE);
        int planningBatch = options.get(PqxSourceOptions.PLANNING_BATCH_FILES);
        int maxPendingSplits = options.get(PqxSourceOptions.PLANNING_MAX_PENDING_SPLITS);
        long tailMax = options.get(PqxSourceOptions.FOOTER_TAIL_MAX_SIZE).getBytes();
        if (tailMax > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: "
                            + PqxSourceOptions.FOOTER_TAIL_MAX_SIZE.key()
                            + " must be below 2 GiB, is "
                            + options.get(PqxSourceOptions.FOOTER_TAIL_MAX_SIZE));
        }
        int readerCacheSize = options.get(PqxSourceOptions.READER_FOOTER_CACHE_SIZE);
        long horizon = options.get(PqxSourceOptions.DISCOVERY_HORIZON).toMillis();
        int batchSize = options.get(PqxSourceOptions.BATCH_SIZE);
        requirePositive(PqxSourceOptions.SPLIT_TARGET_SIZE, target);
        requirePositive(PqxSourceOptions.FOOTER_THREADS, footerThreads);
        requirePositive(PqxSourceOptions.PLANNING_BATCH_FILES, planningBatch);
        requirePositive(PqxSourceOptions.PLANNING_MAX_PENDING_SPLITS, maxPendingSplits);
        requirePositive(PqxSourceOptions.BATCH_SIZE, batchSize);
        if (readerCacheSize < 0) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: "
                            + PqxSourceOptions.READER_FOOTER_CACHE_SIZE.key()
                            + " is negative");
        }
        if (cacheSize < 0 || horizon < 0) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: "
                            + (cacheSize < 0
                                    ? PqxSourceOptions.FOOTER_CACHE_SIZE.key() + " is negative"
                                    : PqxSourceOptions.DISCOVERY_HORIZON.key() + " is negative"));
        }
        int inListCap = options.get(PqxSourceOptions.FILTER_IN_LIST_CAP);
        if (inListCap < 0) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: "
                            + PqxSourceOptions.FILTER_IN_LIST_CAP.key()
                            + " is negative");
        }
        long expectedKeys = options.get(PqxSourceOptions.RUNTIME_FILTER_EXPECTED_KEYS);
        double fpp = options.get(PqxSourceOptions.RUNTIME_FILTER_FPP);
        requirePositive(PqxSourceOptions.RUNTIME_FILTER_EXPECTED_KEYS, expectedKeys);
        if (!(fpp > 0 && fpp < 1)) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: "
                            + PqxSourceOptions.RUNTIME_FILTER_FPP.key()
                            + " must lie strictly between 0 and 1, is "
                            + fpp);
        }
    }
}
