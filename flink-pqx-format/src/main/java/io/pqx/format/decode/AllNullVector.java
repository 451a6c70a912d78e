package io.pqx.format.decode;

import org.apache.flink.table.data.columnar.vector.ColumnVector;

/**
 * A column whose every position is null: the values of a MAP written without a value field
 * (parquet-testing's map_no_value.parquet). Readers check nullness before reading a value, so no
 * typed getter is ever reached.
 */
final class AllNullVector implements ColumnVector {
    final int capacity;

    AllNullVector(int capacity) {
        this.capacity = capacity;
    }

    @Override
    public boolean isNullAt(int i) {
        return true;
    }
}
