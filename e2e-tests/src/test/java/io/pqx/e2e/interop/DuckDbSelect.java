package io.pqx.e2e.interop;

import io.pqx.e2e.interop.JsonShape.Leaf;
import io.pqx.e2e.interop.JsonShape.ListOf;
import io.pqx.e2e.interop.JsonShape.MapOf;
import io.pqx.e2e.interop.JsonShape.Slot;
import io.pqx.e2e.interop.JsonShape.Struct;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;

/**
 * Writes the DuckDB query that reads a Parquet file for {@link DuckDbJsonRenderer}: {@code SELECT
 * ... FROM read_parquet(file)}, with every value DuckDB would hand to JDBC lossily turned into an
 * exact one inside DuckDB. Dates become epoch days, times nanoseconds of the day, timestamps counts
 * of the column's own unit since the epoch ({@code epoch_ms/us/ns}), strings and UUIDs VARCHAR, and
 * maps lists of {@code (key, value)} rows in file order ({@code map_entries}). Structs are rebuilt
 * positionally ({@code row(...)}, {@code struct_extract_at}) so field names never need quoting, and
 * columns are renamed positionally for the same reason.
 *
 * <p>One instance per query (it numbers lambda parameters); not thread-safe.
 */
final class DuckDbSelect {

    private int lambdas;

    private DuckDbSelect() {}

    /**
     * The query for all rows of {@code file}, one result column per top-level column of {@code
     * row}.
     */
    static String of(Path file, Struct row) {
        DuckDbSelect select = new DuckDbSelect();
        List<String> expressions = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        for (Slot slot : row.fields()) {
            aliases.add("c" + slot.index());
            expressions.add(select.slot("t.c" + slot.index(), slot));
        }
        return "SELECT "
                + String.join(", ", expressions)
                + " FROM read_parquet('"
                + file.toString().replace("'", "''")
                + "')"
                + " AS t("
                + String.join(", ", aliases)
                + ")";
    }

    private String slot(String expr, Slot slot) {
        return slot.repeated() ? list(expr, slot.value()) : value(expr, slot.value());
    }

    private String value(String expr, JsonShape shape) {
        if (shape instanceof Leaf leaf) {
            return leaf(expr, leaf);
        } else if (shape instanceof Struct struct) {
            List<String> fields = new ArrayList<>();
            for (Slot field : struct.fields()) {
                fields.add(
                        slot(
                                "struct_extract_at(" + expr + ", " + (field.index() + 1) + ")",
                                field));
            }
            return "CASE WHEN "
                    + expr
                    + " IS NULL THEN NULL ELSE row("
                    + String.join(", ", fields)
                    + ") END";
        } else if (shape instanceof ListOf list) {
            return list(expr, list.element());
        }
        MapOf map = (MapOf) shape;
        String entry = "e" + lambdas++;
        String key = slot(entry + ".key", map.key());
        String value = map.value() == null ? "" : ", " + slot(entry + ".value", map.value());
        return "list_transform(map_entries("
                + expr
                + "), lambda "
                + entry
                + ": row("
                + key
                + value
                + "))";
    }

    private String list(String expr, JsonShape element) {
        String item = "e" + lambdas++;
        return "list_transform(" + expr + ", lambda " + item + ": " + value(item, element) + ")";
    }

    private static String leaf(String expr, Leaf leaf) {
        return switch (leaf.kind()) {
            case DATE -> "(" + expr + " - DATE '1970-01-01')";
            case TIME ->
                    unit(leaf) == TimeUnit.NANOS
                            ? "epoch_ns(" + expr + ")"
                            : "epoch_us(" + expr + ") * 1000";
            case TIMESTAMP ->
                    switch (unit(leaf)) {
                        case MILLIS -> "epoch_ms(" + expr + ")";
                        case MICROS -> "epoch_us(" + expr + ")";
                        case NANOS -> "epoch_ns(" + expr + ")";
                    };
            case INT96 -> "epoch_us(" + expr + ")";
            case STRING, UUID -> "CAST(" + expr + " AS VARCHAR)";
            default -> expr;
        };
    }

    private static TimeUnit unit(Leaf leaf) {
        Object logical = leaf.type().getLogicalTypeAnnotation();
        return logical instanceof TimeLogicalTypeAnnotation time
                ? time.getUnit()
                : ((TimestampLogicalTypeAnnotation) logical).getUnit();
    }
}
