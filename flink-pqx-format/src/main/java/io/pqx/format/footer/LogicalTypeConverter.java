package io.pqx.format.footer;

import javax.annotation.Nullable;
import org.apache.parquet.column.schema.EdgeInterpolationAlgorithm;
import org.apache.parquet.format.BsonType;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.DateType;
import org.apache.parquet.format.DecimalType;
import org.apache.parquet.format.EnumType;
import org.apache.parquet.format.Float16Type;
import org.apache.parquet.format.GeographyType;
import org.apache.parquet.format.GeometryType;
import org.apache.parquet.format.IntType;
import org.apache.parquet.format.JsonType;
import org.apache.parquet.format.ListType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.MapType;
import org.apache.parquet.format.MicroSeconds;
import org.apache.parquet.format.MilliSeconds;
import org.apache.parquet.format.NanoSeconds;
import org.apache.parquet.format.NullType;
import org.apache.parquet.format.StringType;
import org.apache.parquet.format.TimeType;
import org.apache.parquet.format.TimestampType;
import org.apache.parquet.format.UUIDType;
import org.apache.parquet.format.VariantType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.GeographyLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.GeometryLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.VariantLogicalTypeAnnotation;
import org.apache.parquet.schema.OriginalType;

/**
 * Maps parquet-column's {@link LogicalTypeAnnotation} to and from the Thrift {@link LogicalType}
 * union and the legacy {@link ConvertedType}. Used by {@link SchemaElements} only. Stateless.
 *
 * <p>Converted types are written only where the spec defines an equivalent: TIME and TIMESTAMP only
 * when adjusted to UTC in MILLIS or MICROS (the legacy types imply UTC), never for NANOS.
 */
final class LogicalTypeConverter {
    private LogicalTypeConverter() {}

