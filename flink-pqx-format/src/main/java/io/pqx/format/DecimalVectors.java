package io.pqx.format;

import io.pqx.format.decode.HeapDecimalVector;
import io.pqx.format.decode.SelectedVectors;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.DecimalColumnVector;

/**
 * Reads DECIMAL values of pqx's batches without allocating: {@link DecimalColumnVector#getDecimal}
 * builds a {@code DecimalData} per value, while a DECIMAL of precision at most 18 is held by pqx as
 * unscaled longs, which {@link #unscaledLong} returns as they are. The value is {@code unscaled /
 * 10^scale} for the column's scale. Stateless.
 *
 * <pre>{@code
 * ColumnVector price = batch.column(2);                  // DECIMAL(12, 2); batch a ParquetBatch
 * if (DecimalVectors.hasUnscaledLongs(price)) {
 *     for (int r = 0; r < batch.numRows(); r++) {
 *         if (!price.isNullAt(r)) total += DecimalVectors.unscaledLong(price, r);   // cents
 *     }
 * }
 * }</pre>
 */
@PublicEvolving
public final class DecimalVectors {
    private DecimalVectors() {}

    /**
     * Whether {@code vector} is a DECIMAL column of pqx's decoder holding unscaled longs: true for
     * top-level DECIMAL columns of precision up to 18 (also inside arrays, maps and rows as their
     * child vectors), false for wider decimals and any other vector.
     */
    public static boolean hasUnscaledLongs(ColumnVector vector) {
        if (vector instanceof SelectedVectors.Decimals view) {
            return hasUnscaledLongs(view.inner());
        }
        return vector instanceof HeapDecimalVector decimals && decimals.compact();
    }

    /**
     * The unscaled value of row {@code row}; undefined for a null (check {@code isNullAt} first).
     *
     * @throws IllegalArgumentException if {@link #hasUnscaledLongs} is false for {@code vector}
     */
    public static long unscaledLong(ColumnVector vector, int row) {
        if (vector instanceof SelectedVectors.Decimals view) {
            return unscaledLong(view.inner(), view.innerRow(row));
        }
        if (vector instanceof HeapDecimalVector decimals && decimals.compact()) {
            return decimals.unscaledLong(row);
        }
        throw new IllegalArgumentException(
                "Cannot read an unscaled long: "
                        + vector.getClass()
                        + " is not a pqx DECIMAL vector of precision at most 18 (use getDecimal)");
    }
}
