package io.pqx.format.schema;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.options.WriteOptions;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * Maps a Flink {@link RowType} to the Parquet schema pqx writes: the standard 3-level LIST and MAP
 * layouts, INT64 timestamps (never INT96), decimals in the smallest physical type of their
 * precision.
 *
 * <table>
 *   <caption>Flink type to Parquet type</caption>
 *   <tr><td>BOOLEAN, INT, BIGINT, FLOAT, DOUBLE</td>
 *       <td>BOOLEAN, INT32, INT64, FLOAT, DOUBLE</td></tr>
 *   <tr><td>TINYINT, SMALLINT</td><td>INT32 annotated INT(8, true), INT(16, true)</td></tr>
 *   <tr><td>DECIMAL(p, s)</td><td>INT32 (p &le; 9), INT64 (p &le; 18), else
 *       FIXED_LEN_BYTE_ARRAY of the fewest bytes holding p digits; annotated DECIMAL(p, s)
 *       </td></tr>
 *   <tr><td>CHAR, VARCHAR, STRING</td><td>BINARY annotated STRING</td></tr>
 *   <tr><td>BINARY, VARBINARY, BYTES</td><td>BINARY, unannotated</td></tr>
 *   <tr><td>DATE; TIME(p)</td><td>INT32 DATE; INT32 TIME(MILLIS, adjustedToUTC=false)</td></tr>
 *   <tr><td>TIMESTAMP(p), TIMESTAMP_LTZ(p)</td><td>INT64 TIMESTAMP(MILLIS if p &le; 3, MICROS
 *       if p &le; 6, else NANOS), adjustedToUTC false for TIMESTAMP and true for TIMESTAMP_LTZ
 *       </td></tr>
 *   <tr><td>ARRAY&lt;T&gt;</td><td>group (LIST) { repeated group list { T element } }</td></tr>
 *   <tr><td>MAP&lt;K, V&gt;</td><td>group (MAP) { repeated group key_value { required K key; V
 *       value } }</td></tr>
 *   <tr><td>MULTISET&lt;T&gt;</td><td>as MAP&lt;T, INT NOT NULL&gt;</td></tr>
 *   <tr><td>ROW</td><td>group</td></tr>
 *   <tr><td>VARIANT</td><td>group (VARIANT(1)) { required binary metadata; required binary value
 *       } or, shredded, { required binary metadata; optional binary value; optional typed_value }
 *       </td></tr>
 * </table>
 *
 * <p>A nullable Flink type becomes an OPTIONAL field, NOT NULL a REQUIRED one. Map keys are always
 * REQUIRED, even when the Flink key type is nullable: the writer rejects a null key at run time.
 * VARIANT becomes a group annotated VARIANT: {@code metadata} and {@code value} binaries,
 * unshredded by default, or shredded into a {@code typed_value} as a per-column shredding type says
 * ({@link VariantPhysicalType}). Every other Flink type (INTERVAL, RAW, STRUCTURED, NULL, ...) is
 * rejected with an {@link IllegalArgumentException} naming the Parquet path of the field.
 *
 * <p>Called by the writer (schema of a new file) and by tests. Stateless and thread-safe.
 */
@Internal
public final class FlinkToParquetSchema {

    /** Name of the message written by pqx. */
    public static final String MESSAGE_NAME = "flink_schema";

    /** The VARIANT annotation's specification version pqx writes (Parquet's VariantEncoding). */
    public static final byte VARIANT_SPEC_VERSION = 1;

    private FlinkToParquetSchema() {}

    /**
     * The Parquet schema pqx writes for {@code rowType}.
     *
     * @throws IllegalArgumentException if a field has a Flink type Parquet cannot hold
     */
    public static MessageType toParquet(RowType rowType) {
        return toParquet(rowType, Map.of());
    }

