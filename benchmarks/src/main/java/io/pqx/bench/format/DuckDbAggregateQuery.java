package io.pqx.bench.format;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.flink.table.data.RowData;

/**
 * The query DuckDB's reader runs over a file: {@code count(*)} plus one aggregate per chosen column
 * of the {@link LineitemTable} (every value of the column is reached, as the other readers'
 * checksums reach it): {@code sum} of integers and decimals, of dates as epoch days and of doubles,
 * and {@code sum(strlen(..))} of strings (bytes, which DuckDB keeps with each string, as the other
 * readers' lengths). {@link #expected} computes the same aggregates from the generated table, so a
 * read is checked. Immutable.
 *
 * @param columns positions in {@link LineitemTable#COLUMNS}, in query order
 * @param where a SQL condition on the rows aggregated, or empty for all rows
 */
public record DuckDbAggregateQuery(List<Integer> columns, String where) {

    public DuckDbAggregateQuery {
        columns = List.copyOf(columns);
    }

    /** The aggregates of every row. */
    public DuckDbAggregateQuery(List<Integer> columns) {
        this(columns, "");
    }

    /** The same aggregates of the rows where {@code condition} (DuckDB SQL) holds. */
    public DuckDbAggregateQuery where(String condition) {
        return new DuckDbAggregateQuery(columns, condition);
    }

    /** Every column of the table. */
    public static DuckDbAggregateQuery allColumns() {
        return new DuckDbAggregateQuery(
                IntStream.range(0, LineitemTable.COLUMNS.size()).boxed().toList());
    }

    /** Only column {@code name}. */
    public static DuckDbAggregateQuery column(String name) {
        return new DuckDbAggregateQuery(List.of(LineitemTable.indexOf(name)));
    }

    /** {@code SELECT count(*), <aggregates> FROM read_parquet('<file>')}. */
    public String sql(Path file) {
        return columns.stream()
                .map(c -> aggregateOf(LineitemTable.COLUMNS.get(c)))
                .collect(
                        Collectors.joining(
                                ", ",
                                "SELECT count(*), ",
                                " FROM read_parquet("
                                        + DuckDbSession.literal(file)
                                        + ")"
                                        + (where.isEmpty() ? "" : " WHERE " + where)));
    }

    private static String aggregateOf(LineitemTable.Column column) {
        String name = column.name();
        return switch (column.kind()) {
            case INT ->
                    DuckDbSession.isDate(column)
                            ? "sum(" + name + " - DATE '1970-01-01')"
                            : "sum(" + name + ")";
            case LONG, DECIMAL, DOUBLE -> "sum(" + name + ")";
            case STRING -> "sum(strlen(" + name + "))";
        };
    }

    /** The aggregates of the query's one result row. */
    DuckDbAggregates read(ResultSet result) throws SQLException {
        if (!result.next()) {
            throw new SQLException("DuckDB returned no row for an ungrouped aggregate");
        }
        long rows = result.getLong(1);
        long[] sums = new long[columns.size()];
        for (int i = 0; i < sums.length; i++) {
            ColumnKind kind = LineitemTable.COLUMNS.get(columns.get(i)).kind();
            int pos = i + 2;
            sums[i] =
                    switch (kind) {
                        case DOUBLE -> Double.doubleToRawLongBits(result.getDouble(pos));
                        case DECIMAL -> result.getBigDecimal(pos).unscaledValue().longValue();
                        default -> new BigInteger(result.getString(pos)).longValue();
                    };
        }
        return new DuckDbAggregates(columns, rows, sums);
    }

    /** What an exact reader must return for {@code table} (the rows {@link #where} keeps). */
    public DuckDbAggregates expected(List<RowData> table) {
        long[] sums = new long[columns.size()];
        double[] doubles = new double[columns.size()];
        for (RowData row : table) {
            for (int i = 0; i < sums.length; i++) {
                int pos = columns.get(i);
                switch (LineitemTable.COLUMNS.get(pos).kind()) {
                    case INT -> sums[i] += row.getInt(pos);
                    case LONG -> sums[i] += row.getLong(pos);
                    case DECIMAL ->
                            sums[i] +=
                                    row.getDecimal(
                                                    pos,
                                                    LineitemTable.DECIMAL_PRECISION,
                                                    LineitemTable.DECIMAL_SCALE)
                                            .toUnscaledLong();
                    case DOUBLE -> doubles[i] += row.getDouble(pos);
                    case STRING ->
                            sums[i] +=
                                    row.getString(pos)
                                            .toString()
                                            .getBytes(StandardCharsets.UTF_8)
                                            .length;
                }
            }
        }
        for (int i = 0; i < sums.length; i++) {
            if (LineitemTable.COLUMNS.get(columns.get(i)).kind() == ColumnKind.DOUBLE) {
                sums[i] = Double.doubleToRawLongBits(doubles[i]);
            }
        }
        return new DuckDbAggregates(columns, table.size(), sums);
    }
}
