package io.pqx.table.source;

import io.pqx.source.ListedFile;
import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceBuilder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsAggregatePushDown;
import org.apache.flink.table.connector.source.abilities.SupportsDynamicFiltering;
import org.apache.flink.table.connector.source.abilities.SupportsPartitionPushDown;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.AggregateExpression;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

/**
 * The bounded scan of a pqx table (no {@code source.monitor-interval}): as {@link PqxTableSource},
 * and partition push-down: the partitions are listed from the directory tree at plan time ({@code
 * k=v} directories, {@code __DEFAULT_PARTITION__} for null), Flink prunes them by any condition on
 * partition columns, and only files of the partitions left are read.
 *
 * <p><b>Dynamic filtering</b> (batch DPP): accepts the partition columns and the top-level data
 * columns of a type pqx's runtime filters take ({@link PqxSourceBuilder#acceptsDynamicFiltering});
 * the fields the planner applies go to the source ({@link PqxSourceBuilder#dynamicFiltering}),
 * whose enumerator turns Flink's dynamic-filtering data into runtime filters: partitions, row
 * groups and rows without a value of the data are not read.
 */
@Internal
public class BoundedPqxTableSource extends PqxTableSource
        implements SupportsPartitionPushDown, SupportsAggregatePushDown, SupportsDynamicFiltering {
    /** The directory text of a null partition value (Flink's and Hive's). */
    static final String DEFAULT_PARTITION = "__DEFAULT_PARTITION__";

    BoundedPqxTableSource(TableSourceSpec spec) {
        super(spec);
    }

    BoundedPqxTableSource(BoundedPqxTableSource other) {
        super(other);
        this.aggregateRows = other.aggregateRows;
        this.aggregateType = other.aggregateType;
        this.dynamicFilteringFields = other.dynamicFilteringFields;
    }

    /** The fields the planner applied dynamic filtering to, in its order; null when it did not. */
    private List<String> dynamicFilteringFields;

    @Override
    public List<String> listAcceptedFilterFields() {
        List<String> accepted = new ArrayList<>();
        for (RowType.RowField field : spec.rowType().getFields()) {
            if (PqxSourceBuilder.acceptsDynamicFiltering(field.getType())) {
                accepted.add(field.getName());
            }
        }
        return accepted;
    }

    @Override
    public void applyDynamicFiltering(List<String> candidateFilterFields) {
        this.dynamicFilteringFields = List.copyOf(candidateFilterFields);
    }

    @Override
    protected void configure(PqxSourceBuilder builder) {
        if (dynamicFilteringFields != null) {
            builder.dynamicFiltering(dynamicFilteringFields);
        }
    }

    /** The rows of a pushed-down aggregate, answered from footers; null when none was pushed. */
    private List<RowData> aggregateRows;

    private RowType aggregateType;

    /**
     * Takes {@code COUNT(*)}, {@code COUNT(col)} and {@code MIN}/{@code MAX} of integer and DATE
     * columns, grouped by nothing or by partition columns only, when the footers answer them
     * exactly and no filter needs a row read: no filter at all, or accepted conditions on partition
     * columns only (partitions Flink pruned are not listed at all). Otherwise refuses.
     */
    @Override
    public boolean applyAggregates(
            List<int[]> groupingSets,
            List<AggregateExpression> aggregateExpressions,
            DataType producedDataType) {
        if (groupingSets.size() != 1 || limit >= 0 || !onlyPartitionFilters()) {
            return false;
        }
        RowType input = projectedType();
        List<String> groupKeys = new ArrayList<>();
        for (int index : groupingSets.get(0)) {
            String name = input.getFieldNames().get(index);
            if (!spec.partitionKeys().contains(name)) {
                return false;
            }
            groupKeys.add(name);
        }
        try {
            PqxSource<RowData> source = build();
            FooterStatistics footers =
                    FooterStatistics.of(source.listFiles(), spec, source.readOptions());
            Optional<List<RowData>> rows =
                    FooterAggregates.of(footers, spec, groupKeys, aggregateExpressions, input);
            if (rows.isEmpty()) {
                return false;
            }
            aggregateRows = rows.get();
            aggregateType = (RowType) producedDataType.getLogicalType();
            return true;
        } catch (IOException | RuntimeException e) {
            // footers that cannot be read now are read (and reported) by the scan itself
            return false;
        }
    }

    private boolean onlyPartitionFilters() {
        if (filters == null) {
            return true;
        }
        if (!filters.remaining().isEmpty() || filters.pruneOnly().isPresent()) {
            return false;
        }
        return filters.exact()
                .map(
                        p ->
                                p.columns().stream()
                                        .allMatch(
                                                c ->
                                                        c.path().size() == 1
                                                                && spec.partitionKeys()
                                                                        .contains(c.path().get(0))))
                .orElse(true);
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        if (aggregateRows != null) {
            return SourceProvider.of(StaticRowsSource.of(aggregateRows, aggregateType));
        }
        return super.getScanRuntimeProvider(context);
    }

    @Override
    protected String describe() {
        String described = super.describe();
        if (dynamicFilteringFields != null) {
            described += ", dynamicFiltering=[" + String.join(", ", dynamicFilteringFields) + "]";
        }
        return aggregateRows == null
                ? described
                : described
                        + ", aggregates answered from footers="
                        + aggregateRows.size()
                        + " rows";
    }

    @Override
    public Optional<List<Map<String, String>>> listPartitions() {
        if (spec.partitionKeys().isEmpty()) {
            return Optional.empty();
        }
        try {
            Set<Map<String, String>> found = new LinkedHashSet<>();
            for (ListedFile file : build().listFiles()) {
                // Flink's partition pruner reads a null value as SQL NULL (and would read the
                // default name as a string)
                Map<String, String> spec = new LinkedHashMap<>();
                file.partition()
                        .forEach((k, v) -> spec.put(k, DEFAULT_PARTITION.equals(v) ? null : v));
                found.add(spec);
            }
            return Optional.of(new ArrayList<>(found));
        } catch (IOException e) {
            throw new TableException(
                    "Cannot list the partitions of table "
                            + spec.tableName()
                            + " under "
                            + spec.path()
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    @Override
    public void applyPartitions(List<Map<String, String>> remainingPartitions) {
        List<Map<String, String>> specs = new ArrayList<>();
        for (Map<String, String> partition : remainingPartitions) {
            Map<String, String> spec = new LinkedHashMap<>();
            partition.forEach((k, v) -> spec.put(k, v == null ? DEFAULT_PARTITION : v));
            specs.add(spec);
        }
        this.partitions = specs;
    }

    @Override
    public DynamicTableSource copy() {
        return new BoundedPqxTableSource(this);
    }
}
