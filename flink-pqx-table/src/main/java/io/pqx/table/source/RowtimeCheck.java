package io.pqx.table.source;

import io.pqx.source.PqxSourceOptions;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.WatermarkSpec;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.expressions.ResolvedExpression;

/**
 * Checks that a table's rowtime attribute and its {@code source.watermark.column} speak of the same
 * time, so that pqx's watermarks (in the column's time) are watermarks of the rowtime the table's
 * event-time operators use. Passes when either is absent; when both are present, the rowtime
 * attribute must be the watermark column itself, or a computed column whose expression reads the
 * watermark column and no other column (such as {@code TO_TIMESTAMP_LTZ(epoch_ms, 3)} over a BIGINT
 * watermark column; that it gives each row the column's instant or a later one, as pqx's
 * watermarks, in the column's time, need, is the user's to ensure). Anything else is refused with a
 * {@link ValidationException} naming the table, the rowtime attribute and the column. A table
 * declaring {@code WATERMARK FOR ts AS SOURCE_WATERMARK()} without the option reads in event-time
 * order by {@code ts}. Stateless.
 */
@Internal
public final class RowtimeCheck {
    private RowtimeCheck() {}

    /**
     * The table's options, checked against its rowtime attribute; with {@code
     * source.watermark.column} set to the rowtime attribute when the table declares {@code
     * SOURCE_WATERMARK()} and leaves the option out (declaring it is the opt-in).
     *
     * @param table the table's name, for messages
     * @param schema the table's resolved schema (its watermark specification, if any)
     * @param options the table's options, as checked by the factory
     * @throws ValidationException naming the table, the rowtime attribute and the column
     */
    public static Configuration check(String table, ResolvedSchema schema, Configuration options) {
        if (schema.getWatermarkSpecs().isEmpty()) {
            return options;
        }
        WatermarkSpec declared = schema.getWatermarkSpecs().get(0);
        if (isSourceWatermark(declared)
                && options.getOptional(PqxSourceOptions.WATERMARK_COLUMN).isEmpty()) {
            String rowtime = declared.getRowtimeAttribute();
            Optional<Column> column = schema.getColumn(rowtime);
            if (column.isEmpty() || !column.get().isPhysical()) {
                throw new ValidationException(
                        "Table "
                                + table
                                + ": WATERMARK FOR "
                                + rowtime
                                + " AS SOURCE_WATERMARK() needs '"
                                + PqxSourceOptions.WATERMARK_COLUMN.key()
                                + "' when the rowtime attribute is not a column of the files: set"
                                + " it to the column "
                                + rowtime
                                + " is computed from");
            }
            Configuration withColumn = new Configuration(options);
            withColumn.set(PqxSourceOptions.WATERMARK_COLUMN, rowtime);
            return withColumn;
        }
        checkSameTime(table, schema, declared, options);
        return options;
    }

    /** Whether the table's watermark is {@code SOURCE_WATERMARK()}: the source's own. */
    private static boolean isSourceWatermark(WatermarkSpec spec) {
        // the planner's expression of a DDL prints its SQL, the function name possibly quoted
        String text = spec.getWatermarkExpression().asSummaryString();
        return text.toUpperCase(Locale.ROOT)
                .replaceAll("[`\\s]", "")
                .matches("(.*\\.)?SOURCE_WATERMARK\\(\\)");
    }

    private static void checkSameTime(
            String table, ResolvedSchema schema, WatermarkSpec spec, ReadableConfig options) {
        Optional<String> column = options.getOptional(PqxSourceOptions.WATERMARK_COLUMN);
        if (column.isEmpty()) {
            return;
        }
        String rowtime = spec.getRowtimeAttribute();
        if (rowtime.equals(column.get())) {
            return;
        }
        Optional<Column> declared = schema.getColumn(rowtime);
        if (declared.isPresent() && declared.get() instanceof Column.ComputedColumn computed) {
            Set<String> read = new LinkedHashSet<>();
            collectFields(computed.getExpression(), read);
            read.retainAll(schema.getColumnNames());
            if (read.equals(Set.of(column.get()))) {
                return;
            }
            throw new ValidationException(
                    "Table "
                            + table
                            + ": the rowtime attribute "
                            + rowtime
                            + " is computed from "
                            + read
                            + ", not from the watermark column "
                            + column.get()
                            + " ('"
                            + PqxSourceOptions.WATERMARK_COLUMN.key()
                            + "') alone: pqx's watermarks would not be watermarks of "
                            + rowtime
                            + ". Declare the WATERMARK on "
                            + column.get()
                            + " (or on a column computed from it alone), or set '"
                            + PqxSourceOptions.WATERMARK_COLUMN.key()
                            + "' to the rowtime attribute");
        }
        throw new ValidationException(
                "Table "
                        + table
                        + ": the rowtime attribute "
                        + rowtime
                        + " (the WATERMARK FOR column) is not the watermark column "
                        + column.get()
                        + " ('"
                        + PqxSourceOptions.WATERMARK_COLUMN.key()
                        + "'): pqx's watermarks would not be watermarks of "
                        + rowtime
                        + ". Set '"
                        + PqxSourceOptions.WATERMARK_COLUMN.key()
                        + "' to "
                        + rowtime
                        + ", or declare the WATERMARK on "
                        + column.get());
    }

    /**
     * The columns an expression reads. The planner resolves a DDL's computed column to an
     * expression that hides its operands (no resolved children) but serializes them as quoted
     * identifiers: those are read from its SQL text.
     */
    private static void collectFields(ResolvedExpression expression, Set<String> into) {
        if (expression instanceof FieldReferenceExpression field) {
            into.add(field.getName());
            return;
        }
        if (!expression.getResolvedChildren().isEmpty()) {
            for (ResolvedExpression child : expression.getResolvedChildren()) {
                collectFields(child, into);
            }
            return;
        }
        String sql;
        try {
            sql = expression.asSerializableString();
        } catch (RuntimeException e) {
            return; // no text: nothing known to be read, and the check refuses
        }
        Matcher quoted = QUOTED.matcher(sql);
        while (quoted.find()) {
            into.add(quoted.group(1).replace("``", "`"));
        }
    }

    /** A quoted identifier of Flink SQL's serialized expressions; a doubled quote escapes one. */
    private static final Pattern QUOTED = Pattern.compile("`((?:[^`]|``)+)`");
}
