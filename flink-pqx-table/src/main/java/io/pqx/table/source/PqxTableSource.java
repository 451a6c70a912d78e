package io.pqx.table.source;

import io.pqx.format.predicate.Predicate;
import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceBuilder;
import io.pqx.table.PqxTableOptions;
import io.pqx.table.pushdown.FilterTranslation;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsFilterPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsProjectionPushDown;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The scan side of a pqx table: pqx's FLIP-27 source over the table's path, bounded, or
 * continuous with {@code source.monitor-interval}. Projection is pushed (nested fields included);
 * WHERE conjuncts pqx evaluates exactly as Flink does are accepted (the reader filters by them and
 * prunes with them), the others remain with Flink and prune where that is sound. The summary
 * ({@code EXPLAIN}) names what was pushed.
 */
public class PqxTableSource implements ScanTableSource, SupportsProjectionPushDown,
        SupportsFilterPushDown {
    protected final TableSourceSpec spec;
    /** Projected field paths into the table's row type; null: every field. */
    protected int[][] projection;
    protected RowType producedType;
    protected FilterTranslation filters;

    protected PqxTableSource(TableSourceSpec spec) {
        this.spec = spec;
        this.producedType = spec.rowType();
    }

    /** Copy constructor: every push-down applied so far is kept. */
    protected PqxTableSource(PqxTableSource other) {
        this.spec = other.spec;
        this.projection = other.projection;
        this.producedType = other.producedType;
        this.filters = other.filters;
    }

    /** The scan of a table; its source is built once now, so that a bad option fails here. */
    public static PqxTableSource create(TableSourceSpec spec) {
        PqxTableSource source = new PqxTableSource(spec);
        source.build();
        return source;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        return SourceProvider.of(build());
    }

    /** The source of this scan, with every push-down applied. */
    protected PqxSource<RowData> build() {
        PqxSourceBuilder builder = PqxSource.builder().path(spec.path()).rowType(spec.rowType());
        if (!spec.partitionKeys().isEmpty()) {
            builder.partitionKeys(spec.partitionKeys().toArray(String[]::new));
        }
        if (projection != null) {
            builder.project(projectedPaths().toArray(String[]::new));
        }
        if (filters != null) {
            filters.exact().ifPresent(builder::predicate);
        }
        for (ConfigOption<?> option : PqxTableOptions.SOURCE_OPTIONS) {
            set(builder, option);
        }
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new ValidationException("Table " + spec.tableName() + ": " + e.getMessage(), e);
        }
    }

    private <T> void set(PqxSourceBuilder builder, ConfigOption<T> option) {
        spec.options().getOptional(option).ifPresent(value -> builder.set(option, value));
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
        return false;
    }

    @Override
    public void applyProjection(int[][] projectedFields, DataType producedDataType) {
        this.projection = projectedFields;
        this.producedType = (RowType) producedDataType.getLogicalType();
    }

    @Override
    public Result applyFilters(List<ResolvedExpression> conjuncts) {
        if (!spec.options().get(PqxTableOptions.FILTER_PUSH_DOWN_ENABLED)) {
            return Result.of(List.of(), conjuncts);
        }
        filters = FilterTranslation.translate(conjuncts, spec.rowType(), spec.partitionKeys());
        return Result.of(filters.accepted(), filters.remaining());
    }

    @Override
    public DynamicTableSource copy() {
        return new PqxTableSource(this);
    }

    @Override
    public String asSummaryString() {
        return "pqx";
    }

    /** What EXPLAIN shows after the table's name: the push-downs in effect. */
    protected String describe() {
        List<String> parts = new ArrayList<>();
        parts.add("path=" + spec.path());
        if (projection != null) {
            parts.add("project=[" + String.join(", ", projectedPaths()) + "]");
        }
        if (filters != null) {
            if (!filters.accepted().isEmpty()) {
                parts.add("accepted=[" + summaries(filters.accepted()) + "]");
            }
            if (!filters.remaining().isEmpty()) {
                parts.add("remaining=[" + summaries(filters.remaining()) + "]");
            }
        }
        return String.join(", ", parts);
    }

    private static String summaries(List<ResolvedExpression> expressions) {
        return expressions.stream().map(ResolvedExpression::asSummaryString)
                .collect(Collectors.joining(", "));
    }

    /** The exact predicate pushed, if any (tests). */
    Predicate exactPredicate() {
        return filters == null ? null : filters.exact().orElse(null);
    }
}
