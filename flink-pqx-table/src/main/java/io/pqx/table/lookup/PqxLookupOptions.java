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
                    .withDescription("Lookups list the table's files again at most this long after"
                            + " the last listing: files written since are answered from after it,"
                            + " files removed since are never answered from after it (a file found"
                            + " gone when it is opened is dropped at once).");

    public static final ConfigOption<Integer> FOOTER_CACHE_SIZE =
            ConfigOptions.key("lookup.footer-cache-size")
                    .intType()
                    .defaultValue(256)
                    .withDescription("Footers each lookup task keeps (least recently used evicted),"
                            + " keyed by file path, length and modification time, so that a lookup"
                            + " reads no footer of a file it has seen.");

    /** pqx's lookup options and the Flink lookup-cache options pqx accepts, in this order. */
    public static final List<ConfigOption<?>> LOOKUP_OPTIONS = List.of(REFRESH_INTERVAL,
            FOOTER_CACHE_SIZE, LookupOptions.CACHE_TYPE, LookupOptions.PARTIAL_CACHE_MAX_ROWS,
            LookupOptions.PARTIAL_CACHE_EXPIRE_AFTER_WRITE,
            LookupOptions.PARTIAL_CACHE_EXPIRE_AFTER_ACCESS,
            LookupOptions.PARTIAL_CACHE_CACHE_MISSING_KEY);
}
