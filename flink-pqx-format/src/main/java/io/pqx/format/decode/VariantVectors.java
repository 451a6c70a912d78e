package io.pqx.format.decode;

import io.pqx.format.schema.VariantLayout;
import io.pqx.format.schema.VariantNode;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapBytesVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapRowVector;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;

/**
 * Turns the decoded ROW of a variant group's Parquet fields into the vector Flink reads a VARIANT
 * from: a row vector whose field 0 holds the value bytes and field 1 the metadata bytes (what
 * {@code VectorizedColumnBatch.getVariant} and {@code ColumnarRowData.getVariant} expect).
 *
 * <p>An unshredded group whose every present variant has a value is shown as it was decoded: its
 * value and metadata vectors are put in Flink's order, no byte is copied. Otherwise (a shredded
 * group, or a missing value, which the spec reads as a variant null) each value is reassembled by
 * {@link ShreddedVariants} into a new bytes vector; the metadata vector is still the decoded one.
 * Metadata whose first byte is not version 1 is refused, as Flink's variant would refuse it later
 * with no file to name.
 *
 * <p>One per variant node and vector buffer; vectors are reused from batch to batch. Not
 * thread-safe.
 */
final class VariantVectors {
    private final VariantLayout.Shape shape;
    private final ShreddedVariants shredded;
    private HeapRowVector out;
    private HeapBytesVector values;
    private int capacity;

    VariantVectors(VariantNode node, VariantLayout.Shape shape) {
        this.shape = shape;
        this.shredded = node.shredded() ? new ShreddedVariants(shape.top()) : null;
    }

    /**
     * The VARIANT vector of {@code slots} slots over {@code physical}, the group's decoded row.
     *
     * @throws DecodeRefusal naming the slot and the spec's rule a value breaks
     */
    WritableColumnVector assemble(HeapRowVector physical, int slots) {
        WritableColumnVector[] fields = physical.getFields();
        BytesColumnVector metadata = (BytesColumnVector) fields[shape.metadataIndex()];
        int valueIndex = shape.top().valueIndex();
        WritableColumnVector value = valueIndex < 0 ? null : fields[valueIndex];
        boolean copy = shredded != null || value == null;
        for (int i = 0; i < slots; i++) {
            if (!physical.isNullAt(i)) {
                checkMetadata(metadata, i);
                copy |= value == null || value.isNullAt(i);
            }
        }
        if (out == null || capacity < slots) {
            capacity = Math.max(slots, Math.max(16, capacity * 2));
            out = new HeapRowVector(capacity);
            values = null;
        }
        out.reset();
        for (int i = 0; i < slots; i++) {
            if (physical.isNullAt(i)) {
                out.setNullAt(i);
            }
        }
        if (!copy) {
            out.setFields(new WritableColumnVector[] {value, (WritableColumnVector) metadata});
            return out;
        }
        if (values == null) {
            values = new HeapBytesVector(capacity);
        }
        values.reset();
        ColumnVector[] parts = fields;
        for (int i = 0; i < slots; i++) {
            if (physical.isNullAt(i)) {
                values.setNullAt(i);
                continue;
            }
            byte[] bytes;
            try {
                bytes =
                        shredded != null
                                ? shredded.reassemble(parts, i, copyOf(metadata, i))
                                : ShreddedVariants.VARIANT_NULL;
            } catch (DecodeRefusal e) {
                throw new SlotRefusal(i, e.getMessage());
            }
            if (shredded == null && value != null && !value.isNullAt(i)) {
                BytesColumnVector.Bytes b = ((BytesColumnVector) value).getBytes(i);
                values.appendBytes(i, b.data, b.offset, b.len);
            } else {
                values.appendBytes(i, bytes, 0, bytes.length);
            }
        }
        out.setFields(new WritableColumnVector[] {values, (WritableColumnVector) metadata});
        return out;
    }

    private static void checkMetadata(BytesColumnVector metadata, int i) {
        if (metadata.isNullAt(i)) {
            throw new SlotRefusal(i, "its metadata is null");
        }
        BytesColumnVector.Bytes b = metadata.getBytes(i);
        if (b.len < 1 || (b.data[b.offset] & 0x0F) != 1) {
            throw new SlotRefusal(
                    i,
                    b.len < 1
                            ? "its metadata is empty"
                            : "its metadata has version " + (b.data[b.offset] & 0x0F) + ", not 1");
        }
    }

    private static byte[] copyOf(BytesColumnVector metadata, int i) {
        return metadata.getBytes(i).getBytes();
    }

    /** A refusal of the value in one slot of the batch. */
    static final class SlotRefusal extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int slot;

        SlotRefusal(int slot, String reason) {
            super(reason, null, false, false);
            this.slot = slot;
        }
    }
}
