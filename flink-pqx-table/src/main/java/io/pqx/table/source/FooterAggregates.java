package io.pqx.table.source;

import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.LogicalTypeView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.source.ListedFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.AggregateExpression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * Aggregates answered from footers alone, one row per group of partition values: {@code COUNT(*)}
 * (row counts, always exact), {@code COUNT(col)} (rows minus nulls, when every chunk recorded its
 * nulls) and {@code MIN}/{@code MAX} of integer and DATE columns (when every chunk that holds a
 * value has trusted bounds that the writer declared exact: a bound then is a value of the chunk).
 * Anything else has no answer ({@link #of} is empty), and the query reads the data.
 */
final class FooterAggregates {
    private FooterAggregates() {}

    /** The aggregate functions answered. */
    enum Kind {
        COUNT_ROWS,
        COUNT,
        MIN,
        MAX
    }

    /** One aggregate: which function over which table column (null for COUNT(*)). */
    private record Aggregate(Kind kind, String column, LogicalType type) {}

    /**
     * Which function a call is, or null for one not answered. The planner hands its own aggregate
     * functions ({@code Count1AggFunction}, {@code MinAggFunction$IntMinAggFunction}, ...), which
     * are not public API: they are recognized by their class names (pinned by the tests), and the
     * built-in definitions as well.
     */
    static Kind kind(AggregateExpression call) {
        FunctionDefinition f = call.getFunctionDefinition();
        String name = f.getClass().getName();
        if (name.endsWith(".Count1AggFunction")) {
            return Kind.COUNT_ROWS;
        }
        if (f == BuiltInFunctionDefinitions.COUNT || name.endsWith(".CountAggFunction")) {
            return call.getArgs().isEmpty() ? Kind.COUNT_ROWS : Kind.COUNT;
        }
        if (f == BuiltInFunctionDefinitions.MIN || name.contains(".MinAggFunction$")) {
            return Kind.MIN;
        }
        if (f == BuiltInFunctionDefinitions.MAX || name.contains(".MaxAggFunction$")) {
            return Kind.MAX;
        }
        return null;
    }

    /**
     * The rows of the aggregates, or empty when the footers cannot answer every one exactly.
     *
     * @param groupKeys the partition keys grouped by, in output order
     * @param aggregates Flink's aggregate calls over fields of {@code input}
     * @param input the row type the aggregates' field references index (the scan's projected type)
     */
    static Optional<List<RowData>> of(
            FooterStatistics footers,
            TableSourceSpec spec,
            List<String> groupKeys,
            List<AggregateExpression> aggregates,
            RowType input) {
        List<Aggregate> parsed = new ArrayList<>();
        for (AggregateExpression call : aggregates) {
            if (call.isDistinct()
                    || call.getFilterExpression().isPresent()
                    || call.isApproximate()) {
                return Optional.empty();
            }
            Kind f = kind(call);
            if (f == Kind.COUNT_ROWS && call.getArgs().isEmpty()) {
                parsed.add(new Aggregate(f, null, null));
                continue;
            }
            if (f == null || f == Kind.COUNT_ROWS || call.getArgs().size() != 1) {
                return Optional.empty();
            }
            FieldReferenceExpression arg = call.getArgs().get(0);
            String column = input.getFieldNames().get(arg.getFieldIndex());
            int index = spec.rowType().getFieldIndex(column);
            if (index < 0 || spec.partitionKeys().contains(column)) {
                return Optional.empty();
            }
            LogicalType type = spec.rowType().getTypeAt(index);
            if (f == Kind.COUNT && isLeaf(type)) {
                parsed.add(new Aggregate(f, column, type));
            } else if ((f == Kind.MIN || f == Kind.MAX) && isExactlyBounded(type)) {
                parsed.add(new Aggregate(f, column, type));
            } else {
                return Optional.empty();
            }
        }
        Map<List<Object>, Object[]> groups = new LinkedHashMap<>();
        for (int i = 0; i < footers.files().size(); i++) {
            ListedFile file = footers.files().get(i);
            FileMetadataView footer = footers.footers().get(i);
            List<Object> key = new ArrayList<>();
            for (String k : groupKeys) {
                try {
                    key.add(
                            file.partitionValue(
                                    k, spec.rowType().getTypeAt(spec.rowType().getFieldIndex(k))));
                } catch (RuntimeException | IOException e) {
                    return Optional.empty();
                }
            }
            Object[] acc = groups.computeIfAbsent(key, k -> new Object[parsed.size()]);
            for (int a = 0; a < parsed.size(); a++) {
                Optional<Object> merged = fold(parsed.get(a), acc[a], footer);
                if (merged == null) {
                    return Optional.empty();
                }
                acc[a] = merged.orElse(null);
            }
        }
        if (groups.isEmpty() && groupKeys.isEmpty()) {
            groups.put(List.of(), new Object[parsed.size()]);
        }
        List<RowData> rows = new ArrayList<>();
        for (Map.Entry<List<Object>, Object[]> group : groups.entrySet()) {
            GenericRowData row = new GenericRowData(groupKeys.size() + parsed.size());
            int p = 0;
            for (Object k : group.getKey()) {
                row.setField(p++, k);
            }
            for (int a = 0; a < parsed.size(); a++) {
                Object value = group.getValue()[a];
                boolean count =
                        parsed.get(a).kind() == Kind.COUNT_ROWS
                                || parsed.get(a).kind() == Kind.COUNT;
                row.setField(
                        p++,
                        count
                                ? (value == null ? 0L : value)
                                : internal(value, parsed.get(a).type()));
            }
            rows.add(row);
        }
        return Optional.of(rows);
    }

    /**
     * The aggregate's value after one more file: present (possibly empty for "no value yet"), or
     * null when the footer cannot answer.
     */
    private static Optional<Object> fold(Aggregate agg, Object acc, FileMetadataView footer) {
        Kind f = agg.kind();
        if (f == Kind.COUNT_ROWS) {
            return Optional.of((acc == null ? 0L : (Long) acc) + footer.numRows());
        }
        long nonNull = 0;
        Long bound = (Long) acc;
        for (RowGroupView group : footer.rowGroups()) {
            Optional<ColumnChunkView> chunk = group.column(agg.column());
            if (chunk.isEmpty()) {
                if (FooterStatistics.hasOtherCase(footer, agg.column())) {
                    return null; // the readers would read that column: not answered here
                }
                continue; // the file lacks the column: all its rows read as null
            }
            ChunkStatisticsView stats = chunk.get().statistics();
            if (stats.nullCount().isEmpty()) {
                return null;
            }
            long values = group.numRows() - stats.nullCount().getAsLong();
            nonNull += values;
            if (f == Kind.COUNT || values == 0) {
                continue;
            }
            Optional<LeafColumnView> leaf = footer.schema().leaf(agg.column());
            if (leaf.isEmpty() || !stats.hasMinMax() || !signedInteger(leaf.get(), agg.type())) {
                return null;
            }
            boolean min = f == Kind.MIN;
            if (min ? !stats.minExact() : !stats.maxExact()) {
                return null;
            }
            long value = ((Number) (min ? stats.min() : stats.max())).longValue();
            bound = bound == null ? value : min ? Math.min(bound, value) : Math.max(bound, value);
        }
        if (f == Kind.COUNT) {
            return Optional.of((acc == null ? 0L : (Long) acc) + nonNull);
        }
        return Optional.ofNullable(bound);
    }

    /** Whether the leaf holds signed integers of the column's kind (INT32/INT64, no unsigned). */
    private static boolean signedInteger(LeafColumnView leaf, LogicalType type) {
        if (leaf.physicalType() != PhysicalType.INT32
                && leaf.physicalType() != PhysicalType.INT64) {
            return false;
        }
        Optional<LogicalTypeView> logical = leaf.logicalType();
        if (type.getTypeRoot() == LogicalTypeRoot.DATE) {
            return logical.isPresent() && logical.get().name().equals("DATE");
        }
        return logical.isEmpty()
                || (logical.get().name().equals("INTEGER") && logical.get().signed());
    }

    private static Object internal(Object value, LogicalType type) {
        if (value == null || type == null) {
            return value;
        }
        long v = (Long) value;
        return switch (type.getTypeRoot()) {
            case TINYINT -> (byte) v;
            case SMALLINT -> (short) v;
            case INTEGER, DATE -> (int) v;
            default -> v;
        };
    }

    private static boolean isLeaf(LogicalType type) {
        LogicalTypeRoot root = type.getTypeRoot();
        return root != LogicalTypeRoot.ROW
                && root != LogicalTypeRoot.ARRAY
                && root != LogicalTypeRoot.MAP
                && root != LogicalTypeRoot.MULTISET
                // a variant is a group of leaves whose statistics say nothing of its values
                && root != LogicalTypeRoot.VARIANT;
    }

    private static boolean isExactlyBounded(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DATE -> true;
            default -> false;
        };
    }
}
