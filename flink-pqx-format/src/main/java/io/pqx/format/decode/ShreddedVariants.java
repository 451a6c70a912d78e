package io.pqx.format.decode;

import io.pqx.format.schema.VariantLayout.ArrayTyped;
import io.pqx.format.schema.VariantLayout.ObjectTyped;
import io.pqx.format.schema.VariantLayout.PrimitiveTyped;
import io.pqx.format.schema.VariantLayout.ValueGroup;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.apache.flink.table.data.columnar.vector.BooleanColumnVector;
import org.apache.flink.table.data.columnar.vector.ByteColumnVector;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.DecimalColumnVector;
import org.apache.flink.table.data.columnar.vector.DoubleColumnVector;
import org.apache.flink.table.data.columnar.vector.FloatColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.ShortColumnVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapArrayVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapRowVector;
import org.apache.parquet.variant.ImmutableMetadata;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantArrayBuilder;
import org.apache.parquet.variant.VariantBuilder;
import org.apache.parquet.variant.VariantObjectBuilder;

/**
 * Reassembles one shredded variant value from the decoded vectors of its group, by the Parquet
 * shredding spec: a {@code typed_value} becomes the variant of its type (an object of its present
 * shredded fields, plus the fields of a residual {@code value} object; an array of its elements; a
 * primitive of the shredded type), else {@code value} is taken as it is. The value is built with
 * parquet-variant's {@link VariantBuilder} over the file's metadata dictionary ({@link
 * ImmutableMetadata}), so every object key is looked up in the dictionary the file wrote.
 *
 * <p>Refuses, with a {@link DecodeRefusal} naming the case, what the spec calls invalid rather than
 * guessing a value: {@code value} and a primitive or array {@code typed_value} both set; a {@code
 * value} that is not an object beside a shredded object; a residual object holding a shredded
 * field; an object or array in {@code value} where the group shreds objects or arrays; an array
 * element that is missing; a key that is not in the metadata; bytes that are no variant value.
 *
 * <p>Reuses one metadata dictionary while consecutive rows carry the same metadata bytes. Not
 * thread-safe.
 */
final class ShreddedVariants {
    /** A variant null: basic type primitive, type null. */
    static final byte[] VARIANT_NULL = {0};

    private static final int DECIMAL4 = 8;
    private static final int DECIMAL8 = 9;
    private static final int DECIMAL16 = 10;

    private final ValueGroup top;
    private byte[] metadataBytes;
    private ImmutableMetadata metadata;

    ShreddedVariants(ValueGroup top) {
        this.top = top;
    }

    /**
     * The value bytes of the variant at {@code row} of a group whose fields are {@code fields} (the
     * group itself non-null), with the metadata {@code metadata}; a variant null when both {@code
     * value} and {@code typed_value} are null.
     */
    byte[] reassemble(ColumnVector[] fields, int row, byte[] metadata) {
        VariantBuilder builder = new VariantBuilder(dictionary(metadata));
        try {
            if (!append(top, fields, row, builder)) {
                return VARIANT_NULL;
            }
        } catch (DecodeRefusal e) {
            throw e;
        } catch (RuntimeException e) {
            // parquet-variant's checks (a key missing from the dictionary, malformed bytes)
            throw new DecodeRefusal("the variant cannot be reassembled: " + e.getMessage());
        }
        ByteBuffer encoded = builder.encodedValue();
        return Arrays.copyOfRange(
                encoded.array(),
                encoded.arrayOffset() + encoded.position(),
                encoded.arrayOffset() + encoded.limit());
    }

    private ImmutableMetadata dictionary(byte[] bytes) {
        if (metadata == null || !Arrays.equals(bytes, metadataBytes)) {
            try {
                metadata = new ImmutableMetadata(ByteBuffer.wrap(bytes));
            } catch (RuntimeException e) {
                throw new DecodeRefusal("the variant metadata is malformed: " + e.getMessage());
            }
            metadataBytes = bytes;
        }
        return metadata;
    }

