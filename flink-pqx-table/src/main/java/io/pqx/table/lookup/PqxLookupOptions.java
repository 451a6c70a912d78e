package io.pqx.table.lookup;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.connector.source.lookup.LookupOptions;

import java.time.Duration;
import java.util.List;

/**
 * The options of lookups into a pqx table: pqx's own ({@code lookup.refresh-interval}, {@code
 * lookup.footer-cache-size}) and Flink's partial-cache options ({@link LookupOptions}), which pqx
 * accepts under Flink's keys. Constants only.
 */
public final class PqxLookupOptions {
    private PqxLookupOptions() {}

    public static final ConfigOption<Duration> REFRESH_INTERVAL =
            ConfigOptions.key("lookup.refresh-interval")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(1))
                    .withDescription("Lookups list the table's files again once this long has passed"
                            + " since the last listing: files written since are read from that"
                            + " listing on, and a file no longer listed is never read (a file found"
                            + " gone when a lookup opens it is dropped at once).");

    public static final ConfigOption<Integer> FOOTER_CACHE_SIZE =
            ConfigOptions.key("lookup.footer-cache-size")
                    .intType()
                    .defaultValue(256)
                    .withDescription("Footers each lookup task keeps (least recently used evicted),"
                            + " keyed by file path, length and modification time, so that a lookup"
                            + " reads no footer of a file it has seen.");

    /**
     * Flink's {@link LookupOptions#CACHE_TYPE} (the same key, type and default), described for
     * pqx; Flink's {@code DefaultLookupCache.fromConfig} reads it by its key.
     */
    public static final ConfigOption<LookupOptions.LookupCacheType> CACHE =
            ConfigOptions.key(LookupOptions.CACHE_TYPE.key())
                    .enumType(LookupOptions.LookupCacheType.class)
                    .defaultValue(LookupOptions.LookupCacheType.NONE)
                    .withDescription("NONE: every lookup reads the files. PARTIAL: Flink's partial"
                            + " lookup cache in front of them, configured by Flink's"
                            + " 'lookup.partial-cache.*' options (at least one of max-rows,"
                            + " expire-after-write, expire-after-access). FULL is refused: Flink"
                            + " builds a full cache only from an InputFormat scan, and pqx's scan is"
                            + " a FLIP-27 source.");

    /** pqx's lookup options and the Flink lookup-cache options pqx accepts, in this order. */
    public static final List<ConfigOption<?>> LOOKUP_OPTIONS = List.of(REFRESH_INTERVAL,
            FOOTER_CACHE_SIZE, CACHE, LookupOptions.PARTIAL_CACHE_MAX_ROWS,
            LookupOptions.PARTIAL_CACHE_EXPIRE_AFTER_WRITE,
            LookupOptions.PARTIAL_CACHE_EXPIRE_AFTER_ACCESS,
            LookupOptions.PARTIAL_CACHE_CACHE_MISSING_KEY);
}
