package io.pqx.e2e.interop;

import io.pqx.e2e.interop.JsonShape.Leaf;
import io.pqx.e2e.interop.JsonShape.ListOf;
import io.pqx.e2e.interop.JsonShape.MapOf;
import io.pqx.e2e.interop.JsonShape.Slot;
import io.pqx.e2e.interop.JsonShape.Struct;
import io.pqx.tools.json.JsonValues;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Renders a Parquet file as the JSON lines of {@code JSON-RENDERING.md} with parquet-java: the
 * footer's {@link MessageType} drives record assembly ({@link GroupRecordConverter} over
 * parquet-column's {@link MessageColumnIO}), and each assembled record is walked along the {@link
 * JsonShape} of that schema. Every value is formatted from its physical bits and the file's logical
 * type, with pqx-tools' {@link JsonValues}; nothing of pqx's reader is involved.
 *
 * <p>Used by the interop and corpus tests as one of the two peers. Stateless and thread-safe.
 */
final class ParquetJavaJsonRenderer {

    private ParquetJavaJsonRenderer() {}

    /** All rows of {@code file}, in file order, one JSON object per line. */
    static List<String> render(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            Struct shape = JsonShapes.of(schema);
            MessageColumnIO columnIo = new ColumnIOFactory().getColumnIO(schema);
            PageReadStore rowGroup;
            while ((rowGroup = reader.readNextRowGroup()) != null) {
                RecordReader<Group> records =
                        columnIo.getRecordReader(rowGroup, new GroupRecordConverter(schema));
                for (long row = 0; row < rowGroup.getRowCount(); row++) {
                    StringBuilder sb = new StringBuilder();
                    struct(sb, shape, records.read());
                    lines.add(sb.toString());
                }
            }
        }
        return lines;
    }

    private static void struct(StringBuilder sb, Struct shape, Group group) {
        sb.append('{');
        for (Slot slot : shape.fields()) {
            if (sb.charAt(sb.length() - 1) != '{') {
                sb.append(',');
            }
            JsonValues.appendString(sb, slot.name());
            sb.append(':');
            slot(sb, slot, group);
        }
        sb.append('}');
    }

    private static void slot(StringBuilder sb, Slot slot, Group group) {
        int count = group.getFieldRepetitionCount(slot.index());
        if (slot.repeated()) {
            sb.append('[');
            for (int i = 0; i < count; i++) {
                sb.append(i == 0 ? "" : ",");
                value(sb, slot.value(), group, slot.index(), i);
            }
            sb.append(']');
        } else if (count == 0) {
            sb.append("null");
        } else {
            value(sb, slot.value(), group, slot.index(), 0);
        }
    }

    private static void value(
            StringBuilder sb, JsonShape shape, Group parent, int field, int index) {
        if (shape instanceof Leaf leaf) {
            sb.append(leaf(leaf, parent, field, index));
        } else if (shape instanceof Struct struct) {
            struct(sb, struct, parent.getGroup(field, index));
        } else if (shape instanceof ListOf list) {
            list(sb, list, parent.getGroup(field, index));
        } else {
            map(sb, (MapOf) shape, parent.getGroup(field, index));
        }
    }

    private static void list(StringBuilder sb, ListOf list, Group group) {
        sb.append('[');
        for (int i = 0; i < group.getFieldRepetitionCount(0); i++) {
            sb.append(i == 0 ? "" : ",");
            if (list.elementInRepeated() == null) {
                value(sb, list.element(), group, 0, i);
            } else {
                slot(sb, list.elementInRepeated(), group.getGroup(0, i));
            }
        }
        sb.append(']');
    }

    private static void map(StringBuilder sb, MapOf map, Group group) {
        sb.append('[');
        for (int i = 0; i < group.getFieldRepetitionCount(0); i++) {
            Group entry = group.getGroup(0, i);
            sb.append(i == 0 ? "{\"key\":" : ",{\"key\":");
            slot(sb, map.key(), entry);
            sb.append(",\"value\":");
            if (map.value() == null) {
                sb.append("null");
            } else {
                slot(sb, map.value(), entry);
            }
            sb.append('}');
        }
        sb.append(']');
    }

    private static String leaf(Leaf leaf, Group g, int field, int i) {
        PrimitiveType type = leaf.type();
        boolean int64 = type.getPrimitiveTypeName() == PrimitiveTypeName.INT64;
        return switch (leaf.kind()) {
            case BOOLEAN -> Boolean.toString(g.getBoolean(field, i));
            case SIGNED_INT ->
                    int64
                            ? Long.toString(g.getLong(field, i))
                            : Integer.toString(g.getInteger(field, i));
            case UNSIGNED_INT ->
                    int64
                            ? JsonValues.formatUnsigned(g.getLong(field, i))
                            : Integer.toUnsignedString(g.getInteger(field, i));
            case FLOAT -> JsonValues.formatFloat(g.getFloat(field, i));
            case DOUBLE -> JsonValues.formatDouble(g.getDouble(field, i));
            case FLOAT16 -> float16(g.getBinary(field, i).getBytes());
            case DECIMAL -> decimal(type, g, field, i);
            case STRING -> JsonValues.formatString(g.getBinary(field, i).toStringUsingUTF8());
            case BYTES -> JsonValues.formatHex(g.getBinary(field, i).getBytes());
            case DATE -> JsonValues.formatDate(g.getInteger(field, i));
            case TIME -> time(type, int64 ? g.getLong(field, i) : g.getInteger(field, i));
            case TIMESTAMP -> timestamp(type, g.getLong(field, i));
            case INT96 -> JsonValues.formatInt96(g.getInt96(field, i).getBytes());
            case UUID -> JsonValues.formatUuid(g.getBinary(field, i).getBytes());
        };
    }

    private static String float16(byte[] littleEndian) {
        return JsonValues.formatFloat16(
                (short) ((littleEndian[1] << 8) | (littleEndian[0] & 0xff)));
    }

    private static String decimal(PrimitiveType type, Group g, int field, int i) {
        int scale = ((DecimalLogicalTypeAnnotation) type.getLogicalTypeAnnotation()).getScale();
        BigInteger unscaled =
                switch (type.getPrimitiveTypeName()) {
                    case INT32 -> BigInteger.valueOf(g.getInteger(field, i));
                    case INT64 -> BigInteger.valueOf(g.getLong(field, i));
                    default -> new BigInteger(g.getBinary(field, i).getBytes());
                };
        return JsonValues.formatDecimal(new BigDecimal(unscaled, scale), scale);
    }

    private static String time(PrimitiveType type, long value) {
        TimeUnit unit = ((TimeLogicalTypeAnnotation) type.getLogicalTypeAnnotation()).getUnit();
        return JsonValues.formatTime(value * TimeUnits.nanosPer(unit));
    }

    private static String timestamp(PrimitiveType type, long value) {
        TimestampLogicalTypeAnnotation ts =
                (TimestampLogicalTypeAnnotation) type.getLogicalTypeAnnotation();
        return TimeUnits.timestamp(value, ts.getUnit(), ts.isAdjustedToUTC());
    }
}
