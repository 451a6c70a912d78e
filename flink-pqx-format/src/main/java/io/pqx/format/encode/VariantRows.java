package io.pqx.format.encode;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.variant.ImmutableMetadata;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantBuilder;
import org.apache.parquet.variant.VariantObjectBuilder;

/**
 * Shreds one Variant value into a row of its column's shredded layout ({@code ROW<metadata, value,
 * typed_value>}, see {@code VariantPhysicalType}) following Parquet's VariantShredding: a value of
 * the shredding type goes to {@code typed_value}; an object's fields named by a shredding ROW go to
 * their typed fields and the others to a residual object in {@code value} (written with the row's
 * metadata, whose dictionary holds every key); an array's elements are each shredded as the element
 * type; anything else (a Variant null included) goes whole to {@code value}. An object field the
 * value lacks is missing: both its {@code value} and {@code typed_value} null.
 *
 * <p>Parquet-variant's {@code VariantValueWriter} does this too, but onto parquet-java's {@code
 * RecordConsumer}, whereas pqx shreds Flink rows into its own level buffers; it also matches
 * integer widths exactly, so that the smallest-width integers Flink's {@code PARSE_JSON} writes (42
 * is an int8) would never reach a BIGINT column, and writes 16-byte decimals as variable length
 * BINARY where pqx's DECIMAL(p &gt; 18) is FIXED_LEN_BYTE_ARRAY. Here an integer or decimal goes to
 * any integer or decimal type that holds its value exactly: the Variant encoding treats them as one
 * class of exact numerics, so the value a reader rebuilds equals the one written. The reading of
 * Variant bytes and the building of residual objects are parquet-variant's.
 *
 * <p>Compiled once per column; not thread-safe (one per writer).
 */
final class VariantRows {
    private final Shred typed;
    private final VariantMetadataKeys keys;

    private VariantRows(Shred typed, VariantMetadataKeys keys) {
        this.typed = typed;
        this.keys = keys;
    }

    /** The shredder of a column whose {@code typed_value} shreds values as {@code type}. */
    static VariantRows of(LogicalType type) {
        return new VariantRows(
                compile(type), VariantMetadataKeys.of(VariantMetadataKeys.namesOf(type)));
    }

    /** The physical row of one non-null value. */
    GenericRowData toRow(byte[] written, byte[] value, String path) {
        byte[] metadata;
        Variant variant;
        ByteBuffer metadataBuffer;
        try {
            metadata = keys.isEmpty() ? written : keys.complete(written);
            metadataBuffer = ByteBuffer.wrap(metadata);
            variant = new Variant(ByteBuffer.wrap(value), metadataBuffer);
        } catch (RuntimeException e) {
            throw new ValueRejectedException(path, "holds a malformed Variant: " + e.getMessage());
        }
        Residuals residuals = new Residuals(metadataBuffer);
        GenericRowData row = new GenericRowData(3);
        row.setField(0, metadata);
        try {
            typed.shred(variant, residuals, row, 1);
        } catch (RuntimeException e) {
            if (e instanceof ValueRejectedException) {
                throw e;
            }
            throw new ValueRejectedException(path, "holds a Variant that cannot be shredded: " + e);
        }
        return row;
    }

    /** The metadata of one row, decoded only when a residual object needs it. */
    private static final class Residuals {
        private final ByteBuffer metadata;
        private ImmutableMetadata decoded;

        Residuals(ByteBuffer metadata) {
            this.metadata = metadata;
        }

        VariantBuilder builder() {
            if (decoded == null) {
                decoded = new ImmutableMetadata(metadata);
            }
            return new VariantBuilder(decoded);
        }
    }

    /**
     * The bytes of {@code v} alone: the buffer of an element or field runs on to the end of its
     * parent's bytes.
     */
    private static byte[] bytes(Variant v) {
        ByteBuffer b = v.getValueBuffer();
        byte[] out = new byte[VariantValueSize.of(b, b.position())];
        b.get(b.position(), out);
        return out;
    }

    private static Shred compile(LogicalType type) {
        switch (type.getTypeRoot()) {
            case ROW:
                return new ObjectShred((RowType) type);
            case ARRAY:
                return new ArrayShred(compile(((ArrayType) type).getElementType()));
            default:
                return new PrimitiveShred(type);
        }
    }

    /**
     * Shreds a value into {@code value} (field {@code at}) and {@code typed_value} (field {@code at
     * + 1}) of {@code out}.
     */
    private abstract static class Shred {
        abstract void shred(Variant v, Residuals residuals, GenericRowData out, int at);
    }

    private static final class PrimitiveShred extends Shred {
        private final LogicalType type;

        private final VariantPrimitives primitives;

        PrimitiveShred(LogicalType type) {
            this.type = type;
            this.primitives = VariantPrimitives.of(type);
        }

        @Override
        void shred(Variant v, Residuals residuals, GenericRowData out, int at) {
            Object typedValue = primitives.convert(v);
            if (typedValue == null) {
                out.setField(at, bytes(v));
            } else {
                out.setField(at + 1, typedValue);
            }
        }
    }

    private static final class ArrayShred extends Shred {
        private final Shred element;

        ArrayShred(Shred element) {
            this.element = element;
        }

        @Override
        void shred(Variant v, Residuals residuals, GenericRowData out, int at) {
            if (v.getType() != Variant.Type.ARRAY) {
                out.setField(at, bytes(v));
                return;
            }
            int n = v.numArrayElements();
            Object[] elements = new Object[n];
            for (int i = 0; i < n; i++) {
                GenericRowData e = new GenericRowData(2);
                element.shred(v.getElementAtIndex(i), residuals, e, 0);
                elements[i] = e;
            }
            out.setField(at + 1, new GenericArrayData(elements));
        }
    }

    private static final class ObjectShred extends Shred {
        private final Map<String, Integer> index = new HashMap<>();
        private final Shred[] fields;

        ObjectShred(RowType row) {
            fields = new Shred[row.getFieldCount()];
            for (int i = 0; i < fields.length; i++) {
                index.put(row.getFieldNames().get(i), i);
                fields[i] = compile(row.getTypeAt(i));
            }
        }

        @Override
        void shred(Variant v, Residuals residuals, GenericRowData out, int at) {
            if (v.getType() != Variant.Type.OBJECT) {
                out.setField(at, bytes(v));
                return;
            }
            GenericRowData typedRow = new GenericRowData(fields.length);
            for (int i = 0; i < fields.length; i++) {
                // a field the object lacks stays missing: value and typed_value both null
                typedRow.setField(i, new GenericRowData(2));
            }
            VariantBuilder residual = null;
            VariantObjectBuilder object = null;
            int n = v.numObjectElements();
            for (int i = 0; i < n; i++) {
                Variant.ObjectField field = v.getFieldAtIndex(i);
                Integer at2 = index.get(field.key);
                if (at2 != null) {
                    fields[at2].shred(
                            field.value, residuals, (GenericRowData) typedRow.getField(at2), 0);
                } else {
                    if (residual == null) {
                        residual = residuals.builder();
                        object = residual.startObject();
                    }
                    object.appendKey(field.key);
                    object.appendEncodedValue(field.value.getValueBuffer());
                }
            }
            if (residual != null) {
                residual.endObject();
                out.setField(at, bytes(residual.build()));
            }
            out.setField(at + 1, typedRow);
        }
    }
}
