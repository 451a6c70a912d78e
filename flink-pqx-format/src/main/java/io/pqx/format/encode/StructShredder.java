package io.pqx.format.encode;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.RowData;

/**
 * A ROW field: a null row writes one null slot to every leaf below it; otherwise each field is
 * shredded from the nested {@link RowData} at the same repetition level. Built by {@link
 * RowShredder}.
 */
final class StructShredder extends FieldShredder {
    private final String path;
    private final FieldShredder[] fields;

    /** Definition level of a null row, or -1 when the row is NOT NULL. */
    private final int nullDefinition;

    StructShredder(String path, FieldShredder[] fields, int nullDefinition) {
        this.path = path;
        this.fields = fields;
        this.nullDefinition = nullDefinition;
    }

    @Override
    public void writeField(RowData row, int pos, int r) {
        if (row.isNullAt(pos)) {
            writeOwnNull(r);
        } else {
            writeFields(row.getRow(pos, fields.length), r);
        }
    }

    @Override
    public void writeElement(ArrayData array, int index, int r) {
        if (array.isNullAt(index)) {
            writeOwnNull(r);
        } else {
            writeFields(array.getRow(index, fields.length), r);
        }
    }

    /** Shreds the fields of a non-null row; also the entry point for the top-level row. */
    void writeFields(RowData row, int r) {
        for (int i = 0; i < fields.length; i++) {
            fields[i].writeField(row, i, r);
        }
    }

    private void writeOwnNull(int r) {
        if (nullDefinition < 0) {
            throw ValueRejectedException.notNull(path);
        }
        writeNull(r, nullDefinition);
    }

    @Override
    public void writeNull(int r, int d) {
        for (FieldShredder field : fields) {
            field.writeNull(r, d);
        }
    }
}