    /**
     * The Parquet schema pqx writes for {@code rowType}, each VARIANT column shredded as {@code
     * shredding} says (keyed by the column's dotted path, see {@link
     * io.pqx.format.options.WriteOptions.Builder#variantShredding}) or unshredded.
     *
     * @throws IllegalArgumentException if a field has a Flink type Parquet cannot hold, a shredding
     *     type cannot be shredded, or a key of {@code shredding} names no VARIANT column
     */
    public static MessageType toParquet(RowType rowType, Map<String, LogicalType> shredding) {
        Variants variants = new Variants(shredding);
        List<Type> fields = new ArrayList<>();
        for (RowType.RowField field : rowType.getFields()) {
            fields.add(field(field.getName(), field.getType(), field.getName(), variants));
        }
        variants.checkAllUsed();
        return new MessageType(MESSAGE_NAME, fields);
    }

    /**
     * The schema tree of the file pqx writes for {@code rowType}: {@link #toParquet} read back with
     * {@code rowType} as declared type, so {@code result.rowType()} equals {@code rowType} exactly.
     * The writer shreds rows along this tree.
     *
     * @throws IllegalArgumentException if a field has a Flink type Parquet cannot hold
     */
    public static ParquetSchema toParquetSchema(RowType rowType) {
        return toParquetSchema(rowType, Map.of());
    }

    /**
     * As {@link #toParquetSchema(RowType)}, with VARIANT columns shredded as {@code shredding} says
     * (see {@link #toParquet(RowType, Map)}). A VARIANT column is a {@link StructNode} whose Flink
     * type is the VARIANT and whose fields are its physical {@code metadata}, {@code value} and
     * {@code typed_value} fields ({@link VariantPhysicalType}).
     *
     * @throws IllegalArgumentException as {@link #toParquet(RowType, Map)}
     */
    public static ParquetSchema toParquetSchema(
            RowType rowType, Map<String, LogicalType> shredding) {
        if (VariantTrees.hasVariant(rowType)) {
            return VariantTrees.toParquetSchema(rowType, toParquet(rowType, shredding), shredding);
        }
        MessageType messageType = toParquet(rowType, shredding);
        ParquetSchema schema;
        try {
            schema =
                    ParquetToFlinkSchema.convert(
                            messageType, rowType, FileContext.of("<new file>"));
        } catch (UnsupportedFileException | CorruptFileException e) {
            throw new IllegalStateException("pqx cannot read the schema it writes", e);
        }
        if (!schema.rowType().equals(rowType)) {
            // Every Flink type toParquet accepts must read back as itself; anything else is a bug.
            throw new IllegalStateException(
                    "pqx reads "
                            + rowType.asSummaryString()
                            + " back as "
                            + schema.rowType().asSummaryString());
        }
        return schema;
    }

    /** The text pqx records under {@link WriteOptions#FLINK_SCHEMA_KEY} for {@code rowType}. */
    public static String declaredTypeText(RowType rowType) {
        return rowType.asSerializableString();
    }

    /**
     * The Flink type recorded under {@link WriteOptions#FLINK_SCHEMA_KEY} in a file's key-value
     * metadata, to pass to {@link ParquetToFlinkSchema#convert} as declared type; null when the key
     * is absent or its text is not a ROW type of known types (the file schema alone then decides,
     * so a foreign or damaged entry never stops a file from being read).
     */
    @Nullable
    public static RowType declaredType(Map<String, String> keyValueMetadata) {
        String text = keyValueMetadata.get(WriteOptions.FLINK_SCHEMA_KEY);
        if (text == null) {
            return null;
        }
        try {
            LogicalType type =
                    LogicalTypeParser.parse(text, FlinkToParquetSchema.class.getClassLoader());
            // Names Flink cannot resolve parse as UNRESOLVED types: not a type pqx wrote.
            boolean unresolved =
                    LogicalTypeChecks.hasNested(type, t -> t.is(LogicalTypeRoot.UNRESOLVED));
            return type instanceof RowType && !unresolved ? (RowType) type : null;
        } catch (RuntimeException e) {
            // ValidationException and friends: not a type this Flink can parse.
            return null;
        }
    }

