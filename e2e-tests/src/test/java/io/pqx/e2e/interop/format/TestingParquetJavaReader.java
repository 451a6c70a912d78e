package io.pqx.e2e.interop.format;

import io.pqx.format.TestingFlinkRows;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.ListLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.MapLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads files with parquet-java (the independent implementation pqx is checked against) into plain
 * Java values, by the conventions of {@link TestingFlinkRows}: numbers boxed, decimals as
 * BigDecimal, strings as String, other binaries as hex, timestamps as the stored long, LIST as
 * List, MAP as Map, groups as Map by field name, nulls as null.
 */
final class TestingParquetJavaReader {
    private TestingParquetJavaReader() {}

    static ParquetMetadata footer(Path file) throws IOException {
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            return reader.getFooter();
        }
    }

    static ParquetFileReader open(Path file) throws IOException {
        return ParquetFileReader.open(new LocalInputFile(file));
    }

    /** Every row, with page checksum verification on. */
    static List<Map<String, Object>> readRows(Path file) throws IOException {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (ParquetReader<Group> reader =
                new GroupReader(new LocalInputFile(file))
                        .usePageChecksumVerification(true)
                        .build()) {
            for (Group g = reader.read(); g != null; g = reader.read()) {
                rows.add(group(g, g.getType()));
            }
        }
        return rows;
    }

    private static Map<String, Object> group(Group g, GroupType type) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < type.getFieldCount(); i++) {
            Type field = type.getType(i);
            out.put(
                    field.getName(),
                    g.getFieldRepetitionCount(i) == 0 ? null : value(g, i, 0, field));
        }
        return out;
    }

    private static Object value(Group g, int field, int index, Type type) {
        if (type.isPrimitive()) {
            return primitive(g, field, index, type.asPrimitiveType());
        }
        Group child = g.getGroup(field, index);
        LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
        if (annotation instanceof ListLogicalTypeAnnotation) {
            return list(child);
        }
        if (annotation instanceof MapLogicalTypeAnnotation) {
            return map(child);
        }
        return group(child, type.asGroupType());
    }

    private static List<Object> list(Group list) {
        List<Object> out = new ArrayList<>();
        int n = list.getFieldRepetitionCount(0);
        for (int i = 0; i < n; i++) {
            Group entry = list.getGroup(0, i);
            Type element = entry.getType().getType(0);
            out.add(entry.getFieldRepetitionCount(0) == 0 ? null : value(entry, 0, 0, element));
        }
        return out;
    }

    private static Map<Object, Object> map(Group map) {
        Map<Object, Object> out = new LinkedHashMap<>();
        int n = map.getFieldRepetitionCount(0);
        for (int i = 0; i < n; i++) {
            Group entry = map.getGroup(0, i);
            GroupType kv = entry.getType();
            Object key = value(entry, 0, 0, kv.getType(0));
            Object value =
                    entry.getFieldRepetitionCount(1) == 0
                            ? null
                            : value(entry, 1, 0, kv.getType(1));
            out.put(key, value);
        }
        return out;
    }

    private static Object primitive(Group g, int field, int index, PrimitiveType type) {
        LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
        int scale = annotation instanceof DecimalLogicalTypeAnnotation d ? d.getScale() : -1;
        switch (type.getPrimitiveTypeName()) {
            case BOOLEAN:
                return g.getBoolean(field, index);
            case INT32:
                int i = g.getInteger(field, index);
                return scale >= 0 ? BigDecimal.valueOf(i, scale) : (Object) i;
            case INT64:
                long l = g.getLong(field, index);
                return scale >= 0 ? BigDecimal.valueOf(l, scale) : (Object) l;
            case FLOAT:
                return g.getFloat(field, index);
            case DOUBLE:
                return g.getDouble(field, index);
            default:
                byte[] bytes = g.getBinary(field, index).getBytes();
                if (scale >= 0) {
                    return new BigDecimal(new BigInteger(bytes), scale);
                }
                if (annotation instanceof StringLogicalTypeAnnotation) {
                    return new String(bytes, StandardCharsets.UTF_8);
                }
                return HexFormat.of().formatHex(bytes);
        }
    }

    /** parquet-java's example reader over a local file, without a Hadoop file system. */
    private static final class GroupReader extends ParquetReader.Builder<Group> {
        GroupReader(InputFile file) {
            super(file);
        }

        @Override
        protected ReadSupport<Group> getReadSupport() {
            return new GroupReadSupport();
        }
    }
}
