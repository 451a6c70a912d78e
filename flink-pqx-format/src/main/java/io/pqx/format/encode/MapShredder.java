package io.pqx.format.encode;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;

/**
 * A MAP (or MULTISET, which Flink holds as a map of element to INT count) field as a 3-level MAP:
 * null and empty maps as in {@link ListShredder}, otherwise one entry per key, keys and values
 * shredded from the map's key and value arrays at the same repetition levels. Keys are NOT NULL in
 * Parquet, so a null key is rejected. Built by {@link RowShredder}.
 */
final class MapShredder extends FieldShredder {
    private final String path;
    private final FieldShredder key;
    private final FieldShredder value;
    private final int nullDefinition;
    private final int emptyDefinition;
    private final int repetitionLevel;

    MapShredder(String path, FieldShredder key, FieldShredder value, CollectionLevels levels) {
        this.path = path;
        this.key = key;
        this.value = value;
        this.nullDefinition = levels.nullDefinition();
        this.emptyDefinition = levels.emptyDefinition();
        this.repetitionLevel = levels.repetitionLevel();
    }

    @Override
    public void writeField(RowData row, int pos, int r) {
        if (row.isNullAt(pos)) {
            writeOwnNull(r);
        } else {
            writeMap(row.getMap(pos), r);
        }
    }

    @Override
    public void writeElement(ArrayData array, int index, int r) {
        if (array.isNullAt(index)) {
            writeOwnNull(r);
        } else {
            writeMap(array.getMap(index), r);
        }
    }

    private void writeMap(MapData map, int r) {
        int size = map.size();
        if (size == 0) {
            writeNull(r, emptyDefinition);
            return;
        }
        ArrayData keys = map.keyArray();
        ArrayData values = map.valueArray();
        for (int i = 0; i < size; i++) {
            int ri = i == 0 ? r : repetitionLevel;
            key.writeElement(keys, i, ri);
            value.writeElement(values, i, ri);
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
        key.writeNull(r, d);
        value.writeNull(r, d);
    }
}
