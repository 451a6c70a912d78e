package io.pqx.format.decode;

import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.column.ColumnReader;

/**
 * Turns the values of one leaf column, as parquet-column's {@link ColumnReader} yields them, into
 * one kind of Flink vector: one implementation per (physical type, Flink type) pair, chosen once
 * per leaf by {@link ValueDecoders}.
 *
 * <p>Instances may cache per-chunk state (a decoded dictionary); one per leaf and reading thread.
 */
interface ValueDecoder {

    /** A new, empty vector of this decoder's kind holding up to {@code capacity} values. */
    WritableColumnVector newVector(int capacity);

    /**
     * Writes the reader's current value (known to be non-null) at {@code pos}; does not consume it.
     */
    void decode(ColumnReader reader, WritableColumnVector vector, int pos);

    /**
     * Decodes {@code count} consecutive entries of a non-repeated leaf into positions {@code
     * pos...}, consuming each: a definition level of {@code maxDef} is a value, anything lower a
     * null. Implementations for hot types override this with a loop the JIT can specialise.
     */
    default void decodeFlat(
            ColumnReader reader, WritableColumnVector vector, int pos, int count, int maxDef) {
        for (int i = pos, end = pos + count; i < end; i++) {
            if (reader.getCurrentDefinitionLevel() == maxDef) {
                decode(reader, vector, i);
            } else {
                vector.setNullAt(i);
            }
            reader.consume();
        }
    }
}
