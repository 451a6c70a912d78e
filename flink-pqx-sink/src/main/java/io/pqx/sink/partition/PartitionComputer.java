package io.pqx.sink.partition;

import io.pqx.sink.file.ScalarKeyTypes;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.utils.ProjectedRowData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * Splits a row into its partition directory and the data columns stored in the file, as Flink's
 * filesystem connector does: partition columns become hive-style {@code k=v/} directories (keys and
 * values escaped by {@link PartitionPathEscaper}; a null or empty value becomes the default
 * partition name, {@link #DEFAULT_PARTITION} unless set, escaped too) and are not stored in the
 * files. Values render as SQL literals would: dates {@code yyyy-MM-dd}, times {@code
 * HH:mm[:ss[.fff]]}, timestamps ISO local date-time, decimals plain.
 *
 * <p>Immutable; thread-safe except {@link #dataRow}, which reuses one projected view (task thread).
 */
@Internal
public final class PartitionComputer implements Serializable {
    /** Directory value for a null or empty partition value (Flink's default name). */
    public static final String DEFAULT_PARTITION = "__DEFAULT_PARTITION__";

    private final List<String> keys;
    private final RowData.FieldGetter[] getters;
    private final LogicalType[] types;
    private final int[] dataColumns;
    private final int[] keyColumns;
    private final RowType rowType;
    private final RowType dataType;
    private final String defaultPartition;
    private transient ProjectedRowData projected;

    /** A computer whose null and empty values go to {@link #DEFAULT_PARTITION}. */
    public PartitionComputer(RowType rowType, List<String> keys) {
        this(rowType, keys, DEFAULT_PARTITION);
    }

    /**
     * @throws IllegalArgumentException if a key is named twice, is not a top-level column or has a
     *     type whose values have no directory form (binaries, collections, rows), or every column
     *     is a key, or if {@code defaultPartition} is null or blank
     */
    public PartitionComputer(RowType rowType, List<String> keys, String defaultPartition) {
        if (defaultPartition == null || defaultPartition.isBlank()) {
            throw new IllegalArgumentException(
                    "the default partition name must not be empty (it names the directory of"
                            + " null and empty partition values)");
        }
        this.defaultPartition = PartitionPathEscaper.escape(defaultPartition);
        this.keys = List.copyOf(keys);
        this.rowType = rowType;
        this.keyColumns = new int[keys.size()];
        List<String> names = rowType.getFieldNames();
        this.getters = new RowData.FieldGetter[keys.size()];
        this.types = new LogicalType[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            if (keys.indexOf(keys.get(i)) != i) {
                // k=v0/k=v0/ directories: the second level says nothing and readers may choke.
                throw new IllegalArgumentException(
                        "partition column '" + keys.get(i) + "' is named twice");
            }
            int index = names.indexOf(keys.get(i));
            if (index < 0) {
                throw new IllegalArgumentException(
                        "partition column '"
                                + keys.get(i)
                                + "' is not a top-level column of "
                                + names);
            }
            keyColumns[i] = index;
            types[i] = rowType.getTypeAt(index);
            checkRenderable(keys.get(i), types[i]);
            getters[i] = RowData.createFieldGetter(types[i], index);
        }
        List<Integer> data = new ArrayList<>();
        List<RowType.RowField> dataFields = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (!keys.contains(names.get(i))) {
                data.add(i);
                dataFields.add(rowType.getFields().get(i));
            }
        }
        if (data.isEmpty()) {
            throw new IllegalArgumentException(
                    "every column is a partition column; the files" + " would hold no column");
        }
        this.dataColumns = data.stream().mapToInt(Integer::intValue).toArray();
        this.dataType = new RowType(rowType.isNullable(), dataFields);
    }

    /** Whether there are partition columns at all. */
    public boolean isPartitioned() {
        return !keys.isEmpty();
    }

    /** The type of the rows stored in the files (the non-partition columns). */
    public RowType dataType() {
        return dataType;
    }

    /** The type of the input rows. */
    public RowType rowType() {
        return rowType;
    }

    /** Indexes of the partition columns in the input row, in partition order. */
    public int[] keyColumns() {
        return keyColumns.clone();
    }

    /** Indexes of the data columns in the input row. */
    public int[] dataColumns() {
        return dataColumns.clone();
    }

    /** The relative directory of {@code row}, {@code k1=v1/k2=v2}; empty when unpartitioned. */
    public String partitionPath(RowData row) {
        if (keys.isEmpty()) {
            return "";
        }
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            if (i > 0) {
                path.append('/');
            }
            String value = render(getters[i].getFieldOrNull(row), types[i]);
            path.append(PartitionPathEscaper.escape(keys.get(i)))
                    .append('=')
                    .append(
                            value == null || value.isEmpty()
                                    ? defaultPartition
                                    : PartitionPathEscaper.escape(value));
        }
        return path.toString();
    }

    /**
     * The relative directory of a partition fixed by the statement (SQL's static {@code PARTITION
     * (k='v', ...)}), rendered as a row holding those values would be ({@code PARTITION
     * (ts='2024-03-09 10:30:00')} is {@code ts=2024-03-09T10%3A30}); null when {@code spec} does
     * not fix every partition column, or a partition column is a TIMESTAMP_LTZ (whose literal
     * depends on the session's time zone).
     *
     * @throws IllegalArgumentException if a key is no partition column or a value is no literal of
     *     its column's type
     */
    public String staticPartitionPath(Map<String, String> spec) {
        for (String key : spec.keySet()) {
            if (!keys.contains(key)) {
                throw new IllegalArgumentException(
                        "static partition column '"
                                + key
                                + "' is not a partition column of "
                                + keys);
            }
        }
        if (keys.isEmpty() || !spec.keySet().containsAll(keys)) {
            return null;
        }
        for (LogicalType type : types) {
            if (type.getTypeRoot() == LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE) {
                // a row's value is an instant, its literal a local time of the session's zone,
                // which is not known here: no directory is named rather than a wrong one
                return null;
            }
        }
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            if (i > 0) {
                path.append('/');
            }
            String value = spec.get(keys.get(i));
            String rendered = value == null ? null : renderLiteral(keys.get(i), value, types[i]);
            path.append(PartitionPathEscaper.escape(keys.get(i)))
                    .append('=')
                    .append(
                            rendered == null || rendered.isEmpty()
                                    ? defaultPartition
                                    : PartitionPathEscaper.escape(rendered));
        }
        return path.toString();
    }

    /** A SQL literal of {@code type} as {@link #render} prints the value it stands for. */
    private static String renderLiteral(String key, String literal, LogicalType type) {
        String text = literal.trim();
        try {
            switch (type.getTypeRoot()) {
                case CHAR:
                case VARCHAR:
                    return literal;
                case BOOLEAN:
                    if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
                        throw new NumberFormatException(text);
                    }
                    return String.valueOf(Boolean.parseBoolean(text));
                case TINYINT:
                    return String.valueOf(Byte.parseByte(text));
                case SMALLINT:
                    return String.valueOf(Short.parseShort(text));
                case INTEGER:
                    return String.valueOf(Integer.parseInt(text));
                case BIGINT:
                    return String.valueOf(Long.parseLong(text));
                case FLOAT:
                    return String.valueOf(Float.parseFloat(text));
                case DOUBLE:
                    return String.valueOf(Double.parseDouble(text));
                case DECIMAL:
                    // as a DECIMAL(p, s) value holds it: with exactly s digits after the point
                    return new BigDecimal(text)
                            .setScale(((DecimalType) type).getScale(), RoundingMode.HALF_UP)
                            .toPlainString();
                case DATE:
                    return LocalDate.parse(text).toString();
                case TIME_WITHOUT_TIME_ZONE:
                    return LocalTime.parse(text).toString();
                default:
                    return LocalDateTime.parse(text.replace(' ', 'T')).toString();
            }
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "static partition value '"
                            + literal
                            + "' of column '"
                            + key
                            + "' is no literal of its type "
                            + type,
                    e);
        }
    }

    /** The data columns of {@code row}: a view valid until the next call. */
    public RowData dataRow(RowData row) {
        if (keys.isEmpty()) {
            return row;
        }
        if (projected == null) {
            projected = ProjectedRowData.from(dataColumns);
        }
        return projected.replaceRow(row);
    }

    /**
     * Only types whose values render as stable text can be partition columns: any other value (a
     * {@code byte[]}, an array, a row) would render as its object identity, so equal values would
     * land in different directories and the value could not be read back from the path.
     */
    private static void checkRenderable(String key, LogicalType type) {
        if (!ScalarKeyTypes.isScalarKey(type)) {
            throw new IllegalArgumentException(
                    "partition column '"
                            + key
                            + "' has type "
                            + type
                            + ", whose values have no directory form");
        }
    }

    private static String render(Object value, LogicalType type) {
        if (value == null) {
            return null;
        }
        switch (type.getTypeRoot()) {
            case DATE:
                return LocalDate.ofEpochDay((Integer) value).toString();
            case DECIMAL:
                return ((DecimalData) value).toBigDecimal().toPlainString();
            case TIME_WITHOUT_TIME_ZONE:
                // Flink holds TIME as milliseconds of the day.
                return LocalTime.ofNanoOfDay((Integer) value * 1_000_000L).toString();
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return ((TimestampData) value).toLocalDateTime().toString();
            default:
                return value.toString();
        }
    }
}