    /** A field with the repetition given by the nullability of its Flink type. */
    private static Type field(String name, LogicalType type, String path, Variants variants) {
        return field(
                name,
                type,
                type.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED,
                path,
                variants);
    }

    private static Type field(
            String name, LogicalType type, Repetition repetition, String path, Variants variants) {
        switch (type.getTypeRoot()) {
            case ROW:
                return row(name, (RowType) type, repetition, path, variants);
            case ARRAY:
                return list(name, ((ArrayType) type).getElementType(), repetition, path, variants);
            case MAP:
                MapType map = (MapType) type;
                return map(name, map.getKeyType(), map.getValueType(), repetition, path, variants);
            case MULTISET:
                LogicalType counts = new IntType(false);
                return map(
                        name,
                        ((MultisetType) type).getElementType(),
                        counts,
                        repetition,
                        path,
                        variants);
            case VARIANT:
                return variant(name, repetition, path, variants);
            default:
                return primitive(name, type, repetition, path);
        }
    }

    /**
     * A VARIANT group: its physical layout ({@link VariantPhysicalType}) converted as a ROW,
     * annotated VARIANT (specification version 1).
     */
    private static Type variant(
            String name, Repetition repetition, String path, Variants variants) {
        RowType physical =
                VariantPhysicalType.physicalType(
                        variants.shreddingOf(path), repetition == Repetition.OPTIONAL, path);
        GroupType group = row(name, physical, repetition, path, Variants.NONE).asGroupType();
        return Types.buildGroup(repetition)
                .as(LogicalTypeAnnotation.variantType(VARIANT_SPEC_VERSION))
                .addFields(group.getFields().toArray(new Type[0]))
                .named(name);
    }

    private static Type row(
            String name, RowType row, Repetition repetition, String path, Variants variants) {
        if (row.getFieldCount() == 0) {
            // A group without fields has no column, so its nulls could not be stored.
            throw new IllegalArgumentException(
                    "Cannot convert field " + path + " to Parquet: a ROW needs at least one field");
        }
        Types.GroupBuilder<GroupType> group = Types.buildGroup(repetition);
        for (RowType.RowField field : row.getFields()) {
            group.addField(
                    field(
                            field.getName(),
                            field.getType(),
                            path + "." + field.getName(),
                            variants));
        }
        return group.named(name);
    }

    private static Type list(
            String name,
            LogicalType element,
            Repetition repetition,
            String path,
            Variants variants) {
        String repeatedPath = path + ".list";
        return Types.buildGroup(repetition)
                .as(LogicalTypeAnnotation.listType())
                .addField(
                        Types.repeatedGroup()
                                .addField(
                                        field(
                                                "element",
                                                element,
                                                repeatedPath + ".element",
                                                variants))
                                .named("list"))
                .named(name);
    }

    private static Type map(
            String name,
            LogicalType key,
            LogicalType value,
            Repetition repetition,
            String path,
            Variants variants) {
        String repeatedPath = path + ".key_value";
        return Types.buildGroup(repetition)
                .as(LogicalTypeAnnotation.mapType())
                .addField(
                        Types.repeatedGroup()
                                .addField(
                                        field(
                                                "key",
                                                key,
                                                Repetition.REQUIRED,
                                                repeatedPath + ".key",
                                                variants))
                                .addField(field("value", value, repeatedPath + ".value", variants))
                                .named("key_value"))
                .named(name);
    }

    private static Type primitive(
            String name, LogicalType type, Repetition repetition, String path) {
        if (type instanceof DecimalType) {
            return decimal(name, (DecimalType) type, repetition);
        }
        return Types.primitive(physicalType(type, path), repetition)
                .as(annotation(type))
                .named(name);
    }

