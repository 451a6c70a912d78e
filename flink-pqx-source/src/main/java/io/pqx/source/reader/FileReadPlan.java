package io.pqx.source.reader;

import io.pqx.format.ParquetInspector;
import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.error.FileContext;
import io.pqx.format.metadata.ChunkEncryption;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.source.partition.PartitionValues;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VariantType;

/**
 * How one file is read as the requested row type: which of its columns the format decodes (the
 * projection), and how each requested column is made from them. A requested column is, in this
 * order of precedence: a partition column (a {@link ConstantVector} of the file's typed directory
 * value, or nulls for {@code __DEFAULT_PARTITION__} and a file outside any such directory); a file
 * column of that name (exact, else the only case-insensitive match), as stored or widened ({@link
 * ColumnConversion}); or, if the file lacks it, nulls when the column is nullable, else an error
 * naming file and column. A requested ROW that holds only some of the file ROW's fields (by name,
 * in the file's order) reads only those (nested projection, {@link #nestedPaths}). A requested
 * VARIANT reads a Parquet VARIANT group, or an unannotated group of exactly binary {@code metadata}
 * and {@code value} (the layout Spark 4.0 writes), as VARIANT.
 *
 * <p>{@link #adapt} re-points an output batch at each decoded batch: no value is copied. The output
 * batches (one per batch in flight, used in turn) are reused, each valid as long as its input batch
 * is. Not thread-safe.
 */
final class FileReadPlan {
    private final ReadSchema projection;
    private final int[] source;
    private final Output[] outputs;
    private int next;
    private Output last;

    /**
     * One output batch and the column views it holds: {@code columns}, every requested column;
     * {@code batch}, the emitted ones (the first of them) over the same views.
     */
    private record Output(
            VectorizedColumnBatch batch,
            ColumnVector[] columns,
            WideningVectors.Widening[] widening) {}

    private FileReadPlan(ReadSchema projection, int[] source, Output[] outputs) {
        this.projection = projection;
        this.source = source;
        this.outputs = outputs;
    }

    /**
     * @param requested the columns made
     * @param inFlight batches out at once (1 or 2): so many output batches are used in turn
     */
    static FileReadPlan of(
            ParquetReader reader,
            RowType requested,
            Set<String> partitionKeys,
            Map<String, String> partitions,
            String file,
            int inFlight)
            throws IOException {
        return of(
                reader,
                requested,
                requested.getFieldCount(),
                partitionKeys,
                partitions,
                file,
                inFlight);
    }