    /** Appends the group's value; false (appending nothing) when it is missing. */
    private boolean append(ValueGroup group, ColumnVector[] fields, int row, VariantBuilder out) {
        ColumnVector value = group.valueIndex() < 0 ? null : fields[group.valueIndex()];
        ColumnVector typed = group.typedIndex() < 0 ? null : fields[group.typedIndex()];
        boolean hasValue = value != null && !value.isNullAt(row);
        boolean hasTyped = typed != null && !typed.isNullAt(row);
        if (hasTyped) {
            if (group.typed() instanceof ObjectTyped object) {
                appendObject(object, (HeapRowVector) typed, row, hasValue ? value : null, out);
            } else if (hasValue) {
                throw new DecodeRefusal(
                        "value and typed_value are both set, and typed_value is no object");
            } else if (group.typed() instanceof ArrayTyped array) {
                appendArray(array, (HeapArrayVector) typed, row, out);
            } else {
                appendPrimitive((PrimitiveTyped) group.typed(), typed, row, out);
            }
            return true;
        }
        if (!hasValue) {
            return false;
        }
        ByteBuffer bytes = bytes(value, row);
        if (group.typed() instanceof ObjectTyped || group.typed() instanceof ArrayTyped) {
            Variant.Type type = new Variant(bytes, metadata.getEncodedBuffer()).getType();
            boolean object = group.typed() instanceof ObjectTyped;
            if (type == (object ? Variant.Type.OBJECT : Variant.Type.ARRAY)) {
                throw new DecodeRefusal(
                        "value holds an "
                                + (object ? "object" : "array")
                                + " while typed_value, which shreds "
                                + (object ? "objects" : "arrays")
                                + ", is null");
            }
        }
        out.appendEncodedValue(bytes);
        return true;
    }

    private void appendObject(
            ObjectTyped object,
            HeapRowVector typed,
            int row,
            ColumnVector residual,
            VariantBuilder out) {
        VariantObjectBuilder fields = out.startObject();
        ColumnVector[] groups = typed.getFields();
        List<String> names = object.names();
        for (int f = 0; f < names.size(); f++) {
            ValueGroup field = object.fields().get(f);
            ColumnVector[] parts = ((HeapRowVector) groups[f]).getFields();
            if (present(field, parts, row)) {
                fields.appendKey(names.get(f));
                append(field, parts, row, fields);
            }
        }
        if (residual != null) {
            Variant rest = new Variant(bytes(residual, row), metadata.getEncodedBuffer());
            if (rest.getType() != Variant.Type.OBJECT) {
                throw new DecodeRefusal(
                        "typed_value is an object but value, also set, is "
                                + rest.getType()
                                + ", not an object");
            }
            Set<String> shredded = new HashSet<>(names);
            for (int i = 0, n = rest.numObjectElements(); i < n; i++) {
                Variant.ObjectField field = rest.getFieldAtIndex(i);
                if (shredded.contains(field.key)) {
                    throw new DecodeRefusal(
                            "field "
                                    + field.key
                                    + " is both shredded in typed_value and in the residual value");
                }
                fields.appendKey(field.key);
                fields.appendEncodedValue(field.value.getValueBuffer());
            }
        }
        out.endObject();
    }

    private void appendArray(ArrayTyped array, HeapArrayVector typed, int row, VariantBuilder out) {
        VariantArrayBuilder elements = out.startArray();
        ColumnVector[] parts = ((HeapRowVector) typed.getChild()).getFields();
        long start = typed.getOffsets()[row];
        long end = start + typed.getLengths()[row];
        for (long e = start; e < end; e++) {
            if (!append(array.element(), parts, (int) e, elements)) {
                throw new DecodeRefusal(
                        "array element "
                                + (e - start)
                                + " is missing (value and typed_value null)");
            }
        }
        out.endArray();
    }

    private static boolean present(ValueGroup group, ColumnVector[] fields, int row) {
        return group.valueIndex() >= 0 && !fields[group.valueIndex()].isNullAt(row)
                || group.typedIndex() >= 0 && !fields[group.typedIndex()].isNullAt(row);
    }

