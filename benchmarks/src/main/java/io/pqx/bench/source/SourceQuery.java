package io.pqx.bench.source;

import io.pqx.bench.format.DuckDbAggregateQuery;
import io.pqx.bench.format.DuckDbAggregates;
import io.pqx.bench.format.LineitemTable;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.flink.table.data.RowData;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;

/**
 * One query of suite {@code source}: the columns it returns (the first is {@code l_orderkey}, which
 * the jobs' sink sums), and optionally a range {@code [from, to)} of one BIGINT column that it
 * keeps, in each contender's terms (pqx predicate, Flink filter, DuckDB SQL, parquet-java filter
 * predicate); and the answer every contender must give, from the generated table. Immutable.
 *
 * @param filterColumn the BIGINT column filtered, or null for a full scan
 * @param lateMaterialization whether pqx is also measured without late materialization
 */
record SourceQuery(
        String name,
        List<String> columns,
        @Nullable String filterColumn,
        long from,
        long to,
        long rows,
        long orderKeySum,
        DuckDbAggregates expected,
        boolean lateMaterialization) {

    /** A query over {@code table}, its answers computed from it. */
    static SourceQuery of(
            String name,
            List<String> columns,
            @Nullable String filterColumn,
            long from,
            long to,
            List<RowData> table,
            boolean lateMaterialization) {
        int filterAt = filterColumn == null ? -1 : LineitemTable.indexOf(filterColumn);
        List<RowData> kept =
                table.stream()
                        .filter(
                                r ->
                                        filterAt < 0
                                                || (r.getLong(filterAt) >= from
                                                        && r.getLong(filterAt) < to))
                        .toList();
        long sum = 0;
        for (RowData row : kept) {
            sum += row.getLong(0);
        }
        DuckDbAggregates expected = aggregateQuery(columns, null, 0, 0).expected(kept);
        return new SourceQuery(
                name,
                columns,
                filterColumn,
                from,
                to,
                kept.size(),
                sum,
                expected,
                lateMaterialization);
    }

    /** The same query under another name (e.g. over another file), with the same answers. */
    SourceQuery named(String newName) {
        return new SourceQuery(
                newName,
                columns,
                filterColumn,
                from,
                to,
                rows,
                orderKeySum,
                expected,
                lateMaterialization);
    }

    boolean filters() {
        return filterColumn != null;
    }

    /**
     * Whether its rows lie in every page, so that a page floor bounds it: a full scan, or a
     * late-materializing query of scattered rows.
     */
    boolean hasPageFloor() {
        return !filters() || lateMaterialization;
    }

    /** The columns whose pages it reads: those it returns and the one it filters on. */
    Set<String> columnsRead() {
        Set<String> read = new LinkedHashSet<>(columns);
        if (filters()) {
            read.add(filterColumn);
        }
        return read;
    }

    /** Whether a row of the filtered column's value {@code v} is kept. */
    boolean keeps(long v) {
        return v >= from && v < to;
    }

    /** pqx's predicate, or null. */
    @Nullable
    Predicate predicate() {
        return filters()
                ? Predicates.and(
                        Predicates.greaterOrEqual(filterColumn, from),
                        Predicates.lessThan(filterColumn, to))
                : null;
    }

    /** parquet-java's filter predicate, or null. */
    @Nullable
    FilterPredicate parquetJavaFilter() {
        return filters()
                ? FilterApi.and(
                        FilterApi.gtEq(FilterApi.longColumn(filterColumn), from),
                        FilterApi.lt(FilterApi.longColumn(filterColumn), to))
                : null;
    }

    /** DuckDB's query: count(*) and one aggregate per returned column, of the kept rows. */
    DuckDbAggregateQuery duckDb() {
        return aggregateQuery(columns, filterColumn, from, to);
    }

    private static DuckDbAggregateQuery aggregateQuery(
            List<String> columns, @Nullable String filterColumn, long from, long to) {
        DuckDbAggregateQuery all =
                new DuckDbAggregateQuery(columns.stream().map(LineitemTable::indexOf).toList());
        return filterColumn == null
                ? all
                : all.where(filterColumn + " >= " + from + " AND " + filterColumn + " < " + to);
    }

    /** The positions of the returned columns in {@link LineitemTable#COLUMNS}. */
    List<Integer> positions() {
        return columns.stream().map(LineitemTable::indexOf).toList();
    }
}