    /** The Thrift logical type, or null for annotations that only exist as converted types. */
    @Nullable
    static LogicalType toThrift(LogicalTypeAnnotation a) {
        if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation) {
            return LogicalType.STRING(new StringType());
        } else if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation) {
            return LogicalType.MAP(new MapType());
        } else if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
            return LogicalType.LIST(new ListType());
        } else if (a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation) {
            return LogicalType.ENUM(new EnumType());
        } else if (a instanceof DecimalLogicalTypeAnnotation) {
            DecimalLogicalTypeAnnotation d = (DecimalLogicalTypeAnnotation) a;
            return LogicalType.DECIMAL(new DecimalType(d.getScale(), d.getPrecision()));
        } else if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
            return LogicalType.DATE(new DateType());
        } else if (a instanceof TimeLogicalTypeAnnotation) {
            TimeLogicalTypeAnnotation t = (TimeLogicalTypeAnnotation) a;
            return LogicalType.TIME(new TimeType(t.isAdjustedToUTC(), unitToThrift(t.getUnit())));
        } else if (a instanceof TimestampLogicalTypeAnnotation) {
            TimestampLogicalTypeAnnotation t = (TimestampLogicalTypeAnnotation) a;
            return LogicalType.TIMESTAMP(
                    new TimestampType(t.isAdjustedToUTC(), unitToThrift(t.getUnit())));
        } else if (a instanceof IntLogicalTypeAnnotation) {
            IntLogicalTypeAnnotation i = (IntLogicalTypeAnnotation) a;
            return LogicalType.INTEGER(new IntType((byte) i.getBitWidth(), i.isSigned()));
        } else if (a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
            return LogicalType.JSON(new JsonType());
        } else if (a instanceof LogicalTypeAnnotation.BsonLogicalTypeAnnotation) {
            return LogicalType.BSON(new BsonType());
        } else if (a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
            return LogicalType.UUID(new UUIDType());
        } else if (a instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
            return LogicalType.FLOAT16(new Float16Type());
        } else if (a instanceof LogicalTypeAnnotation.UnknownLogicalTypeAnnotation) {
            return LogicalType.UNKNOWN(new NullType());
        }
        return newerToThrift(a);
    }

    @Nullable
    private static LogicalType newerToThrift(LogicalTypeAnnotation a) {
        if (a instanceof VariantLogicalTypeAnnotation) {
            VariantType variant = new VariantType();
            variant.setSpecification_version(((VariantLogicalTypeAnnotation) a).getSpecVersion());
            return LogicalType.VARIANT(variant);
        } else if (a instanceof GeometryLogicalTypeAnnotation) {
            GeometryType geometry = new GeometryType();
            String crs = ((GeometryLogicalTypeAnnotation) a).getCrs();
            if (crs != null) {
                geometry.setCrs(crs);
            }
            return LogicalType.GEOMETRY(geometry);
        } else if (a instanceof GeographyLogicalTypeAnnotation) {
            GeographyLogicalTypeAnnotation g = (GeographyLogicalTypeAnnotation) a;
            GeographyType geography = new GeographyType();
            if (g.getCrs() != null) {
                geography.setCrs(g.getCrs());
            }
            if (g.getAlgorithm() != null) {
                geography.setAlgorithm(
                        org.apache.parquet.format.EdgeInterpolationAlgorithm.valueOf(
                                g.getAlgorithm().name()));
            }
            return LogicalType.GEOGRAPHY(geography);
        }
        // INTERVAL and MAP_KEY_VALUE have no logical type: they live on as converted types.
        return null;
    }

    /** The legacy converted type equivalent to {@code a}, or null when there is none. */
    @Nullable
    static ConvertedType toConvertedType(LogicalTypeAnnotation a) {
        if (a instanceof TimeLogicalTypeAnnotation) {
            TimeLogicalTypeAnnotation t = (TimeLogicalTypeAnnotation) a;
            return !t.isAdjustedToUTC() || t.getUnit() == TimeUnit.NANOS
                    ? null
                    : t.getUnit() == TimeUnit.MILLIS
                            ? ConvertedType.TIME_MILLIS
                            : ConvertedType.TIME_MICROS;
        }
        if (a instanceof TimestampLogicalTypeAnnotation) {
            TimestampLogicalTypeAnnotation t = (TimestampLogicalTypeAnnotation) a;
            return !t.isAdjustedToUTC() || t.getUnit() == TimeUnit.NANOS
                    ? null
                    : t.getUnit() == TimeUnit.MILLIS
                            ? ConvertedType.TIMESTAMP_MILLIS
                            : ConvertedType.TIMESTAMP_MICROS;
        }
        OriginalType original = a.toOriginalType();
        return original == null ? null : ConvertedType.valueOf(original.name());
    }

    /**
     * The annotation a Thrift logical type stands for; null for a union member this version does
     * not know (a type added to the format later), which readers treat as no annotation.
     */
    @Nullable
    static LogicalTypeAnnotation fromThrift(LogicalType type) {
        if (type.getSetField() == null) {
            return null;
        }
        switch (type.getSetField()) {
            case STRING:
                return LogicalTypeAnnotation.stringType();
            case MAP:
                return LogicalTypeAnnotation.mapType();
            case LIST:
                return LogicalTypeAnnotation.listType();
            case ENUM:
                return LogicalTypeAnnotation.enumType();
            case DECIMAL:
                DecimalType d = type.getDECIMAL();
                return LogicalTypeAnnotation.decimalType(d.getScale(), d.getPrecision());
            case DATE:
                return LogicalTypeAnnotation.dateType();
            case TIME:
                TimeType time = type.getTIME();
                return LogicalTypeAnnotation.timeType(
                        time.isIsAdjustedToUTC(), unitFromThrift(time.getUnit()));
            case TIMESTAMP:
                TimestampType ts = type.getTIMESTAMP();
                return LogicalTypeAnnotation.timestampType(
                        ts.isIsAdjustedToUTC(), unitFromThrift(ts.getUnit()));
            case INTEGER:
                IntType i = type.getINTEGER();
                return LogicalTypeAnnotation.intType(i.getBitWidth(), i.isIsSigned());
            case UNKNOWN:
                return LogicalTypeAnnotation.unknownType();
            default:
                return newerFromThrift(type);
        }
    }

    @Nullable
    private static LogicalTypeAnnotation newerFromThrift(LogicalType type) {
        switch (type.getSetField()) {
            case JSON:
                return LogicalTypeAnnotation.jsonType();
            case BSON:
                return LogicalTypeAnnotation.bsonType();
            case UUID:
                return LogicalTypeAnnotation.uuidType();
            case FLOAT16:
                return LogicalTypeAnnotation.float16Type();
            case VARIANT:
                VariantType v = type.getVARIANT();
                return LogicalTypeAnnotation.variantType(
                        v.isSetSpecification_version() ? v.getSpecification_version() : 1);
            case GEOMETRY:
                return LogicalTypeAnnotation.geometryType(type.getGEOMETRY().getCrs());
            case GEOGRAPHY:
                GeographyType g = type.getGEOGRAPHY();
                EdgeInterpolationAlgorithm algorithm =
                        g.getAlgorithm() == null
                                ? null
                                : EdgeInterpolationAlgorithm.valueOf(g.getAlgorithm().name());
                return LogicalTypeAnnotation.geographyType(g.getCrs(), algorithm);
            default:
                return null;
        }
    }

    /**
     * The annotation a legacy converted type stands for (files of writers older than the logical
     * types). DECIMAL takes scale and precision from the schema element.
     *
     * @throws IllegalArgumentException for a DECIMAL without precision
     */
    static LogicalTypeAnnotation fromConvertedType(
            ConvertedType converted, int scale, int precision, boolean precisionSet) {
        if (converted == ConvertedType.DECIMAL) {
            if (!precisionSet) {
                throw new IllegalArgumentException("DECIMAL converted type has no precision");
            }
            return LogicalTypeAnnotation.decimalType(scale, precision);
        }
        return LogicalTypeAnnotation.fromOriginalType(OriginalType.valueOf(converted.name()), null);
    }

    private static org.apache.parquet.format.TimeUnit unitToThrift(TimeUnit unit) {
        switch (unit) {
            case MILLIS:
                return org.apache.parquet.format.TimeUnit.MILLIS(new MilliSeconds());
            case MICROS:
                return org.apache.parquet.format.TimeUnit.MICROS(new MicroSeconds());
            default:
                return org.apache.parquet.format.TimeUnit.NANOS(new NanoSeconds());
        }
    }

    private static TimeUnit unitFromThrift(org.apache.parquet.format.TimeUnit unit) {
        if (unit == null || unit.getSetField() == null) {
            throw new IllegalArgumentException("time unit is missing or unknown");
        }
        switch (unit.getSetField()) {
            case MILLIS:
                return TimeUnit.MILLIS;
            case MICROS:
                return TimeUnit.MICROS;
            default:
                return TimeUnit.NANOS;
        }
    }
}
