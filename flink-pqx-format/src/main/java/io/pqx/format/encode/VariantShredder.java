package io.pqx.format.encode;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.types.variant.Variant;

/**
 * A VARIANT field: each value becomes a row of the column's physical layout ({@code metadata},
 * {@code value} and, shredded, {@code typed_value}; see {@code VariantPhysicalType}), which the
 * struct shredder of that layout writes like any nested row, statistics and page indexes included.
 * A SQL NULL is a null group; a Variant null is a present value (the one-byte Variant null in
 * {@code value}). Built by {@link RowShredder}; not thread-safe.
 */
final class VariantShredder extends FieldShredder {
    private final String path;
    private final StructShredder physical;

    /** Null for an unshredded column. */
    private final VariantRows shredded;

    /** The row handed to {@link #physical} for an unshredded value, reused. */
    private final GenericRowData unshredded = new GenericRowData(2);

    VariantShredder(String path, StructShredder physical, VariantRows shredded) {
        this.path = path;
        this.physical = physical;
        this.shredded = shredded;
    }

    @Override
    void writeField(RowData row, int pos, int r) {
        if (row.isNullAt(pos)) {
            physical.writeField(row, pos, r);
        } else {
            write(row.getVariant(pos), r);
        }
    }

    @Override
    void writeElement(ArrayData array, int index, int r) {
        if (array.isNullAt(index)) {
            physical.writeElement(array, index, r);
        } else {
            write(array.getVariant(index), r);
        }
    }

    @Override
    void writeNull(int r, int d) {
        physical.writeNull(r, d);
    }

    private void write(Variant variant, int r) {
        if (!(variant instanceof BinaryVariant binary)) {
            throw new ValueRejectedException(
                    path,
                    "holds a "
                            + variant.getClass().getName()
                            + ", but pqx writes Flink's BinaryVariant");
        }
        byte[] metadata = binary.getMetadata();
        // exactly one value: a view into a larger value (at getPos()) is copied out by Flink
        byte[] value = binary.getValue();
        if (shredded == null) {
            unshredded.setField(0, metadata);
            unshredded.setField(1, value);
            physical.writeFields(unshredded, r);
        } else {
            physical.writeFields(shredded.toRow(metadata, value, path), r);
        }
    }
}
