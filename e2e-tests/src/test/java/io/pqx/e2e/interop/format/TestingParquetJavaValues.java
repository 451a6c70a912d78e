package io.pqx.e2e.interop.format;

import io.pqx.format.ReadSchema;
import io.pqx.format.TestingRowValues;
import io.pqx.format.metadata.FieldView;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.NanoTime;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * What parquet-java (an independent implementation, test scope only) reads from a file, as
 * canonical Java values to compare pqx's rows with (see {@link TestingRowValues}): rows are lists
 * of field values; integers are Long, floats Double, decimals BigDecimal, dates and times Long,
 * timestamps Instant, strings String, bytes a hex String, arrays List, maps a List of [key, value]
 * entries.
 *
 * <p>Values are converted with Parquet's own semantics (the annotations of parquet-java's own
 * schema), walking pqx's public {@link FieldView} tree only to know which Parquet node is which
 * Flink field.
 */
public final class TestingParquetJavaValues {
    private TestingParquetJavaValues() {}

    /** Every row of the file, as canonical values of the schema's fields. */
    public static List<List<Object>> read(Path file, ReadSchema schema) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (ParquetReader<Group> reader =
                ParquetReader.builder(
                                new GroupReadSupport(), new org.apache.hadoop.fs.Path(file.toUri()))
                        .withConf(new Configuration())
                        .build()) {
            for (Group g = reader.read(); g != null; g = reader.read()) {
                List<Object> row = new ArrayList<>();
                for (FieldView field : schema.fields()) {
                    row.add(field(g, field));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static Object field(Group parent, FieldView node) {
        int index = parent.getType().getFieldIndex(node.parquetName());
        int count = parent.getFieldRepetitionCount(index);
        if (parent.getType().getType(index).isRepetition(Type.Repetition.REPEATED)) {
            // an unannotated repeated field: a list whose element is the field itself
            FieldView element = node.children().get(0);
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                values.add(value(parent, index, i, element));
            }
            return values;
        }
        return count == 0 ? null : value(parent, index, 0, node);
    }

    private static Object value(Group parent, int index, int rep, FieldView node) {
        if (node.kind() == FieldView.Kind.PRIMITIVE) {
            return primitive(parent, index, rep, node);
        }
        Group group = parent.getGroup(index, rep);
        return switch (node.kind()) {
            case ROW -> {
                List<Object> fields = new ArrayList<>();
                for (FieldView child : node.children()) {
                    fields.add(field(group, child));
                }
                yield fields;
            }
            case LIST -> list(group, node);
            default -> map(group, node);
        };
    }

    private static List<Object> list(Group group, FieldView list) {
        GroupType type = group.getType();
        Type repeated = type.getType(0);
        FieldView element = list.children().get(0);
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < group.getFieldRepetitionCount(0); i++) {
            // 2-level list: pqx reads the repeated field itself as the element
            if (element.parquetName().equals(repeated.getName())) {
                values.add(value(group, 0, i, element));
            } else {
                values.add(field(group.getGroup(0, i), element));
            }
        }
        return values;
    }

    private static List<Object> map(Group group, FieldView map) {
        List<Object> entries = new ArrayList<>();
        for (int i = 0; i < group.getFieldRepetitionCount(0); i++) {
            Group kv = group.getGroup(0, i);
            Object key = field(kv, map.children().get(0));
            Object value = map.children().size() < 2 ? null : field(kv, map.children().get(1));
            entries.add(Arrays.asList(key, value));
        }
        return entries;
    }

    private static Object primitive(Group g, int index, int rep, FieldView leaf) {
        PrimitiveType parquet = g.getType().getType(index).asPrimitiveType();
        LogicalTypeAnnotation annotation = parquet.getLogicalTypeAnnotation();
        switch (parquet.getPrimitiveTypeName()) {
            case BOOLEAN:
                return g.getBoolean(index, rep);
            case INT32:
                {
                    int v = g.getInteger(index, rep);
                    if (annotation instanceof DecimalLogicalTypeAnnotation d) {
                        return BigDecimal.valueOf(v, d.getScale());
                    }
                    if (annotation instanceof IntLogicalTypeAnnotation i && !i.isSigned()) {
                        return i.getBitWidth() == 32
                                ? Integer.toUnsignedLong(v)
                                : (long) (v & ((1 << i.getBitWidth()) - 1));
                    }
                    return (long) v;
                }
            case INT64:
                {
                    long v = g.getLong(index, rep);
                    if (annotation instanceof DecimalLogicalTypeAnnotation d) {
                        return BigDecimal.valueOf(v, d.getScale());
                    }
                    if (annotation instanceof IntLogicalTypeAnnotation i && !i.isSigned()) {
                        return new BigDecimal(new BigInteger(Long.toUnsignedString(v)));
                    }
                    if (annotation instanceof TimestampLogicalTypeAnnotation t) {
                        return switch (t.getUnit()) {
                            case MILLIS -> Instant.ofEpochMilli(v);
                            case MICROS -> Instant.EPOCH.plus(v, ChronoUnit.MICROS);
                            case NANOS -> Instant.EPOCH.plusNanos(v);
                        };
                    }
                    if (annotation instanceof TimeLogicalTypeAnnotation t) {
                        return t.getUnit() == LogicalTypeAnnotation.TimeUnit.MICROS
                                ? Math.floorDiv(v, 1000L)
                                : Math.floorDiv(v, 1_000_000L);
                    }
                    return v;
                }
            case INT96:
                {
                    NanoTime t = NanoTime.fromBinary(g.getInt96(index, rep));
                    return LocalDate.ofEpochDay(t.getJulianDay() - 2_440_588L)
                            .atStartOfDay()
                            .toInstant(ZoneOffset.UTC)
                            .plusNanos(t.getTimeOfDayNanos());
                }
            case FLOAT:
                return (double) g.getFloat(index, rep);
            case DOUBLE:
                return g.getDouble(index, rep);
            default:
                return binary(g.getBinary(index, rep), annotation, leaf);
        }
    }

    private static Object binary(Binary binary, LogicalTypeAnnotation annotation, FieldView leaf) {
        byte[] bytes = binary.getBytes();
        if (annotation instanceof DecimalLogicalTypeAnnotation d) {
            return new BigDecimal(new BigInteger(bytes), d.getScale());
        }
        if (annotation instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
            return (double) half((short) ((bytes[0] & 0xFF) | (bytes[1] << 8)));
        }
        switch (leaf.flinkType().getTypeRoot()) {
            case CHAR:
            case VARCHAR:
                return binary.toStringUsingUTF8();
            default:
                return HexFormat.of().formatHex(bytes);
        }
    }

    /** IEEE 754 half precision to float, by the formula (independent of pqx's bit twiddling). */
    private static float half(short bits) {
        int sign = (bits >> 15) & 1;
        int exponent = (bits >> 10) & 0x1F;
        int fraction = bits & 0x3FF;
        double magnitude;
        if (exponent == 0x1F) {
            magnitude = fraction == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else if (exponent == 0) {
            magnitude = Math.scalb(fraction / 1024.0, -14);
        } else {
            magnitude = Math.scalb(1 + fraction / 1024.0, exponent - 15);
        }
        return (float) (sign == 1 ? -magnitude : magnitude);
    }
}
