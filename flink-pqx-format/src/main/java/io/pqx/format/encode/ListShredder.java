package io.pqx.format.encode;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.RowData;

/**
 * An ARRAY field as a 3-level LIST: a null array writes a null slot one level below the list's
 * definition level, an empty array one null slot at the list's definition level, and otherwise the
 * elements, the first at the incoming repetition level and the others at the list's. Built by
 * {@link RowShredder}.
 */
final class ListShredder extends FieldShredder {
    private final String path;
    private final FieldShredder element;

    /** Definition level of a null array, or -1 when the array is NOT NULL. */
    private final int nullDefinition;

    /** Definition level of an empty array. */
    private final int emptyDefinition;

    private final int repetitionLevel;

    ListShredder(String path, FieldShredder element, CollectionLevels levels) {
        this.path = path;
        this.element = element;
        this.nullDefinition = levels.nullDefinition();
        this.emptyDefinition = levels.emptyDefinition();
        this.repetitionLevel = levels.repetitionLevel();
    }

    @Override
    public void writeField(RowData row, int pos, int r) {
        if (row.isNullAt(pos)) {
            writeOwnNull(r);
        } else {
            writeArray(row.getArray(pos), r);
        }
    }

    @Override
    public void writeElement(ArrayData array, int index, int r) {
        if (array.isNullAt(index)) {
            writeOwnNull(r);
        } else {
            writeArray(array.getArray(index), r);
        }
    }

    private void writeArray(ArrayData array, int r) {
        int size = array.size();
        if (size == 0) {
            element.writeNull(r, emptyDefinition);
            return;
        }
        element.writeElement(array, 0, r);
        for (int i = 1; i < size; i++) {
            element.writeElement(array, i, repetitionLevel);
        }
    }

    private void writeOwnNull(int r) {
        if (nullDefinition < 0) {
            throw ValueRejectedException.notNull(path);
        }
        element.writeNull(r, nullDefinition);
    }

    @Override
    public void writeNull(int r, int d) {
        element.writeNull(r, d);
    }
}
