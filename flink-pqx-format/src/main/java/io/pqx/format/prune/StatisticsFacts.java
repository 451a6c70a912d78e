package io.pqx.format.prune;

import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.LogicalTypeView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.metadata.TrustedPageIndex;
import io.pqx.format.predicate.ColumnDomain;
import io.pqx.format.predicate.ResolvedColumn;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * Turns a chunk's {@link ChunkStatisticsView} into {@link ChunkFacts} in the domain of the Flink
 * column that reads it, converting bounds the way the decoder converts values (TIME(MICROS) to
 * milliseconds by floor, timestamps by unit, unsigned integers as unsigned, decimals at the leaf's
 * scale), which is monotone, so a bound of the stored values stays a bound of the values read. A
 * pairing of physical and Flink type it does not know gives no bounds (nothing proven). Stateless.
 */
final class StatisticsFacts {
    private StatisticsFacts() {}

    static ChunkFacts of(ResolvedColumn column, RowGroupView rowGroup) {
        LeafColumnView leaf =
                column.leaf()
                        .orElseThrow(
                                () ->
                                        new IllegalStateException(
                                                "Cannot prune on "
                                                        + column.ref()
                                                        + ": it was resolved without its Parquet leaf"));
        ColumnChunkView chunk = rowGroup.columns().get(leaf.leafIndex());
        if (!chunk.path().equals(leaf.dottedPath())) {
            throw new IllegalStateException(
                    "Cannot prune on "
                            + column.ref()
                            + ": chunk "
                            + leaf.leafIndex()
                            + " of row group "
                            + rowGroup.ordinal()
                            + " holds "
                            + chunk.path()
                            + ", not "
                            + leaf.dottedPath());
        }
        ChunkStatisticsView stats = chunk.statistics();
        ColumnDomain domain = column.domain();
        boolean required = leaf.maxDefinitionLevel() == 0;
        OptionalLong nulls = stats.nullCount();
        // equal for a leaf without repetition; should a footer disagree, the larger keeps more
        long values = Math.max(chunk.numValues(), rowGroup.numRows());
        boolean maybeNull = !required && (nulls.isEmpty() || nulls.getAsLong() > 0);
        boolean maybeValue =
                rowGroup.numRows() > 0
                        && chunk.numValues() > 0
                        && (nulls.isEmpty() || nulls.getAsLong() < values);
        if (rowGroup.numRows() == 0) {
            maybeNull = false;
        }
        boolean maybeNaN = maybeValue && domain == ColumnDomain.DOUBLE;
        Object lo = null;
        Object hi = null;
        boolean loExact = false;
        boolean hiExact = false;
        if (maybeValue && stats.hasMinMax()) {
            lo = bound(stats.min(), stats.minExact(), column, leaf, stats.physicalType());
            hi = bound(stats.max(), stats.maxExact(), column, leaf, stats.physicalType());
            loExact = lo != null && stats.minExact();
            hiExact = hi != null && stats.maxExact();
        }
        return new ChunkFacts(domain, lo, hi, loExact, hiExact, maybeNull, maybeValue, maybeNaN);
    }

    /**
     * What page {@code page} of a leaf's trusted page index proves about {@code column} on that
     * page's rows, as {@link #of(ResolvedColumn, RowGroupView)} for a chunk. A page whose null
     * count contradicts its rows or its null-page flag (a null page with fewer nulls than rows, as
     * writers may mark an all-NaN page) proves nothing beyond what its column's nullability does.
     */
    static ChunkFacts ofPage(ResolvedColumn column, TrustedPageIndex index, int page) {
        LeafColumnView leaf =
                column.leaf()
                        .orElseThrow(
                                () ->
                                        new IllegalStateException(
                                                "Cannot prune on "
                                                        + column.ref()
                                                        + ": it was resolved without its Parquet leaf"));
        ColumnDomain domain = column.domain();
        boolean required = leaf.maxDefinitionLevel() == 0;
        ChunkStatisticsView stats = index.statistics(page);
        long rows = index.rowCount(page);
        boolean nullPage = index.isNullPage(page);
        OptionalLong nulls = stats.nullCount();
        if (nulls.isPresent()
                && (nulls.getAsLong() > rows
                        || (nullPage && nulls.getAsLong() < rows)
                        || (!nullPage && nulls.getAsLong() == rows))) {
            return new ChunkFacts(
                    domain,
                    null,
                    null,
                    false,
                    false,
                    !required,
                    true,
                    domain == ColumnDomain.DOUBLE);
        }
        boolean maybeNull = !required && (nulls.isEmpty() || nulls.getAsLong() > 0);
        boolean maybeValue = !nullPage && (nulls.isEmpty() || nulls.getAsLong() < rows);
        boolean maybeNaN = domain == ColumnDomain.DOUBLE && (maybeValue || nulls.isEmpty());
        Object lo = null;
        Object hi = null;
        if (maybeValue && stats.hasMinMax()) {
            lo = bound(stats.min(), stats.minExact(), column, leaf, stats.physicalType());
            hi = bound(stats.max(), stats.maxExact(), column, leaf, stats.physicalType());
        }
        return new ChunkFacts(
                domain,
                lo,
                hi,
                lo != null && stats.minExact(),
                hi != null && stats.maxExact(),
                maybeNull,
                maybeValue,
                maybeNaN);
    }

