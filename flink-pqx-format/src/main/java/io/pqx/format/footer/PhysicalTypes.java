package io.pqx.format.footer;

import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.Type;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Maps the Thrift physical {@link Type} to parquet-column's {@link PrimitiveTypeName} and back (the
 * names differ for byte arrays: {@code BYTE_ARRAY} is {@code BINARY}). Stateless.
 */
@Internal
public final class PhysicalTypes {
    private PhysicalTypes() {}

    public static PrimitiveTypeName fromThrift(Type type) {
        switch (type) {
            case BOOLEAN:
                return PrimitiveTypeName.BOOLEAN;
            case INT32:
                return PrimitiveTypeName.INT32;
            case INT64:
                return PrimitiveTypeName.INT64;
            case INT96:
                return PrimitiveTypeName.INT96;
            case FLOAT:
                return PrimitiveTypeName.FLOAT;
            case DOUBLE:
                return PrimitiveTypeName.DOUBLE;
            case BYTE_ARRAY:
                return PrimitiveTypeName.BINARY;
            case FIXED_LEN_BYTE_ARRAY:
                return PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
            default:
                throw new IllegalArgumentException("unknown physical type " + type);
        }
    }

    public static Type toThrift(PrimitiveTypeName type) {
        switch (type) {
            case BOOLEAN:
                return Type.BOOLEAN;
            case INT32:
                return Type.INT32;
            case INT64:
                return Type.INT64;
            case INT96:
                return Type.INT96;
            case FLOAT:
                return Type.FLOAT;
            case DOUBLE:
                return Type.DOUBLE;
            case BINARY:
                return Type.BYTE_ARRAY;
            case FIXED_LEN_BYTE_ARRAY:
                return Type.FIXED_LEN_BYTE_ARRAY;
            default:
                throw new IllegalArgumentException("unknown physical type " + type);
        }
    }
}
