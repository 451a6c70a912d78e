package io.pqx.e2e.interop;

import java.util.List;
import javax.annotation.Nullable;
import org.apache.parquet.schema.PrimitiveType;

/**
 * How one Parquet schema node is rendered as JSON by {@code JSON-RENDERING.md}, after the
 * backward-compatibility rules of the Parquet LogicalTypes spec for LIST and MAP have been applied
 * ({@link JsonShapes} builds it). Both peer renderers walk the same shape: parquet-java along the
 * physical record it assembles (hence the field indexes), DuckDB along the nested value it returns.
 *
 * <p>Immutable and thread-safe.
 */
sealed interface JsonShape {

    /**
     * One field of a group as the record holds it: {@code repeated} fields outside a LIST/MAP
     * layout are a required list of required {@code value}s (one per occurrence), the others are
     * {@code null} when absent.
     */
    record Slot(String name, int index, boolean repeated, JsonShape value) {}

    /** A primitive column; {@link LeafKind} says how its values render. */
    record Leaf(PrimitiveType type, LeafKind kind) implements JsonShape {}

    /** A group rendered as {@code {"field":v,...}} in schema order. */
    record Struct(List<Slot> fields) implements JsonShape {}

    /**
     * A LIST-annotated group. Its repeated child (field 0) occurs once per element; with {@code
     * elementInRepeated} (3-level layout) the element is that slot of the repeated group, otherwise
     * (2-level layouts) each occurrence is itself the element, rendered by {@code element}.
     */
    record ListOf(JsonShape element, @Nullable Slot elementInRepeated) implements JsonShape {}

    /**
     * A MAP (or legacy MAP_KEY_VALUE) group: its repeated child (field 0) occurs once per entry,
     * holding {@code key} and, unless the file has none, {@code value}.
     */
    record MapOf(Slot key, @Nullable Slot value) implements JsonShape {}
}
