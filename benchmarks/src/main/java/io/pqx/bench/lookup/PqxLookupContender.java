package io.pqx.bench.lookup;

import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.lookup.AsyncLookupFunctionProvider;
import org.apache.flink.table.connector.source.lookup.LookupFunctionProvider;
import org.apache.flink.table.connector.source.lookup.PartialCachingAsyncLookupProvider;
import org.apache.flink.table.connector.source.lookup.PartialCachingLookupProvider;
import org.apache.flink.table.connector.source.lookup.cache.LookupCache;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.functions.AsyncLookupFunction;
import org.apache.flink.table.functions.LookupFunction;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * pqx's lookup into the dimension table, obtained as a planner would, through Flink's public API
 * only: {@link FactoryUtil#createDynamicTableSource} for a catalog table {@code 'connector' =
 * 'pqx'} with the contender's options, then {@link LookupTableSource#getLookupRuntimeProvider} for
 * the key {@code k}, then the provider's function, opened with a {@link CountingFunctionContext}.
 * The provider decides how it is asked:
 *
 * <ul>
 *   <li>{@link PartialCachingLookupProvider} ({@code lookup.cache = PARTIAL}): what Flink's caching
 *       lookup function does, in front of the function: the cache opened with a metric group,
 *       {@code getIfPresent}, and on a miss {@code lookup} then {@code put} (an empty answer as an
 *       empty list). Hits and misses are counted here;
 *   <li>{@link LookupFunctionProvider}: {@code lookup} per key;
 *   <li>{@link AsyncLookupFunctionProvider}: {@code asyncLookup} per key ({@link #async()}); {@link
 *       PartialCachingAsyncLookupProvider}: the same behind its cache, as above.
 * </ul>
 *
 * Not thread-safe (the asynchronous function's futures may complete on its own threads).
 */
final class PqxLookupContender implements LookupContender {
    private static final ObjectIdentifier TABLE =
            ObjectIdentifier.of("default_catalog", "default_database", "dim");

    private final String name;
    private final Path dir;
    private final Map<String, String> options;

    private LookupFunction function;
    private AsyncLookupFunction asyncFunction;
    private LookupCache cache;
    private CountingFunctionContext context;
    private long hits;
    private long misses;

    /**
     * @param options the table's options beyond {@code connector} and {@code path}, e.g. {@code
     *     lookup.cache}
     */
    PqxLookupContender(String name, Path dir, Map<String, String> options) {
        this.name = name;
        this.dir = dir;
        this.options = Map.copyOf(options);
    }

    @Override
    public String name() {
        return name;
    }

    /** The table source the factory makes for the dimension table with {@code extra} options. */
    static DynamicTableSource tableSource(Path dir, Map<String, String> extra) {
        ResolvedSchema schema =
                ResolvedSchema.of(
                        Column.physical("k", DataTypes.BIGINT()),
                        Column.physical("name", DataTypes.STRING()),
                        Column.physical("qty", DataTypes.INT()),
                        Column.physical(
                                "price",
                                DataTypes.DECIMAL(
                                        DimensionTable.PRICE_PRECISION,
                                        DimensionTable.PRICE_SCALE)));
        Map<String, String> options = new LinkedHashMap<>();
        options.put("connector", "pqx");
        options.put("path", dir.toUri().toString());
        options.putAll(extra);
        CatalogTable table =
                CatalogTable.newBuilder()
                        .schema(Schema.newBuilder().fromResolvedSchema(schema).build())
                        .partitionKeys(List.of())
                        .options(options)
                        .build();
        return FactoryUtil.createDynamicTableSource(
                null,
                TABLE,
                new ResolvedCatalogTable(table, schema),
                Map.of(),
                new Configuration(),
                Thread.currentThread().getContextClassLoader(),
                true);
    }

    @Override
    public void open() throws Exception {
        hits = 0;
        misses = 0;
        LookupTableSource source = (LookupTableSource) tableSource(dir, options);
        LookupTableSource.LookupRuntimeProvider provider =
                source.getLookupRuntimeProvider(new KeyContext());
        context = new CountingFunctionContext();
        if (provider instanceof PartialCachingLookupProvider partial) {
            function = partial.createLookupFunction();
            cache = partial.getCache();
            cache.open(UnregisteredMetricsGroup.createCacheMetricGroup());
            function.open(context);
        } else if (provider instanceof LookupFunctionProvider plain) {
            function = plain.createLookupFunction();
            function.open(context);
        } else if (provider instanceof PartialCachingAsyncLookupProvider partialAsync) {
            asyncFunction = partialAsync.createAsyncLookupFunction();
            cache = partialAsync.getCache();
            cache.open(UnregisteredMetricsGroup.createCacheMetricGroup());
            asyncFunction.open(context);
        } else if (provider instanceof AsyncLookupFunctionProvider async) {
            asyncFunction = async.createAsyncLookupFunction();
            asyncFunction.open(context);
        } else {
            throw new IllegalStateException(
                    "pqx gave a lookup provider this suite does not know: " + provider.getClass());
        }
    }

    @Override
    public boolean async() {
        return asyncFunction != null;
    }

    @Override
    public Collection<RowData> lookup(long key) throws Exception {
        RowData keyRow = GenericRowData.of(key);
        if (cache == null) {
            return function.lookup(keyRow);
        }
        Collection<RowData> cached = cache.getIfPresent(keyRow);
        if (cached != null) {
            hits++;
            return cached;
        }
        misses++;
        Collection<RowData> rows = function.lookup(keyRow);
        cache.put(keyRow, rows == null ? List.of() : rows);
        return rows;
    }

    @Override
    public CompletableFuture<Collection<RowData>> lookupAsync(long key) {
        RowData keyRow = GenericRowData.of(key);
        if (cache == null) {
            return asyncFunction.asyncLookup(keyRow);
        }
        // as Flink's caching async function: a hit completes at once, a miss is put when it is
        // known
        Collection<RowData> cached = cache.getIfPresent(keyRow);
        if (cached != null) {
            hits++;
            return CompletableFuture.completedFuture(cached);
        }
        misses++;
        return asyncFunction
                .asyncLookup(keyRow)
                .thenApply(
                        rows -> {
                            cache.put(keyRow, rows == null ? List.of() : rows);
                            return rows;
                        });
    }

    @Override
    public String facts() {
        StringBuilder out = new StringBuilder();
        long lookups = context == null ? -1 : context.count("pqxLookups");
        if (lookups > 0) {
            out.append(
                    String.format(
                            Locale.ROOT,
                            "pqxLookups=%d row_groups_read/lookup=%.3f row_groups_skipped/lookup=%.2f"
                                    + " files_opened=%d",
                            lookups,
                            context.count("pqxLookupRowGroupsRead") / (double) lookups,
                            context.count("pqxLookupRowGroupsSkipped") / (double) lookups,
                            context.count("pqxLookupFilesOpened")));
            long pages = context.count("pqxLookupPagesSkipped");
            if (pages >= 0) {
                out.append(
                        String.format(
                                Locale.ROOT,
                                " pages_skipped/lookup=%.1f",
                                pages / (double) lookups));
            }
            long batches = context.count("pqxLookupBatches");
            if (batches > 0) {
                out.append(
                        String.format(
                                Locale.ROOT,
                                " batches=%d probes/batch=%.1f",
                                batches,
                                lookups / (double) batches));
            }
        }
        if (cache != null) {
            out.append(
                    String.format(
                            Locale.ROOT,
                            " cache_hits=%d cache_misses=%d hit_rate=%.3f cached_keys=%d",
                            hits,
                            misses,
                            hits / (double) Math.max(1, hits + misses),
                            cache.size()));
        }
        return out.toString().trim();
    }

    @Override
    public void close() throws Exception {
        if (function != null) {
            function.close();
        }
        if (asyncFunction != null) {
            asyncFunction.close();
        }
        if (cache != null) {
            cache.close();
        }
        function = null;
        asyncFunction = null;
        cache = null;
    }

    /** The lookup context of a join on {@code k}; the runtime-class helpers are the planner's. */
    static final class KeyContext implements LookupTableSource.LookupContext {
        @Override
        public int[][] getKeys() {
            return new int[][] {{0}};
        }

        @Override
        public boolean preferCustomShuffle() {
            return false;
        }

        @Override
        public <T> TypeInformation<T> createTypeInformation(DataType producedDataType) {
            return createTypeInformation(producedDataType.getLogicalType());
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> TypeInformation<T> createTypeInformation(LogicalType producedLogicalType) {
            return (TypeInformation<T>) InternalTypeInfo.of(producedLogicalType);
        }

        @Override
        public DynamicTableSource.DataStructureConverter createDataStructureConverter(
                DataType producedDataType) {
            throw new UnsupportedOperationException(
                    "the lookup benchmark hands pqx no data structure converter");
        }
    }
}
