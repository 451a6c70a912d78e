package io.pqx.table.lookup;

import java.time.Duration;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.table.connector.source.lookup.LookupOptions;

/**
 * The options of lookups into a pqx table: pqx's own ({@code lookup.refresh-interval}, {@code
 * lookup.metadata-cache.size}, {@code lookup.async*}) and Flink's lookup-cache options ({@link
 * LookupOptions}), which pqx accepts under Flink's keys. Constants only.
 */
@Internal
public final class PqxLookupOptions {
    private PqxLookupOptions() {}

    public static final ConfigOption<Duration> REFRESH_INTERVAL =
            ConfigOptions.key("lookup.refresh-interval")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(1))
                    .withDescription(
                            "Lookups list the table's files again once this long has passed"
                                    + " since the last listing: files written since are read from that"
                                    + " listing on, and a file no longer listed is never read (a file found"
                                    + " gone when a lookup opens it is dropped at once).");

    public static final ConfigOption<MemorySize> METADATA_CACHE_SIZE =
            ConfigOptions.key("lookup.metadata-cache.size")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(64))
                    .withDescription(
                            "Heap each lookup task keeps for the footers, bloom filters and"
                                    + " page indexes of the files it has read (estimated sizes; least"
                                    + " recently used evicted; a file replaced or no longer listed is"
                                    + " dropped), so that lookups read them once. 0 keeps nothing.");

    public static final ConfigOption<Boolean> ASYNC =
            ConfigOptions.key("lookup.async")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Whether lookups are asynchronous: probes wait in a queue, and"
                                    + " each free lookup thread answers the waiting ones (up to"
                                    + " 'lookup.async.batch-size') with one read of the table, their keys"
                                    + " as one filter. Flink's 'table.exec.async-lookup.buffer-capacity'"
                                    + " bounds the probes in flight.");

    public static final ConfigOption<Integer> ASYNC_THREADS =
            ConfigOptions.key("lookup.async.threads")
                    .intType()
                    .defaultValue(2)
                    .withDescription("Threads per lookup task reading for asynchronous lookups.");

    public static final ConfigOption<Integer> ASYNC_BATCH_SIZE =
            ConfigOptions.key("lookup.async.batch-size")
                    .intType()
                    .defaultValue(256)
                    .withDescription(
                            "The most probes one read of the table answers in asynchronous"
                                    + " lookups.");

    /**
     * Flink's {@link LookupOptions#CACHE_TYPE} (the same key, type and default), described for pqx;
     * Flink's {@code DefaultLookupCache.fromConfig} reads it by its key.
     */
    public static final ConfigOption<LookupOptions.LookupCacheType> CACHE =
            ConfigOptions.key(LookupOptions.CACHE_TYPE.key())
                    .enumType(LookupOptions.LookupCacheType.class)
                    .defaultValue(LookupOptions.LookupCacheType.NONE)
                    .withDescription(
                            "NONE: every lookup reads the files. PARTIAL: Flink's partial"
                                    + " lookup cache in front of them, configured by Flink's"
                                    + " 'lookup.partial-cache.*' options (at least one of max-rows,"
                                    + " expire-after-write, expire-after-access). FULL: Flink's full cache,"
                                    + " the whole table (its projected fields) in each task's heap, loaded"
                                    + " by pqx and reloaded as Flink's 'lookup.full-cache.*' options say.");

    /** pqx's lookup options and the Flink lookup-cache options pqx accepts, in this order. */
    public static final List<ConfigOption<?>> LOOKUP_OPTIONS =
            List.of(
                    REFRESH_INTERVAL,
                    METADATA_CACHE_SIZE,
                    ASYNC,
                    ASYNC_THREADS,
                    ASYNC_BATCH_SIZE,
                    CACHE,
                    LookupOptions.PARTIAL_CACHE_MAX_ROWS,
                    LookupOptions.PARTIAL_CACHE_EXPIRE_AFTER_WRITE,
                    LookupOptions.PARTIAL_CACHE_EXPIRE_AFTER_ACCESS,
                    LookupOptions.PARTIAL_CACHE_CACHE_MISSING_KEY,
                    LookupOptions.FULL_CACHE_RELOAD_STRATEGY,
                    LookupOptions.FULL_CACHE_PERIODIC_RELOAD_INTERVAL,
                    LookupOptions.FULL_CACHE_PERIODIC_RELOAD_SCHEDULE_MODE,
                    LookupOptions.FULL_CACHE_TIMED_RELOAD_ISO_TIME,
                    LookupOptions.FULL_CACHE_TIMED_RELOAD_INTERVAL_IN_DAYS);
}
