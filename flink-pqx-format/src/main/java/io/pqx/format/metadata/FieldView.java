package io.pqx.format.metadata;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * One field of a file's schema as pqx reads it into Flink: the Flink type its values have in a
 * {@code RowData} (or a batch's vectors), the Parquet field it comes from, and its children. The
 * reader's schema ({@code ParquetReader.schema()}, a projection of it) is a list of these, one per
 * top-level column, in the order of the row type's fields. Immutable.
 *
 * <p>Children by {@link #kind()}: {@link Kind#ROW} its fields, in the row type's order; {@link
 * Kind#LIST} one child, the element; {@link Kind#MAP} the key and the value (only the key for a map
 * written without value field, whose values read as null); {@link Kind#PRIMITIVE} none, and {@link
 * #leaf()} is the column it reads.
 *
 * @param name the field's name as Flink sees it
 * @param parquetName the Parquet field's own name (what a file's other readers call it)
 * @param flinkType the Flink type of the values, with nullability
 * @param kind the kind of field
 * @param children the child fields (see above)
 * @param leaf the Parquet leaf column, for a {@link Kind#PRIMITIVE} field; empty for the others
 * @param definitionLevel the definition level a leaf below reaches when this field is non-null
 * @param repetitionLevel the number of repeated fields on the path to this field
 */
@PublicEvolving
public record FieldView(
        String name,
        String parquetName,
        LogicalType flinkType,
        Kind kind,
        List<FieldView> children,
        Optional<LeafColumnView> leaf,
        int definitionLevel,
        int repetitionLevel) {

    /** What a field is in Flink's type system. */
    public enum Kind {
        /** An atomic value read from one Parquet leaf. */
        PRIMITIVE,
        /**
         * A Flink ROW: a Parquet group; or, when {@link FieldView#flinkType()} is VARIANT, a
         * Parquet variant group read as one VARIANT value, whose children are its Parquet fields
         * ({@code metadata}, {@code value}, {@code typed_value}).
         */
        ROW,
        /** A Flink ARRAY: a Parquet LIST (or a legacy repeated field). */
        LIST,
        /** A Flink MAP or MULTISET: a Parquet MAP. */
        MAP
    }

    public FieldView {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(parquetName, "parquetName");
        Objects.requireNonNull(flinkType, "flinkType");
        Objects.requireNonNull(kind, "kind");
        children = List.copyOf(children);
        Objects.requireNonNull(leaf, "leaf");
        if (leaf.isPresent() != (kind == Kind.PRIMITIVE)) {
            throw new IllegalArgumentException(
                    "Cannot build field view "
                            + name
                            + ": a "
                            + kind
                            + " field "
                            + (leaf.isPresent() ? "has" : "has no")
                            + " leaf column");
        }
    }

    /** The leaf columns under this field (itself, for a primitive), in schema order. */
    public List<LeafColumnView> leaves() {
        List<LeafColumnView> leaves = new ArrayList<>();
        collect(this, leaves);
        return List.copyOf(leaves);
    }

    private static void collect(FieldView field, List<LeafColumnView> leaves) {
        field.leaf.ifPresent(leaves::add);
        for (FieldView child : field.children) {
            collect(child, leaves);
        }
    }
}
