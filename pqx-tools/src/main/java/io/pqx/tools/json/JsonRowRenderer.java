package io.pqx.tools.json;

import io.pqx.format.ReadSchema;
import io.pqx.format.metadata.FieldView;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * Renders rows read by pqx as JSON lines, exactly as {@code JSON-RENDERING.md} specifies: one
 * object per row, top-level columns in schema order, no spaces. Values are rendered from the
 * Parquet types of the {@link ReadSchema} (physical type + logical annotation), not from the Flink
 * types: a UINT_64 read as DECIMAL(20,0) renders as digits, an INT96 as a timestamp without {@code
 * Z}, a UUID as UUID text, a map as {@code [{"key":k,"value":v},...]}. The schema is pqx's public
 * {@link ReadSchema}: its {@link FieldView}s carry both types.
 *
 * <p>The rows must be those pqx's reader produces for this schema (or a projection of it, with the
 * projected schema passed here): field {@code i} of the row is {@code schema.fields().get(i)}, in
 * the Flink internal representation of its Flink type. JSON keys are the Parquet field names.
 *
 * <p>Used by {@code pqx cat} and by the interop tests. Immutable and thread-safe once built.
 */
@Internal
public final class JsonRowRenderer {

    private final String[] names;
    private final String[] keys;
    private final RowData.FieldGetter[] getters;
    private final ValueRenderer[] renderers;

    public JsonRowRenderer(ReadSchema schema) {
        this(schema.fields());
    }

    /** For the fields of a read schema, in its order (tests build fields pqx cannot read yet). */
    JsonRowRenderer(List<FieldView> fields) {
        this.names = new String[fields.size()];
        this.keys = new String[fields.size()];
        this.getters = new RowData.FieldGetter[fields.size()];
        this.renderers = new ValueRenderer[fields.size()];
        for (int i = 0; i < fields.size(); i++) {
            FieldView field = fields.get(i);
            names[i] = field.parquetName();
            keys[i] = objectKey(field);
            getters[i] = RowData.createFieldGetter(field.flinkType().copy(true), i);
            renderers[i] = forNode(field);
        }
    }

    /** The row as one JSON object, without a line terminator. */
    public String render(RowData row) {
        StringBuilder sb = new StringBuilder(64 + 16 * keys.length);
        appendRow(sb, row);
        return sb.toString();
    }

    /**
     * Appends the row as one JSON object (no line terminator).
     *
     * @throws IllegalStateException if a value does not have the Flink internal class the schema
     *     implies (the row does not belong to this schema)
     * @throws MalformedVariantException if the bytes of a VARIANT value are not a Variant encoding
     *     (naming the column); nothing of the row is appended then
     */
    public void appendRow(StringBuilder sb, RowData row) {
        if (row.getArity() != keys.length) {
            throw new IllegalStateException(
                    "Cannot render row: it has "
                            + row.getArity()
                            + " fields, the schema "
                            + keys.length);
        }
        int mark = sb.length();
        sb.append('{');
        for (int i = 0; i < keys.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(keys[i]);
            try {
                appendValue(sb, renderers[i], getters[i].getFieldOrNull(row));
            } catch (MalformedVariantException e) {
                sb.setLength(mark);
                throw e.inColumn(names[i]);
            } catch (ClassCastException e) {
                throw new IllegalStateException(
                        "Cannot render column "
                                + names[i]
                                + ": unexpected value class ("
                                + e.getMessage()
                                + ")",
                        e);
            }
        }
        sb.append('}');
    }

    private static void appendValue(StringBuilder sb, ValueRenderer renderer, Object value) {
        if (value == null) {
            sb.append("null");
        } else {
            renderer.append(sb, value);
        }
    }

    /** {@code "name":} with the name escaped as a JSON string. */
    private static String objectKey(FieldView node) {
        StringBuilder sb = new StringBuilder();
        JsonValues.appendString(sb, node.parquetName());
        return sb.append(':').toString();
    }

    private static ValueRenderer forNode(FieldView node) {
        // By the Flink type first: a VARIANT is read from several Parquet fields, one value.
        if (node.flinkType().getTypeRoot() == LogicalTypeRoot.VARIANT) {
            return VariantRenderer.FLINK_VARIANT;
        }
        return switch (node.kind()) {
            case PRIMITIVE -> PrimitiveRenderers.forLeaf(node);
            case ROW -> forStruct(node);
            case LIST -> forList(node);
            case MAP -> forMap(node);
        };
    }

    private static ValueRenderer forStruct(FieldView struct) {
        List<FieldView> fields = struct.children();
        String[] keys = new String[fields.size()];
        RowData.FieldGetter[] getters = new RowData.FieldGetter[fields.size()];
        ValueRenderer[] renderers = new ValueRenderer[fields.size()];
        for (int i = 0; i < fields.size(); i++) {
            keys[i] = objectKey(fields.get(i));
            getters[i] = RowData.createFieldGetter(fields.get(i).flinkType().copy(true), i);
            renderers[i] = forNode(fields.get(i));
        }
        return (sb, value) -> {
            RowData row = (RowData) value;
            sb.append('{');
            for (int i = 0; i < keys.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(keys[i]);
                appendValue(sb, renderers[i], getters[i].getFieldOrNull(row));
            }
            sb.append('}');
        };
    }

    private static ValueRenderer forList(FieldView list) {
        FieldView elementField = list.children().get(0);
        ArrayData.ElementGetter getter =
                ArrayData.createElementGetter(elementField.flinkType().copy(true));
        ValueRenderer element = forNode(elementField);
        return (sb, value) -> {
            ArrayData array = (ArrayData) value;
            sb.append('[');
            for (int i = 0; i < array.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                appendValue(sb, element, getter.getElementOrNull(array, i));
            }
            sb.append(']');
        };
    }

    private static ValueRenderer forMap(FieldView map) {
        FieldView keyField = map.children().get(0);
        ArrayData.ElementGetter keyGetter =
                ArrayData.createElementGetter(keyField.flinkType().copy(true));
        ValueRenderer key = forNode(keyField);
        FieldView valueNode = map.children().size() > 1 ? map.children().get(1) : null;
        ArrayData.ElementGetter valueGetter =
                valueNode == null
                        ? null
                        : ArrayData.createElementGetter(valueNode.flinkType().copy(true));
        ValueRenderer valueRenderer = valueNode == null ? null : forNode(valueNode);
        return (sb, value) -> {
            MapData data = (MapData) value;
            ArrayData keys = data.keyArray();
            ArrayData values = data.valueArray();
            sb.append('[');
            for (int i = 0; i < data.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append("{\"key\":");
                appendValue(sb, key, keyGetter.getElementOrNull(keys, i));
                sb.append(",\"value\":");
                if (valueGetter == null) {
                    sb.append("null");
                } else {
                    appendValue(sb, valueRenderer, valueGetter.getElementOrNull(values, i));
                }
                sb.append('}');
            }
            sb.append(']');
        };
    }
}