    private static PrimitiveTypeName physicalType(LogicalType type, String path) {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return PrimitiveTypeName.BOOLEAN;
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case DATE:
            case TIME_WITHOUT_TIME_ZONE:
                return PrimitiveTypeName.INT32;
            case BIGINT:
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return PrimitiveTypeName.INT64;
            case FLOAT:
                return PrimitiveTypeName.FLOAT;
            case DOUBLE:
                return PrimitiveTypeName.DOUBLE;
            case CHAR:
            case VARCHAR:
            case BINARY:
            case VARBINARY:
                return PrimitiveTypeName.BINARY;
            default:
                throw new IllegalArgumentException(
                        "Cannot convert field "
                                + path
                                + " to Parquet: Flink type "
                                + type.asSummaryString()
                                + " is not supported");
        }
    }

    /** The annotation of an atomic non-decimal type, or null for none. */
    @Nullable
    private static LogicalTypeAnnotation annotation(LogicalType type) {
        switch (type.getTypeRoot()) {
            case TINYINT:
                return LogicalTypeAnnotation.intType(8, true);
            case SMALLINT:
                return LogicalTypeAnnotation.intType(16, true);
            case CHAR:
            case VARCHAR:
                return LogicalTypeAnnotation.stringType();
            case DATE:
                return LogicalTypeAnnotation.dateType();
            case TIME_WITHOUT_TIME_ZONE:
                // Flink keeps times in milliseconds (TimeType's runtime class is int millis).
                return LogicalTypeAnnotation.timeType(false, TimeUnit.MILLIS);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return timestamp(((TimestampType) type).getPrecision(), false);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return timestamp(((LocalZonedTimestampType) type).getPrecision(), true);
            default:
                return null;
        }
    }

    private static Type decimal(String name, DecimalType type, Repetition repetition) {
        int precision = type.getPrecision();
        LogicalTypeAnnotation annotation =
                LogicalTypeAnnotation.decimalType(type.getScale(), precision);
        if (precision <= 9) {
            return Types.primitive(PrimitiveTypeName.INT32, repetition).as(annotation).named(name);
        }
        if (precision <= 18) {
            return Types.primitive(PrimitiveTypeName.INT64, repetition).as(annotation).named(name);
        }
        return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition)
                .length(decimalBytes(precision))
                .as(annotation)
                .named(name);
    }

    /** The fewest bytes whose two's complement holds every unscaled value of {@code precision}. */
    static int decimalBytes(int precision) {
        int bits = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE).bitLength() + 1;
        return (bits + 7) / 8;
    }

    private static LogicalTypeAnnotation timestamp(int precision, boolean adjustedToUtc) {
        TimeUnit unit =
                precision <= 3
                        ? TimeUnit.MILLIS
                        : precision <= 6 ? TimeUnit.MICROS : TimeUnit.NANOS;
        return LogicalTypeAnnotation.timestampType(adjustedToUtc, unit);
    }

    /** The shredding types by column path, and which of them a VARIANT column used. */
    private static final class Variants {
        static final Variants NONE = new Variants(Map.of());

        private final Map<String, LogicalType> shredding;
        private final List<String> paths = new ArrayList<>();

        Variants(Map<String, LogicalType> shredding) {
            this.shredding = shredding;
        }

        @Nullable
        LogicalType shreddingOf(String path) {
            paths.add(path);
            return shredding.get(path);
        }

        void checkAllUsed() {
            for (String key : shredding.keySet()) {
                if (!paths.contains(key)) {
                    throw new IllegalArgumentException(
                            "Cannot shred VARIANT column "
                                    + key
                                    + ": the row type has no VARIANT column of that path"
                                    + (paths.isEmpty()
                                            ? " (it has none)"
                                            : " (its VARIANT columns: "
                                                    + String.join(", ", paths)
                                                    + ")"));
                }
            }
        }
    }
}
