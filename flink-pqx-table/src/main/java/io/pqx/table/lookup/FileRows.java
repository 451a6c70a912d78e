package io.pqx.table.lookup;

import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.error.FileContext;
import io.pqx.source.ListedFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VariantType;

/**
 * How one file gives the table's row: its data columns read by name as the declared types, the
 * partition columns from the file's directories. A file whose column types differ from the declared
 * ones is refused, naming file and column (lookups read no widened types).
 */
final class FileRows {
    private final ReadSchema projection;
    private final int[] fileIndex;
    private final Object[] constants;
    private final RowData.FieldGetter[] getters;

    private FileRows(
            ReadSchema projection,
            int[] fileIndex,
            Object[] constants,
            RowData.FieldGetter[] getters) {
        this.projection = projection;
        this.fileIndex = fileIndex;
        this.constants = constants;
        this.getters = getters;
    }

    static FileRows of(
            ParquetReader reader, RowType tableType, List<String> partitionKeys, ListedFile file)
            throws IOException {
        List<String> names = new ArrayList<>();
        for (String name : tableType.getFieldNames()) {
            if (!partitionKeys.contains(name)) {
                names.add(name);
            }
        }
        ReadSchema projection;
        try {
            projection = reader.project(names);
        } catch (IllegalArgumentException e) {
            throw FileContext.of(file.path())
                    .unsupported(
                            "Cannot look up in file",
                            "a declared column is missing: " + e.getMessage());
        }
        projection = withVariants(projection, tableType, partitionKeys);
        RowType fileType = projection.rowType();
        int arity = tableType.getFieldCount();
        int[] fileIndex = new int[arity];
        Object[] constants = new Object[arity];
        RowData.FieldGetter[] getters = new RowData.FieldGetter[arity];
        int next = 0;
        for (int i = 0; i < arity; i++) {
            String name = tableType.getFieldNames().get(i);
            LogicalType declared = tableType.getTypeAt(i);
            if (partitionKeys.contains(name)) {
                fileIndex[i] = -1;
                constants[i] = file.partitionValue(name, declared);
                continue;
            }
            LogicalType found = fileType.getTypeAt(next);
            if (!found.copy(true).equals(declared.copy(true))) {
                throw FileContext.of(file.path())
                        .column(name)
                        .unsupported(
                                "Cannot look up in column",
                                "the file holds "
                                        + found
                                        + " where the table declares "
                                        + declared
                                        + " (lookups read declared types only)");
            }
            fileIndex[i] = next;
            getters[i] = RowData.createFieldGetter(found, next);
            next++;
        }
        return new FileRows(projection, fileIndex, constants, getters);
    }

    /**
     * {@code projection} with the columns the table declares VARIANT read as VARIANT where the file
     * holds them as the unannotated group of binary {@code metadata} and {@code value} (Spark 4.0's
     * layout); a ROW of another layout stays, to be refused below by type.
     */
    private static ReadSchema withVariants(
            ReadSchema projection, RowType tableType, List<String> partitionKeys) {
        List<String> variants = new ArrayList<>();
        int next = 0;
        for (RowType.RowField field : tableType.getFields()) {
            if (partitionKeys.contains(field.getName())) {
                continue;
            }
            String fileName = projection.fields().get(next++).name();
            if (field.getType() instanceof VariantType
                    && projection.fields().get(next - 1).flinkType() instanceof RowType) {
                variants.add(fileName);
            }
        }
        try {
            return projection.withVariants(variants);
        } catch (IllegalArgumentException notVariant) {
            return projection;
        }
    }

    /** The file's columns to read. */
    ReadSchema projection() {
        return projection;
    }

    /** The table's row of a row of {@link #projection()} (its values not copied). */
    RowData tableRow(RowData fileRow) {
        GenericRowData row = new GenericRowData(fileIndex.length);
        for (int i = 0; i < fileIndex.length; i++) {
            row.setField(i, fileIndex[i] < 0 ? constants[i] : getters[i].getFieldOrNull(fileRow));
        }
        return row;
    }
}
