package io.pqx.format;

import io.pqx.format.decode.BatchPositions;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * A batch of rows read from a Parquet file ({@link BatchIterator#next()}): Flink column vectors,
 * one per column of the read schema ({@link #column(int)}), {@link #numRows()} rows, and where its
 * rows come from: the row group, and each row's position in it. A reader that stops after batch row
 * {@code i} resumes exactly with the selection of rows from {@code rowPosition(i) + 1} on;
 * positions are those of the file, whatever selection was read (a selection starting at row 500
 * gives a first batch whose {@link #firstRowPosition()} is 500).
 *
 * <p>Within a batch, positions strictly increase. When the selection read is one range (the whole
 * row group, or rows from some row on) a batch is contiguous: row {@code i} is at {@code
 * firstRowPosition() + i}. A sparse selection may put rows of several ranges into one batch; {@link
 * #rowPosition(int)} knows the gaps.
 *
 * <p>The batch holds Flink's columnar batch rather than being one: {@link #columnBatch()} gives it,
 * for code that wants Flink's columnar rows over the same vectors (a {@code ColumnarRowData}).
 *
 * <p>Reused as the iterator's batches are: valid, positions included, until the iterator's next
 * {@code hasNext()} or {@code next()}. Not thread-safe.
 */
@PublicEvolving
public final class ParquetBatch {
    private final VectorizedColumnBatch decoded;
    private BatchPositions positions;
    private int rowGroup;
    private int numRows;

    /** A view of {@code decoded}, whose vectors the decoder fills in place. */
    ParquetBatch(VectorizedColumnBatch decoded) {
        this.decoded = decoded;
    }

    /** Points this batch at the decoder's batch just returned. */
    void update(int rowGroup, BatchPositions positions) {
        this.rowGroup = rowGroup;
        this.positions = positions;
        this.numRows = decoded.getNumRows();
    }

    /** The number of rows, at least one for a batch a {@link BatchIterator} returns. */
    public int numRows() {
        return numRows;
    }

    /** The number of columns: the read schema's top-level fields. */
    public int numColumns() {
        return decoded.getArity();
    }

    /**
     * The vector of column {@code i} (the read schema's {@code i}-th top-level field), holding the
     * batch's rows at indexes {@code [0, numRows())}.
     *
     * @throws IndexOutOfBoundsException when {@code i} is not in {@code [0, numColumns())}
     */
    public ColumnVector column(int i) {
        return decoded.columns[i];
    }

    /**
     * The same rows as Flink's columnar batch (the decoder's own, not a copy; no allocation), for
     * code that needs Flink's columnar types, such as a {@code ColumnarRowData} over its rows.
     * Valid as long as this batch is.
     */
    public VectorizedColumnBatch columnBatch() {
        return decoded;
    }

    /** Whether this batch views {@code batch}'s columns. */
    boolean views(VectorizedColumnBatch batch) {
        return decoded == batch;
    }

    /** The row group the rows come from (its ordinal in the file). */
    public int rowGroup() {
        return rowGroup;
    }

    /** The position, in the row group, of the batch's first row (row 0). */
    public long firstRowPosition() {
        return positions.first();
    }

    /**
     * The position, in the row group, of batch row {@code i}.
     *
     * @throws IndexOutOfBoundsException when {@code i} is not in {@code [0, numRows())}
     */
    public long rowPosition(int i) {
        if (i < 0 || i >= numRows) {
            throw new IndexOutOfBoundsException(
                    "Cannot give the position of batch row "
                            + i
                            + ": the batch has "
                            + numRows
                            + " rows");
        }
        return positions.rowOf(i);
    }

    /**
     * Whether the batch's rows are consecutive rows of the row group, so that row {@code i} is at
     * {@code firstRowPosition() + i}.
     */
    public boolean isContiguous() {
        return positions.runs() == 1;
    }

    /**
     * The position right after the batch's last row: where reading resumes after the whole batch.
     */
    public long nextRowPosition() {
        return positions.rowOf(numRows - 1) + 1;
    }
}
