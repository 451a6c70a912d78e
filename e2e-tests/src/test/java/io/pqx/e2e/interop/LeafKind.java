package io.pqx.e2e.interop;

import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.EnumLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.Float16LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.UUIDLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The rendering rule of {@code JSON-RENDERING.md} that applies to a primitive column, chosen from
 * its physical type and logical annotation (legacy converted types already mapped to logical ones
 * by parquet-java's schema classes). Annotations that do not change the rendering (GEOMETRY, BSON,
 * INTERVAL, unknown ones) fall back to the physical type.
 */
enum LeafKind {
    BOOLEAN,
    SIGNED_INT,
    UNSIGNED_INT,
    FLOAT,
    DOUBLE,
    FLOAT16,
    DECIMAL,
    STRING,
    BYTES,
    DATE,
    TIME,
    TIMESTAMP,
    INT96,
    UUID;

    static LeafKind of(PrimitiveType type) {
        LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
        return switch (type.getPrimitiveTypeName()) {
            case BOOLEAN -> BOOLEAN;
            case INT32, INT64 -> ofInteger(logical, type);
            case INT96 -> INT96;
            case FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
            case BINARY -> ofBinary(logical);
            case FIXED_LEN_BYTE_ARRAY -> ofFixed(logical, type.getTypeLength());
        };
    }

    private static LeafKind ofInteger(LogicalTypeAnnotation logical, PrimitiveType type) {
        boolean int64 = type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT64;
        if (logical instanceof IntLogicalTypeAnnotation i) {
            return i.isSigned() ? SIGNED_INT : UNSIGNED_INT;
        } else if (logical instanceof DecimalLogicalTypeAnnotation) {
            return DECIMAL;
        } else if (logical instanceof DateLogicalTypeAnnotation && !int64) {
            return DATE;
        } else if (logical instanceof TimeLogicalTypeAnnotation) {
            return TIME;
        } else if (logical instanceof TimestampLogicalTypeAnnotation && int64) {
            return TIMESTAMP;
        }
        return SIGNED_INT;
    }

    private static LeafKind ofBinary(LogicalTypeAnnotation logical) {
        if (logical instanceof StringLogicalTypeAnnotation
                || logical instanceof EnumLogicalTypeAnnotation
                || logical instanceof JsonLogicalTypeAnnotation) {
            return STRING;
        }
        return logical instanceof DecimalLogicalTypeAnnotation ? DECIMAL : BYTES;
    }

    private static LeafKind ofFixed(LogicalTypeAnnotation logical, int length) {
        if (logical instanceof DecimalLogicalTypeAnnotation) {
            return DECIMAL;
        } else if (logical instanceof UUIDLogicalTypeAnnotation && length == 16) {
            return UUID;
        } else if (logical instanceof Float16LogicalTypeAnnotation && length == 2) {
            return FLOAT16;
        }
        return BYTES;
    }
}
