package io.pqx.source.reader;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RawValueData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;
import org.apache.flink.types.variant.Variant;

/**
 * Emits each projected path of a nested projection as one top-level field: the row emitted for a
 * decoded row (of the nested projected type, {@code ProjectedRowType}) is a view whose field {@code
 * k} is the value at path {@code k}, null when the value or a ROW on the way is null. No value is
 * copied; the view is reused row after row, like the decoded row it reads. Serializable with the
 * source.
 */
@Internal
public final class FlatPathConverter implements RowConverter<RowData> {
    private static final long serialVersionUID = 1L;

    private final RowType flatType;

    /** Per flat field, the field positions from the decoded row down to the value. */
    private final int[][] positions;

    /** Per flat field, the arity of each ROW entered on the way (positions.length - 1 entries). */
    private final int[][] arities;

    private transient FlatPathRow view;

    private FlatPathConverter(RowType flatType, int[][] positions, int[][] arities) {
        this.flatType = flatType;
        this.positions = positions;
        this.arities = arities;
    }

    /**
     * The converter of rows of {@code nested} (the projected type of {@code paths}) into one field
     * per path, in the order of {@code paths}, each named by its dotted path.
     */
    public static FlatPathConverter of(RowType nested, List<String> paths) {
        int n = paths.size();
        int[][] positions = new int[n][];
        int[][] arities = new int[n][];
        List<RowType.RowField> fields = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            String[] parts = paths.get(k).split("\\.", -1);
            positions[k] = new int[parts.length];
            arities[k] = new int[parts.length - 1];
            RowType type = nested;
            boolean nullable = false;
            for (int i = 0; i < parts.length; i++) {
                int index = type.getFieldIndex(parts[i]);
                if (index < 0) {
                    throw new IllegalArgumentException(
                            "Cannot build a pqx source: projected path "
                                    + paths.get(k)
                                    + " is not in the projected type "
                                    + nested);
                }
                positions[k][i] = index;
                RowType.RowField field = type.getFields().get(index);
                nullable |= field.getType().isNullable();
                if (i + 1 < parts.length) {
                    type = (RowType) field.getType();
                    arities[k][i] = type.getFieldCount();
                } else {
                    fields.add(
                            new RowType.RowField(
                                    paths.get(k),
                                    field.getType()
                                            .copy(nullable || field.getType().isNullable())));
                }
            }
        }
        return new FlatPathConverter(new RowType(nested.isNullable(), fields), positions, arities);
    }

    /** The type of the emitted rows. */
    public RowType flatType() {
        return flatType;
    }

    @Override
    public TypeInformation<RowData> producedType() {
        return InternalTypeInfo.of(flatType);
    }

    @Override
    public RowData convert(RowData row) {
        if (view == null) {
            view = new FlatPathRow(positions, arities);
        }
        view.row = row;
        return view;
    }

    /** The reused view of one decoded row. */
    private static final class FlatPathRow implements RowData {
        private final int[][] positions;
        private final int[][] arities;
        private RowData row;

        FlatPathRow(int[][] positions, int[][] arities) {
            this.positions = positions;
            this.arities = arities;
        }

        /** The ROW holding field k's value, or null when a ROW on the way is null. */
        private RowData holder(int k) {
            RowData r = row;
            int[] p = positions[k];
            for (int i = 0; i < p.length - 1; i++) {
                if (r.isNullAt(p[i])) {
                    return null;
                }
                r = r.getRow(p[i], arities[k][i]);
            }
            return r;
        }

        private int last(int k) {
            return positions[k][positions[k].length - 1];
        }

        @Override
        public int getArity() {
            return positions.length;
        }

        @Override
        public RowKind getRowKind() {
            return row.getRowKind();
        }

        @Override
        public void setRowKind(RowKind kind) {
            row.setRowKind(kind);
        }

        @Override
        public boolean isNullAt(int k) {
            RowData h = holder(k);
            return h == null || h.isNullAt(last(k));
        }

        @Override
        public boolean getBoolean(int k) {
            return holder(k).getBoolean(last(k));
        }

        @Override
        public byte getByte(int k) {
            return holder(k).getByte(last(k));
        }

        @Override
        public short getShort(int k) {
            return holder(k).getShort(last(k));
        }

        @Override
        public int getInt(int k) {
            return holder(k).getInt(last(k));
        }

        @Override
        public long getLong(int k) {
            return holder(k).getLong(last(k));
        }

        @Override
        public float getFloat(int k) {
            return holder(k).getFloat(last(k));
        }

        @Override
        public double getDouble(int k) {
            return holder(k).getDouble(last(k));
        }

        @Override
        public StringData getString(int k) {
            return holder(k).getString(last(k));
        }

        @Override
        public DecimalData getDecimal(int k, int precision, int scale) {
            return holder(k).getDecimal(last(k), precision, scale);
        }

        @Override
        public TimestampData getTimestamp(int k, int precision) {
            return holder(k).getTimestamp(last(k), precision);
        }

        @Override
        public <T> RawValueData<T> getRawValue(int k) {
            return holder(k).getRawValue(last(k));
        }

        @Override
        public byte[] getBinary(int k) {
            return holder(k).getBinary(last(k));
        }

        @Override
        public ArrayData getArray(int k) {
            return holder(k).getArray(last(k));
        }

        @Override
        public MapData getMap(int k) {
            return holder(k).getMap(last(k));
        }

        @Override
        public RowData getRow(int k, int numFields) {
            return holder(k).getRow(last(k), numFields);
        }

        @Override
        public Variant getVariant(int k) {
            return holder(k).getVariant(last(k));
        }
    }
}
