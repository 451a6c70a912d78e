package io.pqx.format.encode;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.RowData;

/**
 * Writes one field of a Flink value (a row field, an array element or a map key/value) into the
 * {@link LeafBuffer}s of the leaves under it, as values plus Dremel levels. A tree of these,
 * compiled once per file by {@link RowShredder} from the {@code SchemaNode} tree, shreds every row;
 * there is one implementation per kind of node so that the per-value path is a direct typed getter
 * call with no boxing.
 *
 * <p>{@code r} is the repetition level of the first slot this field writes. A null or an empty
 * collection becomes one null slot at the definition level of the deepest defined ancestor, written
 * to every leaf below by {@link #writeNull}. Not thread-safe; one per writer.
 *
 * <p>An abstract class rather than an interface: a row's fields are shredded through one call site
 * that sees every implementation, and a megamorphic virtual call dispatches through the vtable,
 * cheaper than the itable search of an interface call.
 */
abstract class FieldShredder {

    /** Writes field {@code pos} of {@code row} (which may be null). */
    abstract void writeField(RowData row, int pos, int r);

    /** Writes element {@code index} of {@code array} (which may be null). */
    abstract void writeElement(ArrayData array, int index, int r);

    /** Writes a null slot at definition level {@code d} to every leaf under this field. */
    abstract void writeNull(int r, int d);
}