    /** A bound as a domain value, or null when it cannot be used for this column. */
    static Object bound(
            Object raw,
            boolean exact,
            ResolvedColumn column,
            LeafColumnView leaf,
            PhysicalType physical) {
        if (physical != leaf.physicalType()) {
            return null;
        }
        Optional<LogicalTypeView> logical = leaf.logicalType();
        String name = logical.map(LogicalTypeView::name).orElse("");
        LogicalTypeRoot root = column.type().getTypeRoot();
        switch (column.domain()) {
            case BOOLEAN:
                return physical == PhysicalType.BOOLEAN ? raw : null;
            case LONG:
                return longBound(raw, physical, name, logical, root);
            case DOUBLE:
                if (physical == PhysicalType.FLOAT) {
                    return ColumnDomain.normalize((Float) raw);
                }
                return physical == PhysicalType.DOUBLE
                        ? ColumnDomain.normalize((Double) raw)
                        : null;
            case DECIMAL:
                return decimalBound(raw, exact, physical, name, logical);
            case BYTES:
                if ((physical == PhysicalType.BYTE_ARRAY
                                || physical == PhysicalType.FIXED_LEN_BYTE_ARRAY)
                        && !name.equals("DECIMAL")
                        && !name.equals("FLOAT16")) {
                    return raw;
                }
                return null;
            case TIMESTAMP:
                if (physical != PhysicalType.INT64 || !name.equals("TIMESTAMP")) {
                    return null;
                }
                long v = (Long) raw;
                return switch (logical.get().timeUnit()) {
                    case "MILLIS" -> TimestampData.fromEpochMillis(v);
                    case "MICROS" ->
                            TimestampData.fromEpochMillis(
                                    Math.floorDiv(v, 1000L), (int) Math.floorMod(v, 1000L) * 1000);
                    case "NANOS" ->
                            TimestampData.fromEpochMillis(
                                    Math.floorDiv(v, 1_000_000L),
                                    (int) Math.floorMod(v, 1_000_000L));
                    default -> null;
                };
            default:
                return null;
        }
    }

    private static Object longBound(
            Object raw,
            PhysicalType physical,
            String name,
            Optional<LogicalTypeView> logical,
            LogicalTypeRoot root) {
        boolean unsigned = name.equals("INTEGER") && !logical.get().signed();
        if (physical == PhysicalType.INT32) {
            if (root == LogicalTypeRoot.TIME_WITHOUT_TIME_ZONE
                    && !(name.equals("TIME") && "MILLIS".equals(logical.get().timeUnit()))) {
                return null;
            }
            if (root == LogicalTypeRoot.DATE && !name.equals("DATE")) {
                return null;
            }
            if (!name.isEmpty()
                    && !name.equals("INTEGER")
                    && !name.equals("DATE")
                    && !name.equals("TIME")) {
                return null;
            }
            int v = (Integer) raw;
            return unsigned ? Integer.toUnsignedLong(v) : (long) v;
        }
        if (physical == PhysicalType.INT64) {
            long v = (Long) raw;
            if (root == LogicalTypeRoot.TIME_WITHOUT_TIME_ZONE) {
                if (!name.equals("TIME")) {
                    return null;
                }
                return switch (logical.get().timeUnit()) {
                    case "MICROS" -> Math.floorDiv(v, 1000L);
                    case "NANOS" -> Math.floorDiv(v, 1_000_000L);
                    default -> null;
                };
            }
            if (unsigned || (!name.isEmpty() && !name.equals("INTEGER"))) {
                return null; // UINT64 reads as DECIMAL(20,0); other annotations are not integers
            }
            return v;
        }
        return null;
    }

    private static Object decimalBound(
            Object raw,
            boolean exact,
            PhysicalType physical,
            String name,
            Optional<LogicalTypeView> logical) {
        if (name.equals("INTEGER") && !logical.get().signed() && physical == PhysicalType.INT64) {
            return new BigDecimal(new BigInteger(Long.toUnsignedString((Long) raw)));
        }
        if (!name.equals("DECIMAL")) {
            return null;
        }
        int scale = logical.get().scale();
        return switch (physical) {
            case INT32 -> BigDecimal.valueOf((Integer) raw, scale);
            case INT64 -> BigDecimal.valueOf((Long) raw, scale);
            case FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY -> {
                byte[] bytes = (byte[]) raw;
                // a shortened two's complement is another number, not a bound
                yield bytes.length == 0 || (!exact && physical == PhysicalType.BYTE_ARRAY)
                        ? null
                        : new BigDecimal(new BigInteger(bytes), scale);
            }
            default -> null;
        };
    }
}
