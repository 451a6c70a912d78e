package io.pqx.table.source;

import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceBuilder;
import io.pqx.source.PqxSourceOptions;
import io.pqx.table.lookup.PqxLookupProvider;
import io.pqx.table.pushdown.FilterTranslation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.source.DataStreamScanProvider;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsFilterPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsLimitPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsProjectionPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsSourceWatermark;
import org.apache.flink.table.connector.source.abilities.SupportsStatisticReport;
import org.apache.flink.table.connector.source.abilities.SupportsWatermarkPushDown;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.plan.stats.TableStats;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * The scan of a pqx table: pqx's FLIP-27 source over the table's path, bounded, or continuous with
 * {@code source.monitor-interval} (then partitions that appear later are read too: no partition
 * list is fixed at plan time). Pushed into it: the projection (nested fields included), the WHERE
 * conjuncts pqx evaluates exactly as Flink does (accepted: the readers filter by them and prune
 * with them; the others remain with Flink and prune where that is sound), a limit (each reader
 * stops after it), and statistics from footers are reported. {@code EXPLAIN} shows what was pushed
 * in the scan's description. The bounded scan adds partition and aggregate push-down ({@link
 * BoundedPqxTableSource}). A pushed watermark strategy runs per split in the readers; with {@code
 * source.watermark.column} set, pqx reads in event-time order and its own watermarks replace the
 * declared ones ({@link PqxOwnWatermarks}), the rowtime attribute being that column ({@link
 * RowtimeCheck}); {@code SOURCE_WATERMARK()} asks for pqx's watermarks alone.
 */
