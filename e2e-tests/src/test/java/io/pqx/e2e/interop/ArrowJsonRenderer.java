package io.pqx.e2e.interop;

import io.pqx.e2e.interop.JsonShape.Leaf;
import io.pqx.e2e.interop.JsonShape.ListOf;
import io.pqx.e2e.interop.JsonShape.MapOf;
import io.pqx.e2e.interop.JsonShape.Slot;
import io.pqx.e2e.interop.JsonShape.Struct;
import io.pqx.tools.json.JsonValues;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.dataset.source.DatasetFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.BaseListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;

/**
 * Renders a Parquet file as the JSON lines of {@code JSON-RENDERING.md} with Arrow C++ (the Parquet
 * reader of Arrow's dataset scanner, reached over JNI through Arrow Java's {@code arrow-dataset}):
 * the scanner decodes the file into Arrow vectors in file order, and each row is walked along the
 * {@link JsonShape} of the file's Parquet schema and formatted with pqx-tools' {@link JsonValues},
 * so that the rendering follows the file's own types while every value comes from Arrow. Fails with
 * {@link IllegalStateException} where Arrow returns a vector of another structure than the schema
 * asks for.
 *
 * <p>The third independent peer of the interop tests, next to DuckDB and parquet-java. Stateless;
 * each call scans with its own allocator, whose close checks that no Arrow memory leaked.
 */
final class ArrowJsonRenderer {

    private static final long BATCH_ROWS = 4096;

    private ArrowJsonRenderer() {}

