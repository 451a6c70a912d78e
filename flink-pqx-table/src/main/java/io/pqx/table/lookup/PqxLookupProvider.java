package io.pqx.table.lookup;

import io.pqx.format.predicate.Predicate;
import io.pqx.source.PqxSource;

import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.source.LookupTableSource.LookupRuntimeProvider;
import org.apache.flink.table.connector.source.lookup.LookupFunctionProvider;
import org.apache.flink.table.connector.source.lookup.LookupOptions;
import org.apache.flink.table.connector.source.lookup.PartialCachingLookupProvider;
import org.apache.flink.table.connector.source.lookup.cache.DefaultLookupCache;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

import java.util.List;

/**
 * The lookup runtime of a pqx table: a {@link PqxLookupFunction}, alone ({@code lookup.cache} =
 * NONE, the default) or behind Flink's partial cache ({@code lookup.cache} = PARTIAL with Flink's
 * {@code lookup.partial-cache.*} options). {@code lookup.cache} = FULL is refused at plan time:
 * Flink 2.3 builds a full cache only from an {@code InputFormatProvider} scan, and pqx's scan is a
 * FLIP-27 source.
 */
public final class PqxLookupProvider {
    private PqxLookupProvider() {}

    /**
     * The provider for a lookup into a table.
     *
     * @param listing lists the table's files (its partitions restricted as the scan is)
     * @param keys Flink's key paths into the table's row ({@code LookupContext.getKeys()})
     * @param projection the top-level fields emitted, or null for the table's whole row
     * @param filter a pushed filter rows must pass, or null
     * @throws ValidationException for a nested key or projection, or a bad option, naming the table
     */
    public static LookupRuntimeProvider create(String tableName, PqxSource<RowData> listing,
            RowType tableType, List<String> partitionKeys, int[][] keys, int[][] projection,
            Predicate filter, ReadableConfig options) {
        int[] keyFields = topLevel(tableName, "lookup key", keys);
        int[] outputFields = projection == null ? null : topLevel(tableName, "projection", projection);
        PqxLookupFunction function = new PqxLookupFunction(listing, tableType, partitionKeys,
                keyFields, outputFields, filter,
                options.get(PqxLookupOptions.REFRESH_INTERVAL).toMillis(),
                options.get(PqxLookupOptions.FOOTER_CACHE_SIZE));
        LookupOptions.LookupCacheType cache = options.get(PqxLookupOptions.CACHE);
        switch (cache) {
            case NONE:
                return LookupFunctionProvider.of(function);
            case PARTIAL:
                try {
                    return PartialCachingLookupProvider.of(function, DefaultLookupCache.fromConfig(options));
                } catch (IllegalArgumentException e) {
                    throw new ValidationException("Table " + tableName + ": " + e.getMessage(), e);
                }
            default:
                throw new ValidationException("Table " + tableName + ": " + LookupOptions.CACHE_TYPE.key()
                        + " = " + cache + " is not supported: Flink builds a full lookup cache only"
                        + " from an InputFormat scan, and pqx's scan is a FLIP-27 source; use NONE or"
                        + " PARTIAL");
        }
    }

    private static int[] topLevel(String tableName, String what, int[][] paths) {
        int[] fields = new int[paths.length];
        for (int i = 0; i < paths.length; i++) {
            if (paths[i].length != 1) {
                throw new ValidationException("Table " + tableName + ": a " + what
                        + " into a nested field is not supported by pqx lookups");
            }
            fields[i] = paths[i][0];
        }
        return fields;
    }
}