@Internal
public class PqxTableSource
        implements ScanTableSource,
                SupportsProjectionPushDown,
                SupportsFilterPushDown,
                SupportsLimitPushDown,
                SupportsStatisticReport,
                SupportsWatermarkPushDown,
                SupportsSourceWatermark,
                LookupTableSource {
    /** Files whose schemas are checked against the declared columns at plan time. */
    static final int SCHEMA_CHECKED_FILES = PlanTimeCheck.SCHEMA_CHECKED_FILES;

    protected final TableSourceSpec spec;

    /** Projected field paths into the table's row type; null: every field. */
    protected int[][] projection;

    protected FilterTranslation filters;
    protected long limit = -1;

    /** The partitions to read (directory text), when a partition push-down restricted them. */
    protected List<Map<String, String>> partitions;

    /** The table's watermark strategy, when Flink pushed it: applied per split by the source. */
    protected WatermarkStrategy<RowData> watermarkStrategy;

    /** Whether the table declares {@code SOURCE_WATERMARK()}: the watermarks are pqx's alone. */
    protected boolean sourceWatermark;

    protected PqxTableSource(TableSourceSpec spec) {
        this.spec = spec;
    }

    /** Copy constructor: every push-down applied so far is kept. */
    protected PqxTableSource(PqxTableSource other) {
        this.spec = other.spec;
        this.projection = other.projection;
        this.filters = other.filters;
        this.limit = other.limit;
        this.partitions = other.partitions;
        this.watermarkStrategy = other.watermarkStrategy;
        this.sourceWatermark = other.sourceWatermark;
    }

    /**
     * The scan of a table, checked now ({@link PlanTimeCheck}): a bad option, a path that does not
     * exist (bounded scans), a declared column that the first {@value #SCHEMA_CHECKED_FILES} files
     * found cannot give as its type, or (with {@code source.missing-columns} = {@code fail}) one no
     * file has, fails with a {@link ValidationException} naming the table and the option, or the
     * file and the column.
     */
    public static PqxTableSource create(TableSourceSpec spec) {
        PqxTableSource scan =
                spec.options().getOptional(PqxSourceOptions.MONITOR_INTERVAL).isPresent()
                        ? new PqxTableSource(spec)
                        : new BoundedPqxTableSource(spec);
        PlanTimeCheck.check(spec, scan.build(), !(scan instanceof BoundedPqxTableSource));
        return scan;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        if (watermarkStrategy == null) {
            return SourceProvider.of(build());
        }
        // Flink's SourceProvider path takes no watermark strategy: give it to fromSource, which
        // generates watermarks per split inside the reader; with a watermark column, pqx's
        // watermarks replace the declared ones (PqxOwnWatermarks says why)
        PqxSource<RowData> source = build();
        WatermarkStrategy<RowData> strategy =
                watermarkColumn().isPresent()
                        ? new PqxOwnWatermarks(watermarkStrategy)
                        : watermarkStrategy;
        String name = "pqx " + spec.tableName();
        return new DataStreamScanProvider() {
            @Override
            public DataStream<RowData> produceDataStream(
                    ProviderContext provider, StreamExecutionEnvironment env) {
                DataStreamSource<RowData> stream =
                        env.fromSource(source, strategy, name, source.getProducedType());
                provider.generateUid("pqx-source").ifPresent(stream::uid);
                return stream;
            }

            @Override
            public boolean isBounded() {
                return source.getBoundedness() == Boundedness.BOUNDED;
            }
        };
    }

    /**
     * A lookup into the table: keys answered from its files by {@code io.pqx.table.lookup}, with
     * the pushed projection and accepted filters applied.
     */
    @Override
    public LookupRuntimeProvider getLookupRuntimeProvider(LookupContext context) {
        return PqxLookupProvider.create(
                spec.tableName(),
                build(),
                spec.rowType(),
                spec.partitionKeys(),
                context.getKeys(),
                projection,
                filters == null ? null : filters.exact().orElse(null),
                spec.options());
    }

    @Override
    public void applyWatermark(WatermarkStrategy<RowData> strategy) {
        this.watermarkStrategy = strategy;
    }

    /**
     * {@code WATERMARK FOR ts AS SOURCE_WATERMARK()}: the scan's watermarks are pqx's own, from the
     * statistics of {@code source.watermark.column} (which the factory sets to the rowtime
     * attribute when the table leaves it out: {@link RowtimeCheck#check}).
     */
    @Override
    public void applySourceWatermark() {
        this.sourceWatermark = true;
    }

    /** The table's {@code source.watermark.column}, if set. */
    private Optional<String> watermarkColumn() {
        return spec.options().getOptional(PqxSourceOptions.WATERMARK_COLUMN);
    }

    /** The source of this scan, with every push-down applied. */
    protected PqxSource<RowData> build() {
        PqxSourceBuilder builder = PqxSource.builder().path(spec.path()).rowType(spec.rowType());
        if (!spec.partitionKeys().isEmpty()) {
            builder.partitionKeys(spec.partitionKeys().toArray(String[]::new));
            builder.defaultPartitionName(spec.defaultPartitionName());
        }
        if (projection != null) {
            builder.project(projectedPaths().toArray(String[]::new));
            if (isNested()) {
                builder.flatProjection();
            }
        }
        if (filters != null) {
            filters.exact().ifPresent(builder::predicate);
            filters.pruneOnly().ifPresent(builder::pruneBy);
        }
        if (limit >= 0) {
            builder.limit(limit);
        }
        if (partitions != null) {
            builder.partitions(partitions);
        }
        for (ConfigOption<?> option : PqxTableSourceOptions.SOURCE_OPTIONS) {
            set(builder, option);
        }
        configure(builder);
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            // no cause: the message is complete, and Flink's SQL client shows the innermost one
            throw new ValidationException("Table " + spec.tableName() + ": " + e.getMessage());
        }
    }

    /**
     * Adds what a subclass pushes down to the source being built (the bounded scan: dynamic
     * filtering).
     */
    protected void configure(PqxSourceBuilder builder) {}

    private <T> void set(PqxSourceBuilder builder, ConfigOption<T> option) {
        spec.options().getOptional(option).ifPresent(value -> builder.set(option, value));
    }

    private boolean isNested() {
        for (int[] path : projection) {
            if (path.length > 1) {
                return true;
            }
        }
        return false;
    }

    /** The type of the rows the scan gives (before any aggregate): the projection's, flat. */
    protected RowType projectedType() {
        if (projection == null) {
            return spec.rowType();
        }
        List<RowType.RowField> fields = new ArrayList<>();
        List<String> names = projectedPaths();
        for (int i = 0; i < projection.length; i++) {
            LogicalTypeHolder holder = new LogicalTypeHolder(spec.rowType(), projection[i]);
            fields.add(new RowType.RowField(names.get(i), holder.type()));
        }
        return new RowType(fields);
    }

    /** The type at a field path. */
    private record LogicalTypeHolder(RowType root, int[] path) {
        LogicalType type() {
            LogicalType t = root;
            for (int index : path) {
                t = ((RowType) t).getTypeAt(index);
            }
            return t;
        }
    }

    /** The projection as dotted paths of field names. */
    protected List<String> projectedPaths() {
        List<String> paths = new ArrayList<>();
        for (int[] path : projection) {
            StringBuilder name = new StringBuilder();
            RowType type = spec.rowType();
            for (int i = 0; i < path.length; i++) {
                RowType.RowField field = type.getFields().get(path[i]);
                if (i > 0) {
                    name.append('.');
                }
                name.append(field.getName());
                if (i + 1 < path.length) {
                    type = (RowType) field.getType();
                }
            }
            paths.add(name.toString());
        }
        return paths;
    }

    @Override
    public boolean supportsNestedProjection() {
        return true;
    }

    @Override
    public void applyProjection(int[][] projectedFields, DataType producedDataType) {
        this.projection = projectedFields;
    }

    @Override
    public Result applyFilters(List<ResolvedExpression> conjuncts) {
        if (!spec.options().get(PqxTableSourceOptions.FILTER_PUSH_DOWN_ENABLED)) {
            return Result.of(List.of(), conjuncts);
        }
        filters = FilterTranslation.translate(conjuncts, spec.rowType(), spec.partitionKeys());
        return Result.of(filters.pushed(), filters.remaining());
    }

    @Override
    public void applyLimit(long limit) {
        this.limit = limit;
    }

    @Override
    public TableStats reportStatistics() {
        try {
            PqxSource<RowData> source = build();
            return FooterStatistics.of(source.listFiles(), spec, source.readOptions()).tableStats();
        } catch (IOException | RuntimeException e) {
            // statistics only guide the optimizer: without them it plans as it would for any table
            return TableStats.UNKNOWN;
        }
    }

    @Override
    public DynamicTableSource copy() {
        return new PqxTableSource(this);
    }

    @Override
    public String asSummaryString() {
        return "pqx(" + describe() + ")";
    }

    /** The push-downs in effect, for people: what EXPLAIN and the job graph show. */
    protected String describe() {
        List<String> parts = new ArrayList<>();
        parts.add("path=" + spec.path());
        if (projection != null) {
            parts.add("project=[" + String.join(", ", projectedPaths()) + "]");
        }
        if (filters != null) {
            parts.add("accepted=[" + summaries(filters.accepted()) + "]");
            parts.add("remaining=[" + summaries(filters.remaining()) + "]");
            filters.pruneOnly().ifPresent(p -> parts.add("pruneBy=[" + p + "]"));
        }
        if (partitions != null) {
            parts.add("partitions=" + partitions.size());
        }
        if (limit >= 0) {
            parts.add("limit=" + limit);
        }
        watermarkColumn()
                .ifPresent(
                        column ->
                                parts.add(
                                        "watermarkColumn="
                                                + column
                                                + spec.options()
                                                        .getOptional(
                                                                PqxSourceOptions.WATERMARK_UNIT)
                                                        .map(unit -> " in " + unit)
                                                        .orElse("")));
        if (sourceWatermark) {
            parts.add("watermarks from footer statistics");
        } else if (watermarkStrategy != null) {
            parts.add(
                    watermarkColumn().isPresent()
                            ? "watermarks from footer statistics"
                            : "watermarks per split");
        }
        return String.join(", ", parts);
    }

    private static String summaries(List<ResolvedExpression> expressions) {
        return expressions.stream()
                .map(ResolvedExpression::asSummaryString)
                .collect(Collectors.joining(", "));
    }
}