    /**
     * @param requested the columns made
     * @param emitted how many of them, the first, the batches {@link #adapt} returns hold (the
     *     others, read for the reader's own use, e.g. the watermark column, through {@link
     *     #column})
     * @param inFlight batches out at once (1 or 2): so many output batches are used in turn
     */
    static FileReadPlan of(
            ParquetReader reader,
            RowType requested,
            int emitted,
            Set<String> partitionKeys,
            Map<String, String> partitions,
            String file,
            int inFlight)
            throws IOException {
        FileContext ctx = FileContext.of(file);
        List<FieldView> fileFields = reader.schema().fields();
        int n = requested.getFieldCount();
        int[] source = new int[n];
        ColumnConversion[] conversions = new ColumnConversion[n];
        LogicalType[] stored = new LogicalType[n];
        ColumnVector[] fixed = new ColumnVector[n];
        List<String> read = new ArrayList<>();
        String[] fileNames = new String[n]; // the file field each requested column reads, if any
        for (int i = 0; i < n; i++) {
            String name = requested.getFieldNames().get(i);
            LogicalType type = requested.getTypeAt(i);
            FileContext column = ctx.column(name);
            source[i] = -1;
            if (partitionKeys.contains(name)) {
                String text = partitions.get(name);
                Object value = text == null ? null : PartitionValues.parse(text, type, column);
                if (value == null && !type.isNullable()) {
                    throw column.unsupported(
                            "Cannot read partition column",
                            text == null
                                    ? "the file is not under a "
                                            + name
                                            + "=... directory and the"
                                            + " column is NOT NULL"
                                    : "its value is null ("
                                            + text
                                            + ") and the column is NOT NULL");
                }
                fixed[i] = value == null ? NullVector.INSTANCE : new ConstantVector(value);
                continue;
            }
            FieldView field = find(fileFields, name);
            if (field == null) {
                if (!type.isNullable()) {
                    throw column.unsupported(
                            "Cannot read column",
                            "the file has no such column and it is requested NOT NULL "
                                    + type.asSummaryString());
                }
                fixed[i] = NullVector.INSTANCE;
                continue;
            }
            fileNames[i] = field.name();
            for (String path : nestedPaths(field.name(), field.flinkType(), type)) {
                if (!read.contains(path)) {
                    read.add(path);
                }
            }
        }
        if (read.isEmpty()) {
            // only partition or absent columns: decode one column, for the row counts
            read.add(rowCountColumn(reader, fileFields));
        }
        ReadSchema projection = reader.project(read);
        try {
            projection = projection.withVariants(legacyVariants(requested, fileNames, fileFields));
        } catch (IllegalArgumentException notVariant) {
            // e.g. an annotated binary: stays a ROW, which ColumnConversion refuses by name
        }
        List<FieldView> projected = projection.fields();
        for (int i = 0; i < n; i++) {
            if (fileNames[i] == null) {
                continue;
            }
            for (int k = 0; k < projected.size(); k++) {
                if (projected.get(k).name().equals(fileNames[i])) {
                    source[i] = k;
                }
            }
            FieldView field = projected.get(source[i]);
            conversions[i] =
                    ColumnConversion.of(
                            field.flinkType(),
                            requested.getTypeAt(i),
                            ctx.column(requested.getFieldNames().get(i)));
            stored[i] = field.flinkType();
        }
        Output[] outputs = new Output[inFlight];
        for (int o = 0; o < inFlight; o++) {
            WideningVectors.Widening[] widening = new WideningVectors.Widening[n];
            for (int i = 0; i < n; i++) {
                if (conversions[i] != null) {
                    widening[i] = widening(conversions[i], stored[i]);
                }
            }
            ColumnVector[] columns = fixed.clone();
            outputs[o] =
                    new Output(
                            new VectorizedColumnBatch(Arrays.copyOf(columns, emitted)),
                            columns,
                            widening);
        }
        return new FileReadPlan(projection, source, outputs);
    }

    /**
     * The column decoded for the row counts when no file column is requested: the first top-level
     * field whose leaves this read can decode, plaintext or encrypted with a key it has. An
     * encrypted column without its key would refuse a query that needs none of its values; when
     * every field is such a column, the first is named by the refusal.
     */
    private static String rowCountColumn(ParquetReader reader, List<FieldView> fileFields) {
        FileMetadataView metadata = reader.metadata();
        ParquetInspector inspector = ParquetInspector.of(reader);
        Set<String> keyMissing = new HashSet<>();
        for (RowGroupView rowGroup : metadata.rowGroups()) {
            for (LeafColumnView leaf : metadata.schema().leaves()) {
                if (inspector.chunkEncryption(rowGroup.ordinal(), leaf.leafIndex())
                        == ChunkEncryption.KEY_MISSING) {
                    keyMissing.add(leaf.path().get(0));
                }
            }
        }
        for (FieldView field : fileFields) {
            if (!keyMissing.contains(field.name())) {
                return field.name();
            }
        }
        return fileFields.get(0).name();
    }

