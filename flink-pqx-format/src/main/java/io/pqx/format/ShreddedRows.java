package io.pqx.format;

import io.pqx.format.encode.RowGroupBuffer;
import io.pqx.format.schema.FlinkToParquetSchema;
import java.util.Map;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * Rows of one row type shredded into Parquet columns as a {@link ParquetWriter} would shred them,
 * without writing them: for a caller that holds rows before deciding where row groups end (sorting,
 * re-cutting) and wants each row checked when it arrives and the held rows measured. A row it
 * accepts, a writer of the same row type accepts.
 *
 * <p>Not thread-safe.
 */
@PublicEvolving
public final class ShreddedRows {
    private final RowGroupBuffer buffer;

    private ShreddedRows(RowGroupBuffer buffer) {
        this.buffer = buffer;
    }

    /**
     * Empty rows of {@code rowType}, naming {@code location} in error messages.
     *
     * @throws IllegalArgumentException if the row type has a type Parquet cannot hold
     */
    public static ShreddedRows of(RowType rowType, String location) {
        return of(rowType, Map.of(), location);
    }

    /**
     * Empty rows of {@code rowType} with VARIANT columns shredded as {@code variantShredding} says
     * (as {@link io.pqx.format.options.WriteOptions#variantShredding()}), so that their size is
     * that of the typed columns the writer fills.
     *
     * @throws IllegalArgumentException if the row type has a type Parquet cannot hold, or a
     *     shredding type is refused
     */
    public static ShreddedRows of(
            RowType rowType, Map<String, LogicalType> variantShredding, String location) {
        return new ShreddedRows(
                new RowGroupBuffer(
                        FlinkToParquetSchema.toParquetSchema(rowType, variantShredding), location));
    }

    /**
     * Shreds one row.
     *
     * @param rowIndex the row's index, named in error messages
     * @throws IllegalArgumentException "Cannot write row n: column c ... (location)" if a value
     *     cannot be written; the row is then not held
     */
    public void append(RowData row, long rowIndex) {
        buffer.append(row, rowIndex);
    }

    /** Rows held. */
    public int rowCount() {
        return buffer.rowCount();
    }

    /**
     * Estimated raw (uncompressed, in-memory) bytes of the rows held, before encoding and
     * compression (pqx's sink turns it into file bytes at the compression its writer has shown).
     * Sums every column: measure on a {@link ByteLimitCheck} schedule, not after every row.
     */
    public long rawBytes() {
        return buffer.estimatedBytes();
    }

    /** Drops every row, keeping the arrays for the next. */
    public void clear() {
        buffer.reset();
    }
}