    private static void appendPrimitive(
            PrimitiveTyped typed, ColumnVector v, int row, VariantBuilder out) {
        switch (typed.kind()) {
            case BOOLEAN -> out.appendBoolean(((BooleanColumnVector) v).getBoolean(row));
            case INT8 -> out.appendByte(((ByteColumnVector) v).getByte(row));
            case INT16 -> out.appendShort(((ShortColumnVector) v).getShort(row));
            case INT32 -> out.appendInt(((IntColumnVector) v).getInt(row));
            case INT64 -> out.appendLong(((LongColumnVector) v).getLong(row));
            case FLOAT -> out.appendFloat(((FloatColumnVector) v).getFloat(row));
            case DOUBLE -> out.appendDouble(((DoubleColumnVector) v).getDouble(row));
            case DECIMAL4 -> appendDecimal(typed, v, row, DECIMAL4, 4, out);
            case DECIMAL8 -> appendDecimal(typed, v, row, DECIMAL8, 8, out);
            case DECIMAL16 -> appendDecimal(typed, v, row, DECIMAL16, 16, out);
            case DATE -> out.appendDate(((IntColumnVector) v).getInt(row));
            case TIME_MICROS -> out.appendTime(((LongColumnVector) v).getLong(row));
            case TIMESTAMP_UTC_MICROS -> out.appendTimestampTz(((LongColumnVector) v).getLong(row));
            case TIMESTAMP_MICROS -> out.appendTimestampNtz(((LongColumnVector) v).getLong(row));
            case TIMESTAMP_UTC_NANOS ->
                    out.appendTimestampNanosTz(((LongColumnVector) v).getLong(row));
            case TIMESTAMP_NANOS ->
                    out.appendTimestampNanosNtz(((LongColumnVector) v).getLong(row));
            case BINARY -> out.appendBinary(bytes(v, row));
            case STRING -> {
                BytesColumnVector.Bytes b = ((BytesColumnVector) v).getBytes(row);
                out.appendString(new String(b.data, b.offset, b.len, StandardCharsets.UTF_8));
            }
            case UUID -> {
                ByteBuffer b = bytes(v, row);
                if (b.remaining() != 16) {
                    throw new DecodeRefusal("a UUID has " + b.remaining() + " bytes, not 16");
                }
                out.appendUUID(new UUID(b.getLong(b.position()), b.getLong(b.position() + 8)));
            }
            default -> throw new IllegalStateException("unknown kind " + typed.kind());
        }
    }

    /**
     * A decimal in the width its shredded type names (decimal4, 8 or 16), which parquet-variant's
     * {@code appendDecimal} would instead choose from each value's digits.
     */
    private static void appendDecimal(
            PrimitiveTyped typed,
            ColumnVector v,
            int row,
            int typeId,
            int width,
            VariantBuilder out) {
        BigInteger unscaled =
                ((DecimalColumnVector) v)
                        .getDecimal(row, typed.precision(), typed.scale())
                        .toBigDecimal()
                        .unscaledValue();
        ByteBuffer encoded = ByteBuffer.allocate(2 + width).order(ByteOrder.LITTLE_ENDIAN);
        encoded.put((byte) (typeId << 2)).put((byte) typed.scale());
        if (width == 4) {
            encoded.putInt(unscaled.intValueExact());
        } else if (width == 8) {
            encoded.putLong(unscaled.longValueExact());
        } else {
            byte[] big = unscaled.toByteArray(); // big-endian, at most 16 bytes for 38 digits
            for (int i = 0; i < 16; i++) {
                int at = big.length - 1 - i;
                encoded.put(at >= 0 ? big[at] : (byte) (unscaled.signum() < 0 ? -1 : 0));
            }
        }
        encoded.flip();
        out.appendEncodedValue(encoded);
    }

    private static ByteBuffer bytes(ColumnVector v, int row) {
        BytesColumnVector.Bytes b = ((BytesColumnVector) v).getBytes(row);
        return ByteBuffer.wrap(b.data, b.offset, b.len).slice();
    }
}