    /**
     * The file fields requested as VARIANT that the file holds as a plain ROW: the unannotated
     * layout of binary {@code metadata} and {@code value} (Spark 4.0's) reads as VARIANT when the
     * reader asks for VARIANT. Any other ROW is left to be refused by {@link ColumnConversion}.
     */
    private static List<String> legacyVariants(
            RowType requested, String[] fileNames, List<FieldView> fileFields) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < fileNames.length; i++) {
            if (fileNames[i] != null && requested.getTypeAt(i) instanceof VariantType) {
                FieldView field = find(fileFields, fileNames[i]);
                if (field != null
                        && field.flinkType() instanceof RowType
                        && isLegacyVariant(field)) {
                    names.add(fileNames[i]);
                }
            }
        }
        return names;
    }

    private static boolean isLegacyVariant(FieldView field) {
        if (field.children().size() != 2) {
            return false;
        }
        boolean metadata = false;
        boolean value = false;
        for (FieldView child : field.children()) {
            boolean bytes =
                    child.kind() == FieldView.Kind.PRIMITIVE
                            && child.flinkType().getTypeRoot() == LogicalTypeRoot.VARBINARY;
            metadata |= bytes && child.parquetName().equals("metadata");
            value |= bytes && child.parquetName().equals("value");
        }
        return metadata && value;
    }

    /**
     * The dotted paths to read of a file field for a requested type: a requested ROW that names
     * only some fields of the file's ROW reads just those (recursively: nested projection); any
     * other type reads the whole field.
     */
    static List<String> nestedPaths(String path, LogicalType stored, LogicalType requested) {
        if (!(stored instanceof RowType file)
                || !(requested instanceof RowType wanted)
                || wanted.getFieldCount() >= file.getFieldCount()) {
            return List.of(path);
        }
        List<String> paths = new ArrayList<>();
        for (RowType.RowField field : wanted.getFields()) {
            int at = file.getFieldIndex(field.getName());
            if (at < 0) {
                return List.of(path); // not a projection of the file's ROW: compared whole, refused
            }
            paths.addAll(
                    nestedPaths(path + "." + field.getName(), file.getTypeAt(at), field.getType()));
        }
        return paths;
    }

    private static FieldView find(List<FieldView> fields, String name) {
        FieldView folded = null;
        int foldedCount = 0;
        for (FieldView f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
            if (f.name().equalsIgnoreCase(name)) {
                folded = f;
                foldedCount++;
            }
        }
        return foldedCount == 1 ? folded : null;
    }

    private static WideningVectors.Widening widening(
            ColumnConversion conversion, LogicalType stored) {
        switch (conversion) {
            case BYTE_TO_SHORT:
                return new WideningVectors.ByteToShort();
            case TO_INT:
                return new WideningVectors.ToInt();
            case TO_LONG:
                return new WideningVectors.ToLong();
            case FLOAT_TO_DOUBLE:
                return new WideningVectors.FloatToDouble();
            case DECIMAL_WIDEN:
                DecimalType d = (DecimalType) stored;
                return new WideningVectors.DecimalWiden(d.getPrecision(), d.getScale());
            default:
                return null;
        }
    }

    /** The file's columns to decode. */
    ReadSchema projection() {
        return projection;
    }

    /** The requested columns over {@code decoded}, a batch read with {@link #projection()}. */
    VectorizedColumnBatch adapt(VectorizedColumnBatch decoded) {
        Output output = outputs[next];
        next = (next + 1) % outputs.length;
        VectorizedColumnBatch out = output.batch();
        int emitted = out.columns.length;
        for (int i = 0; i < source.length; i++) {
            if (source[i] >= 0) {
                ColumnVector in = decoded.columns[source[i]];
                WideningVectors.Widening w = output.widening()[i];
                ColumnVector view = w == null ? in : w.wrap(in);
                output.columns()[i] = view;
                if (i < emitted) {
                    out.columns[i] = view;
                }
            }
        }
        out.setNumRows(decoded.getNumRows());
        last = output;
        return out;
    }

    /** Requested column {@code i} of the batch {@link #adapt} returned last. */
    ColumnVector column(int i) {
        return last.columns()[i];
    }
}
