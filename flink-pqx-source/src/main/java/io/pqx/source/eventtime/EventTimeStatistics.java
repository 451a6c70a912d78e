package io.pqx.source.eventtime;

import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.LogicalTypeView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.source.split.SplitEventTimes;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * The least event time (epoch milliseconds) of each row group of a file, from the footer's
 * statistics of the {@link WatermarkColumn}: a lower bound of the event time of every row of the
 * row group that has one, or no value when the statistics do not prove one. Immutable.
 *
 * <p><b>What is proven.</b> A row group of 0 rows, or whose chunk holds only nulls (by its null
 * count, as the format's statistics pruner decides it), has no row with an event time: {@link
 * Long#MAX_VALUE}. A file without the column (read as nulls) is the same for every row group.
 * Otherwise the chunk's min is used only when the format's statistics view trusts it ({@link
 * ChunkStatisticsView#hasMinMax()}: present, of a type with a defined order, not only the
 * deprecated min of an unsigned type, of the right width, not inverted), so INT96 timestamps, which
 * have no defined order, prove nothing. A min need not be exact: a lower bound is all that is used.
 *
 * <p><b>Conversion</b>, the same the reader applies to each value, so a bound of the stored values
 * is a bound of the event times read: an INT64 TIMESTAMP in MILLIS, MICROS or NANOS counts since
 * the epoch and is divided down to milliseconds, rounded down (negative values too). pqx writes a
 * Flink TIMESTAMP with {@code isAdjustedToUTC=false} and a TIMESTAMP_LTZ with {@code true}, and
 * reads both as the stored count: a TIMESTAMP's local date-time read as UTC (Flink's rowtime
 * convention), a TIMESTAMP_LTZ's instant; the number is the same either way. A BIGINT column's
 * INT64 (or INT32, widened as the reader widens it; unsigned 32-bit values as unsigned) goes
 * through {@link WatermarkColumn#epochMillis}. A file column the reader would not read as the
 * watermark column's type (another type, a nested field) proves nothing, with the reason.
 */
@Internal
public final class EventTimeStatistics {
    private final long[] least;
    private final String[] untrusted;

    private EventTimeStatistics(long[] least, String[] untrusted) {
        this.least = least;
        this.untrusted = untrusted;
    }

    /**
     * The event times of the row groups of {@code footer}, whose schema as the reader reads it is
     * {@code fileFields}.
     */
    public static EventTimeStatistics of(
            WatermarkColumn column, FileMetadataView footer, List<FieldView> fileFields) {
        List<RowGroupView> groups = footer.rowGroups();
        long[] least = new long[groups.size()];
        String[] untrusted = new String[groups.size()];
        FieldView field = find(fileFields, column.name());
        if (field == null) {
            Arrays.fill(least, Long.MAX_VALUE); // the reader reads the column as nulls
            return new EventTimeStatistics(least, untrusted);
        }
        String unreadable = unreadable(column, field);
        for (int g = 0; g < groups.size(); g++) {
            RowGroupView group = groups.get(g);
            if (group.numRows() == 0) {
                least[g] = Long.MAX_VALUE;
            } else if (unreadable != null) {
                untrusted[g] = unreadable;
            } else {
                LeafColumnView leaf = field.leaf().orElseThrow();
                Least outcome = least(column, leaf, group);
                if (outcome.reason() == null) {
                    least[g] = outcome.millis();
                } else {
                    untrusted[g] =
                            "row group "
                                    + g
                                    + " of column "
                                    + field.name()
                                    + ": "
                                    + outcome.reason();
                }
            }
        }
        return new EventTimeStatistics(least, untrusted);
    }

    /** How many row groups the file has. */
    public int rowGroups() {
        return least.length;
    }

    /** The least event time of row group {@code rowGroup}, when the statistics prove one. */
    public OptionalLong least(int rowGroup) {
        return untrusted[rowGroup] == null
                ? OptionalLong.of(least[rowGroup])
                : OptionalLong.empty();
    }

    /** Why row group {@code rowGroup} has no least event time; empty when it has one. */
    public Optional<String> untrustedReason(int rowGroup) {
        return Optional.ofNullable(untrusted[rowGroup]);
    }

    /**
     * The event times of the run of row groups {@code [first, last]} (a split's), or empty when one
     * of them has none ({@link #reason(int, int)} says why).
     */
    public Optional<SplitEventTimes> run(int first, int last) {
        if (reason(first, last).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(SplitEventTimes.of(Arrays.copyOfRange(least, first, last + 1)));
    }

    /** Why a row group of {@code [first, last]} has no least event time, the first one's reason. */
    public Optional<String> reason(int first, int last) {
        for (int g = first; g <= last; g++) {
            if (untrusted[g] != null) {
                return Optional.of(untrusted[g]);
            }
        }
        return Optional.empty();
    }

    /** The file's field the reader reads the column from: by name, else the one case-folded. */
    @Nullable
    private static FieldView find(List<FieldView> fields, String name) {
        FieldView folded = null;
        int foldedCount = 0;
        for (FieldView f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
            if (f.name().equalsIgnoreCase(name)) {
                folded = f;
                foldedCount++;
            }
        }
        return foldedCount == 1 ? folded : null;
    }

    /** Why the file's field is not read as the watermark column's values, or null when it is. */
    @Nullable
    private static String unreadable(WatermarkColumn column, FieldView field) {
        String prefix = "column " + field.name() + " is " + field.flinkType().asSummaryString();
        if (field.kind() != FieldView.Kind.PRIMITIVE) {
            return prefix + " in the file, not a primitive column";
        }
        LeafColumnView leaf = field.leaf().orElseThrow();
        LogicalTypeRoot root = field.flinkType().getTypeRoot();
        switch (column.kind()) {
            case TIMESTAMP, TIMESTAMP_LTZ -> {
                LogicalTypeRoot wanted =
                        column.kind() == WatermarkColumn.Kind.TIMESTAMP
                                ? LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE
                                : LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
                if (root != wanted) {
                    return prefix + " in the file, not a " + column.kind();
                }
                if (leaf.physicalType() == PhysicalType.INT96) {
                    return prefix + " stored as INT96, whose statistics have no defined order";
                }
                if (leaf.physicalType() != PhysicalType.INT64 || timeUnit(leaf) == null) {
                    return prefix
                            + " stored as "
                            + leaf.physicalType()
                            + ", not an INT64 TIMESTAMP";
                }
                return null;
            }
            default -> {
                boolean integer =
                        root == LogicalTypeRoot.BIGINT
                                || root == LogicalTypeRoot.INTEGER
                                || root == LogicalTypeRoot.SMALLINT
                                || root == LogicalTypeRoot.TINYINT;
                if (!integer
                        || (leaf.physicalType() != PhysicalType.INT64
                                && leaf.physicalType() != PhysicalType.INT32)) {
                    return prefix + " in the file, not an integer read as BIGINT";
                }
                return null;
            }
        }
    }

    /** The TIMESTAMP annotation's unit per millisecond, or null when it is not one pqx reads. */
    @Nullable
    private static Long timeUnit(LeafColumnView leaf) {
        Optional<LogicalTypeView> logical = leaf.logicalType();
        if (logical.isEmpty() || !logical.get().name().equals("TIMESTAMP")) {
            return null;
        }
        String unit = logical.get().timeUnit();
        if (unit == null) {
            return null;
        }
        return switch (unit) {
            case "MILLIS" -> 1L;
            case "MICROS" -> 1_000L;
            case "NANOS" -> 1_000_000L;
            default -> null;
        };
    }

    /** A chunk's least event time, or why it has none (then {@code reason} is not null). */
    private record Least(long millis, @Nullable String reason) {
        static Least of(long millis) {
            return new Least(millis, null);
        }

        static Least none(String reason) {
            return new Least(0, reason);
        }
    }

    /** The least event time of the chunk of {@code leaf} in {@code group}. */
    private static Least least(WatermarkColumn column, LeafColumnView leaf, RowGroupView group) {
        if (leaf.leafIndex() >= group.columns().size()) {
            return Least.none("the row group has no chunk for leaf " + leaf.leafIndex());
        }
        ColumnChunkView chunk = group.columns().get(leaf.leafIndex());
        if (!chunk.path().equals(leaf.dottedPath())) {
            return Least.none("chunk " + leaf.leafIndex() + " holds " + chunk.path());
        }
        ChunkStatisticsView stats = chunk.statistics();
        OptionalLong nulls = stats.nullCount();
        // as the format's statistics pruner decides that a chunk holds no value
        long values = Math.max(chunk.numValues(), group.numRows());
        if (chunk.numValues() == 0 || (nulls.isPresent() && nulls.getAsLong() >= values)) {
            return Least.of(Long.MAX_VALUE);
        }
        if (!stats.hasMinMax()) {
            return Least.none(
                    "no usable min (" + stats.untrustedReason().orElse("no statistics") + ")");
        }
        if (stats.physicalType() != leaf.physicalType()) {
            return Least.none(
                    "statistics of " + stats.physicalType() + " for a " + leaf.physicalType());
        }
        Object min = stats.min();
        if (column.kind() != WatermarkColumn.Kind.EPOCH_NUMBER) {
            return Least.of(Math.floorDiv((Long) min, timeUnit(leaf)));
        }
        long value;
        if (min instanceof Integer i) {
            Optional<LogicalTypeView> logical = leaf.logicalType();
            boolean unsigned =
                    logical.isPresent()
                            && logical.get().name().equals("INTEGER")
                            && !logical.get().signed();
            value = unsigned ? Integer.toUnsignedLong(i) : i;
        } else {
            value = (Long) min;
        }
        return Least.of(column.epochMillis(value));
    }
}
