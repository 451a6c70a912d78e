package io.pqx.format.schema;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarBinaryType;

/**
 * The physical layout of a Parquet VARIANT group as a Flink ROW type, so that the rest of the
 * writer (schema conversion, shredding rows into levels, statistics, page indexes) handles a
 * variant column as the struct it is stored as:
 *
 * <ul>
 *   <li>unshredded: {@code ROW<metadata BYTES NOT NULL, value BYTES NOT NULL>};
 *   <li>shredded as {@code S}: {@code ROW<metadata BYTES NOT NULL, value BYTES, typed_value T(S)>}
 *       where {@code T} of a primitive is the primitive (nullable), of {@code ROW<f S_f, ...>} is
 *       {@code ROW<f ROW<value BYTES, typed_value T(S_f)> NOT NULL, ...>} and of {@code ARRAY<S_e>}
 *       is {@code ARRAY<ROW<value BYTES, typed_value T(S_e)> NOT NULL>}: Parquet's VariantShredding
 *       layout (object fields and list elements are required groups).
 * </ul>
 *
 * <p>A shredding type may hold BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL,
 * CHAR/VARCHAR/STRING, BINARY/VARBINARY/BYTES, DATE, TIMESTAMP(p) and TIMESTAMP_LTZ(p) with p 6 or
 * 9 (Variant timestamps are in microseconds or nanoseconds), ROW (with at least one field) and
 * ARRAY. TIME is refused: pqx writes Flink's TIME as INT32 milliseconds, Variant's time is INT64
 * microseconds. Stateless.
 */
@Internal
public final class VariantPhysicalType {
    public static final String METADATA = "metadata";
    public static final String VALUE = "value";
    public static final String TYPED_VALUE = "typed_value";

    private static final LogicalType BYTES = new VarBinaryType(VarBinaryType.MAX_LENGTH);

    private VariantPhysicalType() {}

    /**
     * The ROW type a VARIANT column of the given nullability is stored as.
     *
     * @param shredding the shredding type, or null for an unshredded column
     * @param path the column's path, for messages
     * @throws IllegalArgumentException naming {@code path} if the shredding type cannot be shredded
     */
    public static RowType physicalType(
            @Nullable LogicalType shredding, boolean nullable, String path) {
        List<RowType.RowField> fields = new ArrayList<>();
        fields.add(new RowType.RowField(METADATA, BYTES.copy(false)));
        if (shredding == null) {
            fields.add(new RowType.RowField(VALUE, BYTES.copy(false)));
        } else {
            fields.add(new RowType.RowField(VALUE, BYTES));
            fields.add(new RowType.RowField(TYPED_VALUE, typedValue(shredding, path)));
        }
        return new RowType(nullable, fields);
    }

    /** The (nullable) type of {@code typed_value} shredding {@code type}. */
    private static LogicalType typedValue(LogicalType type, String path) {
        switch (type.getTypeRoot()) {
            case ROW:
                RowType row = (RowType) type;
                if (row.getFieldCount() == 0) {
                    throw refuse(path, type, "a ROW needs at least one field");
                }
                List<RowType.RowField> fields = new ArrayList<>();
                for (RowType.RowField field : row.getFields()) {
                    fields.add(
                            new RowType.RowField(
                                    field.getName(),
                                    element(field.getType(), path + "." + field.getName())));
                }
                return new RowType(true, fields);
            case ARRAY:
                return new ArrayType(
                        true, element(((ArrayType) type).getElementType(), path + ".element"));
            case BOOLEAN:
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case FLOAT:
            case DOUBLE:
            case DECIMAL:
            case CHAR:
            case VARCHAR:
            case BINARY:
            case VARBINARY:
            case DATE:
                return type.copy(true);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return timestamp(((TimestampType) type).getPrecision(), type, path);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return timestamp(((LocalZonedTimestampType) type).getPrecision(), type, path);
            case TIME_WITHOUT_TIME_ZONE:
                throw refuse(
                        path,
                        type,
                        "Variant times are INT64 microseconds, pqx writes TIME as INT32"
                                + " milliseconds");
            default:
                throw refuse(path, type, "a variant cannot be shredded as this type");
        }
    }

    /** An object field or list element: {@code ROW<value BYTES, typed_value T> NOT NULL}. */
    private static RowType element(LogicalType type, String path) {
        return new RowType(
                false,
                List.of(
                        new RowType.RowField(VALUE, BYTES),
                        new RowType.RowField(TYPED_VALUE, typedValue(type, path))));
    }

    private static LogicalType timestamp(int precision, LogicalType type, String path) {
        if (precision != 6 && precision != 9) {
            throw refuse(
                    path,
                    type,
                    "Variant timestamps are in microseconds or nanoseconds: use precision 6 or 9");
        }
        return type.copy(true);
    }

    private static IllegalArgumentException refuse(String path, LogicalType type, String why) {
        return new IllegalArgumentException(
                "Cannot shred VARIANT column "
                        + path
                        + " as "
                        + type.asSummaryString()
                        + ": "
                        + why);
    }
}
