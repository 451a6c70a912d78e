package io.pqx.e2e.interop;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nullable;
import org.apache.parquet.schema.DecimalMetadata;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.OriginalType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * The schema of a Parquet file as DuckDB reads it from the footer ({@code parquet_schema()}),
 * rebuilt as a parquet-java {@link MessageType} so that {@link JsonShapes} can give the DuckDB peer
 * the file's own types (physical, converted and logical) without parquet-java parsing the footer.
 * DuckDB prints logical types in Thrift's debug form ({@code TimestampType(isAdjustedToUTC=1,
 * unit=TimeUnit(MILLIS=<null>, MICROS=MicroSeconds(), NANOS=<null>))}); those this class does not
 * know (GEOMETRY, VARIANT, unknown ones) are left out, so the column renders by its physical type.
 *
 * <p>Used by {@link DuckDbJsonRenderer} on its own connection; not thread-safe.
 */
final class DuckDbSchemaReader {

    private static final String QUERY =
            "SELECT name, type, type_length, repetition_type, num_children, converted_type, scale,"
                    + " precision, logical_type FROM parquet_schema(?)";
    private static final Pattern DECIMAL =
            Pattern.compile("DecimalType\\(scale=(\\d+), precision=(\\d+)\\)");
    private static final Pattern INT =
            Pattern.compile("IntType\\(bitWidth=(.), isSigned=([01])\\)", Pattern.DOTALL);
    private static final Pattern TEMPORAL =
            Pattern.compile(
                    "(Time|Timestamp)Type\\(isAdjustedToUTC=([01]), unit=TimeUnit\\((.*)\\)\\)");

    private final Connection connection;

    DuckDbSchemaReader(Connection connection) {
        this.connection = connection;
    }

    /** The file schema, in footer order. */
    MessageType read(Path file) throws SQLException {
        List<Element> elements = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(QUERY)) {
            statement.setString(1, file.toString());
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    elements.add(Element.of(rs));
                }
            }
        }
        Iterator<Element> it = elements.iterator();
        Element root = it.next();
        return new MessageType(root.name, children(root, it));
    }

    private static List<Type> children(Element parent, Iterator<Element> it) {
        List<Type> children = new ArrayList<>();
        for (int i = 0; i < parent.numChildren; i++) {
            children.add(type(it.next(), it));
        }
        return children;
    }

    private static Type type(Element e, Iterator<Element> it) {
        LogicalTypeAnnotation logical = e.logical();
        if (e.type == null) {
            return Types.buildGroup(e.repetition)
                    .as(logical)
                    .addFields(children(e, it).toArray(new Type[0]))
                    .named(e.name);
        }
        // Thrift calls BINARY "BYTE_ARRAY".
        PrimitiveTypeName physical =
                e.type.equals("BYTE_ARRAY")
                        ? PrimitiveTypeName.BINARY
                        : PrimitiveTypeName.valueOf(e.type);
        return Types.primitive(physical, e.repetition)
                .length(e.typeLength)
                .as(logical)
                .named(e.name);
    }

    /** One row of {@code parquet_schema()}: a Thrift SchemaElement. */
    private record Element(
            String name,
            @Nullable String type,
            int typeLength,
            Repetition repetition,
            int numChildren,
            @Nullable String convertedType,
            int scale,
            int precision,
            @Nullable String logicalType) {

        static Element of(ResultSet rs) throws SQLException {
            String length = rs.getString("type_length");
            String repetition = rs.getString("repetition_type");
            return new Element(
                    rs.getString("name"),
                    rs.getString("type"),
                    length == null ? 0 : Integer.parseInt(length),
                    repetition == null ? Repetition.REQUIRED : Repetition.valueOf(repetition),
                    rs.getInt("num_children"),
                    rs.getString("converted_type"),
                    rs.getInt("scale"),
                    rs.getInt("precision"),
                    rs.getString("logical_type"));
        }

        /** The logical type when DuckDB printed one we know, else the converted type's. */
        @Nullable
        LogicalTypeAnnotation logical() {
            if (logicalType != null) {
                return parseLogical(logicalType);
            }
            if (convertedType == null) {
                return null;
            }
            return LogicalTypeAnnotation.fromOriginalType(
                    OriginalType.valueOf(convertedType), new DecimalMetadata(precision, scale));
        }
    }

    @Nullable
    static LogicalTypeAnnotation parseLogical(String text) {
        switch (text) {
            case "StringType()":
                return LogicalTypeAnnotation.stringType();
            case "EnumType()":
                return LogicalTypeAnnotation.enumType();
            case "JsonType()":
                return LogicalTypeAnnotation.jsonType();
            case "BsonType()":
                return LogicalTypeAnnotation.bsonType();
            case "UUIDType()":
                return LogicalTypeAnnotation.uuidType();
            case "Float16Type()":
                return LogicalTypeAnnotation.float16Type();
            case "DateType()":
                return LogicalTypeAnnotation.dateType();
            case "ListType()":
                return LogicalTypeAnnotation.listType();
            case "MapType()":
                return LogicalTypeAnnotation.mapType();
            default:
                break;
        }
        Matcher m = DECIMAL.matcher(text);
        if (m.matches()) {
            return LogicalTypeAnnotation.decimalType(
                    Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        }
        m = INT.matcher(text);
        if (m.matches()) {
            // DuckDB prints the i8 bit width as a raw character.
            return LogicalTypeAnnotation.intType(m.group(1).charAt(0), m.group(2).equals("1"));
        }
        m = TEMPORAL.matcher(text);
        if (m.matches()) {
            boolean utc = m.group(2).equals("1");
            TimeUnit unit =
                    m.group(3).contains("MILLIS=MilliSeconds()")
                            ? TimeUnit.MILLIS
                            : m.group(3).contains("MICROS=MicroSeconds()")
                                    ? TimeUnit.MICROS
                                    : TimeUnit.NANOS;
            return m.group(1).equals("Time")
                    ? LogicalTypeAnnotation.timeType(utc, unit)
                    : LogicalTypeAnnotation.timestampType(utc, unit);
        }
        return null;
    }
}
