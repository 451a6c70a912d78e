package io.pqx.table.lookup;

import io.pqx.format.predicate.Predicate;
import io.pqx.source.PqxSource;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.source.InputFormatProvider;
import org.apache.flink.table.connector.source.LookupTableSource.LookupRuntimeProvider;
import org.apache.flink.table.connector.source.lookup.AsyncLookupFunctionProvider;
import org.apache.flink.table.connector.source.lookup.FullCachingLookupProvider;
import org.apache.flink.table.connector.source.lookup.LookupFunctionProvider;
import org.apache.flink.table.connector.source.lookup.LookupOptions;
import org.apache.flink.table.connector.source.lookup.PartialCachingAsyncLookupProvider;
import org.apache.flink.table.connector.source.lookup.PartialCachingLookupProvider;
import org.apache.flink.table.connector.source.lookup.cache.DefaultLookupCache;
import org.apache.flink.table.connector.source.lookup.cache.trigger.CacheReloadTrigger;
import org.apache.flink.table.connector.source.lookup.cache.trigger.PeriodicCacheReloadTrigger;
import org.apache.flink.table.connector.source.lookup.cache.trigger.TimedCacheReloadTrigger;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * The lookup runtime of a pqx table, as {@code lookup.cache} and {@code lookup.async} choose it: a
 * {@link PqxLookupFunction} or a {@link PqxAsyncLookupFunction} alone (NONE, the default) or behind
 * Flink's partial cache (PARTIAL, Flink's {@code lookup.partial-cache.*} options), or Flink's full
 * cache loaded by {@link PqxFullCacheInputFormat} (FULL, reloaded as Flink's {@code
 * lookup.full-cache.*} options say).
 */
@Internal
public final class PqxLookupProvider {
    private PqxLookupProvider() {}

    /**
     * The provider for a lookup into a table.
     *
     * @param listing lists the table's files (its partitions restricted as the scan is)
     * @param keys Flink's key paths into the row the lookup gives ({@code LookupContext.getKeys()}:
     *     into the projection when one was pushed, else into the table's row)
     * @param projection the top-level fields emitted, or null for the table's whole row
     * @param filter a pushed filter rows must pass, or null
     * @throws ValidationException for a nested key or projection, or a bad option, naming the table
     */
    public static LookupRuntimeProvider create(
            String tableName,
            PqxSource<RowData> listing,
            RowType tableType,
            List<String> partitionKeys,
            int[][] keys,
            int[][] projection,
            Predicate filter,
            ReadableConfig options) {
        int[] outputFields =
                projection == null ? null : topLevel(tableName, "projection", projection);
        int[] keyFields = topLevel(tableName, "lookup key", keys);
        if (outputFields != null) {
            for (int i = 0; i < keyFields.length; i++) {
                keyFields[i] = outputFields[keyFields[i]]; // the key indexes the projected row
            }
        }
        LookupTable table =
                new LookupTable(
                        tableName,
                        listing,
                        tableType,
                        partitionKeys,
                        keyFields,
                        outputFields,
                        filter,
                        options.get(PqxLookupOptions.REFRESH_INTERVAL),
                        options.get(PqxLookupOptions.METADATA_CACHE_SIZE).getBytes());
        boolean async = options.get(PqxLookupOptions.ASYNC);
        LookupOptions.LookupCacheType cache = options.get(PqxLookupOptions.CACHE);
        try {
            switch (cache) {
                case NONE:
                    return async
                            ? AsyncLookupFunctionProvider.of(asyncFunction(table, options))
                            : LookupFunctionProvider.of(new PqxLookupFunction(table));
                case PARTIAL:
                    DefaultLookupCache partial = DefaultLookupCache.fromConfig(options);
                    return async
                            ? PartialCachingAsyncLookupProvider.of(
                                    asyncFunction(table, options), partial)
                            : PartialCachingLookupProvider.of(
                                    new PqxLookupFunction(table), partial);
                default:
                    return FullCachingLookupProvider.of(
                            InputFormatProvider.of(new PqxFullCacheInputFormat(table)),
                            reloadTrigger(options));
            }
        } catch (IllegalArgumentException e) {
            // no cause: the message is complete, and Flink's SQL client shows the innermost one
            throw new ValidationException("Table " + tableName + ": " + e.getMessage());
        }
    }

    private static PqxAsyncLookupFunction asyncFunction(LookupTable table, ReadableConfig options) {
        return new PqxAsyncLookupFunction(
                table,
                options.get(PqxLookupOptions.ASYNC_THREADS),
                options.get(PqxLookupOptions.ASYNC_BATCH_SIZE));
    }

    private static CacheReloadTrigger reloadTrigger(ReadableConfig options) {
        return switch (options.get(LookupOptions.FULL_CACHE_RELOAD_STRATEGY)) {
            case PERIODIC -> PeriodicCacheReloadTrigger.fromConfig(options);
            case TIMED -> TimedCacheReloadTrigger.fromConfig(options);
        };
    }

    private static int[] topLevel(String tableName, String what, int[][] paths) {
        int[] fields = new int[paths.length];
        for (int i = 0; i < paths.length; i++) {
            if (paths[i].length != 1) {
                throw new ValidationException(
                        "Table "
                                + tableName
                                + ": a "
                                + what
                                + " into a nested field is not supported by pqx lookups");
            }
            fields[i] = paths[i][0];
        }
        return fields;
    }
}