    /** All rows of {@code file}, in file order, one JSON object per line. */
    static List<String> render(Path file) throws IOException {
        Struct row;
        try (ParquetFileReader footer = ParquetFileReader.open(new LocalInputFile(file))) {
            row = JsonShapes.of(footer.getFileMetaData().getSchema());
        }
        List<String> lines = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
                DatasetFactory factory =
                        new FileSystemDatasetFactory(
                                allocator,
                                NativeMemoryPool.getDefault(),
                                FileFormat.PARQUET,
                                file.toUri().toString());
                Dataset dataset = factory.finish();
                Scanner scanner = dataset.newScan(new ScanOptions(BATCH_ROWS));
                ArrowReader reader = scanner.scanBatches()) {
            Rows rows = new Rows(reader);
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                if (root.getFieldVectors().size() != row.fields().size()) {
                    throw new IllegalStateException(
                            "Arrow returned "
                                    + root.getSchema()
                                    + " for a file of "
                                    + row.fields().size()
                                    + " columns: "
                                    + file);
                }
                for (int i = 0; i < root.getRowCount(); i++) {
                    StringBuilder sb = new StringBuilder().append('{');
                    for (Slot slot : row.fields()) {
                        rows.field(sb, slot, root.getVector(slot.index()), i);
                    }
                    lines.add(sb.append('}').toString());
                }
            }
        } catch (RuntimeException e) {
            if (e instanceof IllegalStateException) {
                throw e;
            }
            // The JNI layer reports Arrow C++ errors as bare RuntimeExceptions.
            throw new IOException("Arrow C++ cannot read " + file + ": " + e.getMessage(), e);
        } catch (Exception e) {
            throw new IOException("Arrow C++ cannot read " + file, e);
        }
        return lines;
    }

    /** Walks the vectors of one reader; dictionary-encoded vectors are decoded through it. */
    private record Rows(ArrowReader reader) {

        void field(StringBuilder sb, Slot slot, ValueVector vector, int i) throws IOException {
            if (sb.charAt(sb.length() - 1) != '{') {
                sb.append(',');
            }
            JsonValues.appendString(sb, slot.name());
            sb.append(':');
            slot(sb, slot, vector, i);
        }

        void slot(StringBuilder sb, Slot slot, ValueVector vector, int i) throws IOException {
            if (slot.repeated()) {
                list(sb, slot.value(), vector, i);
            } else {
                value(sb, slot.value(), vector, i);
            }
        }

        void value(StringBuilder sb, JsonShape shape, ValueVector vector, int i)
                throws IOException {
            if (vector.isNull(i)) {
                sb.append("null");
            } else if (shape instanceof Leaf leaf) {
                leaf(sb, leaf, vector, i);
            } else if (shape instanceof Struct struct) {
                StructVector fields = as(StructVector.class, vector, shape);
                sb.append('{');
                for (Slot slot : struct.fields()) {
                    field(sb, slot, fields.getChildByOrdinal(slot.index()), i);
                }
                sb.append('}');
            } else if (shape instanceof ListOf list) {
                list(sb, list.element(), vector, i);
            } else {
                map(sb, (MapOf) shape, vector, i);
            }
        }

        void list(StringBuilder sb, JsonShape element, ValueVector vector, int i)
                throws IOException {
            if (vector.isNull(i)) {
                sb.append("null");
                return;
            }
            BaseListVector list = as(BaseListVector.class, vector, element);
            ValueVector items = list.getChildrenFromFields().get(0);
            sb.append('[');
            for (int k = list.getElementStartIndex(i); k < list.getElementEndIndex(i); k++) {
                sb.append(k == list.getElementStartIndex(i) ? "" : ",");
                value(sb, element, items, k);
            }
            sb.append(']');
        }

        void map(StringBuilder sb, MapOf map, ValueVector vector, int i) throws IOException {
            BaseListVector list = as(BaseListVector.class, vector, map);
            StructVector entries = as(StructVector.class, list.getChildrenFromFields().get(0), map);
            sb.append('[');
            for (int k = list.getElementStartIndex(i); k < list.getElementEndIndex(i); k++) {
                sb.append(k == list.getElementStartIndex(i) ? "{\"key\":" : ",{\"key\":");
                slot(sb, map.key(), entries.getChildByOrdinal(0), k);
                sb.append(",\"value\":");
                if (map.value() == null) {
                    sb.append("null");
                } else {
                    slot(sb, map.value(), entries.getChildByOrdinal(1), k);
                }
                sb.append('}');
            }
            sb.append(']');
        }

        void leaf(StringBuilder sb, Leaf leaf, ValueVector vector, int i) throws IOException {
            DictionaryEncoding encoding = vector.getField().getDictionary();
            if (encoding != null) {
                // A dictionary-encoded column (Arrow's reading of a file that stores the Arrow
                // schema): the vector holds indexes into the dictionary the reader provides.
                Dictionary dictionary = reader.lookup(encoding.getId());
                int index = (int) as(BaseIntVector.class, vector, leaf).getValueAsLong(i);
                leaf(sb, leaf, dictionary.getVector(), index);
                return;
            }
            sb.append(
                    switch (leaf.kind()) {
                        case BOOLEAN ->
                                Boolean.toString(as(BitVector.class, vector, leaf).get(i) != 0);
                        case SIGNED_INT, UNSIGNED_INT -> integer(vector, i, leaf);
                        case FLOAT ->
                                JsonValues.formatFloat(as(Float4Vector.class, vector, leaf).get(i));
                        case FLOAT16 ->
                                JsonValues.formatFloat16(
                                        as(Float2Vector.class, vector, leaf).get(i));
                        case DOUBLE ->
                                JsonValues.formatDouble(
                                        as(Float8Vector.class, vector, leaf).get(i));
                        case DECIMAL -> decimal(vector, i, leaf);
                        case STRING ->
                                JsonValues.formatString(
                                        new String(bytes(vector, i, leaf), StandardCharsets.UTF_8));
                        case BYTES -> JsonValues.formatHex(bytes(vector, i, leaf));
                        case UUID -> JsonValues.formatUuid(bytes(vector, i, leaf));
                        case DATE -> date(vector, i, leaf);
                        case TIME -> JsonValues.formatTime(nanosOfDay(vector, i, leaf));
                        case TIMESTAMP, INT96 -> timestamp(vector, i, leaf);
                    });
        }
    }

    private static String integer(ValueVector vector, int i, Leaf leaf) {
        if (vector instanceof UInt8Vector u) {
            return Long.toUnsignedString(u.get(i));
        } else if (vector instanceof UInt4Vector u) {
            return Integer.toUnsignedString(u.get(i));
        } else if (vector instanceof UInt2Vector u) {
            return Integer.toString(u.get(i));
        } else if (vector instanceof UInt1Vector u) {
            return Integer.toString(Byte.toUnsignedInt(u.get(i)));
        }
        return Long.toString(as(BaseIntVector.class, vector, leaf).getValueAsLong(i));
    }

    private static String decimal(ValueVector vector, int i, Leaf leaf) {
        int scale =
                ((DecimalLogicalTypeAnnotation) leaf.type().getLogicalTypeAnnotation()).getScale();
        BigDecimal value =
                vector instanceof Decimal256Vector wide
                        ? wide.getObject(i)
                        : as(DecimalVector.class, vector, leaf).getObject(i);
        return JsonValues.formatDecimal(value, scale);
    }

    private static byte[] bytes(ValueVector vector, int i, Leaf leaf) {
        if (vector instanceof FixedSizeBinaryVector fixed) {
            return fixed.get(i);
        }
        return as(VariableWidthFieldVector.class, vector, leaf).get(i);
    }

    private static String date(ValueVector vector, int i, Leaf leaf) {
        if (vector instanceof DateMilliVector millis) {
            return JsonValues.formatDate(
                    Math.toIntExact(Math.floorDiv(millis.get(i), 86_400_000L)));
        }
        return JsonValues.formatDate(as(DateDayVector.class, vector, leaf).get(i));
    }

    private static long nanosOfDay(ValueVector vector, int i, Leaf leaf) {
        if (vector instanceof TimeSecVector s) {
            return s.get(i) * 1_000_000_000L;
        } else if (vector instanceof TimeMilliVector ms) {
            return ms.get(i) * 1_000_000L;
        } else if (vector instanceof TimeMicroVector us) {
            return us.get(i) * 1_000L;
        }
        return as(TimeNanoVector.class, vector, leaf).get(i);
    }

    /**
     * A timestamp in the unit of Arrow's vector; {@code Z} from the file's isAdjustedToUTC (INT96
     * has none).
     */
    private static String timestamp(ValueVector vector, int i, Leaf leaf) {
        TimeStampVector ts = as(TimeStampVector.class, vector, leaf);
        ArrowType.Timestamp type = (ArrowType.Timestamp) ts.getField().getType();
        long value = ts.get(i);
        TimeUnit unit =
                switch (type.getUnit()) {
                    case SECOND -> {
                        value = Math.multiplyExact(value, 1000L);
                        yield TimeUnit.MILLIS;
                    }
                    case MILLISECOND -> TimeUnit.MILLIS;
                    case MICROSECOND -> TimeUnit.MICROS;
                    case NANOSECOND -> TimeUnit.NANOS;
                };
        boolean utc =
                leaf.type().getLogicalTypeAnnotation()
                                instanceof TimestampLogicalTypeAnnotation annotation
                        && annotation.isAdjustedToUTC();
        return TimeUnits.timestamp(value, unit, utc);
    }

    private static <T> T as(Class<T> expected, ValueVector vector, JsonShape shape) {
        if (!expected.isInstance(vector)) {
            throw new IllegalStateException(
                    "Arrow returned "
                            + vector.getClass().getSimpleName()
                            + " ("
                            + vector.getField()
                            + ") where the file's schema needs "
                            + expected.getSimpleName()
                            + ": "
                            + shape);
        }
        return expected.cast(vector);
    }
}
