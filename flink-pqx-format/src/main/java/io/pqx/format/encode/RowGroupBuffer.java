package io.pqx.format.encode;

import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.PrimitiveNode;
import java.util.List;
import java.util.function.LongSupplier;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;

/**
 * The rows of the row group being filled, shredded into one {@link LeafBuffer} per leaf column,
 * with the row count and an estimate of their in-memory size, which the writer compares with its
 * row-group limits. Once fed, the encoders read the leaves (possibly from several threads, each
 * leaf from one); then {@link #reset()} makes it ready for the next row group, keeping its arrays.
 *
 * <p>A row with a value that cannot be written (a null in a NOT NULL column, a decimal that does
 * not fit) is rejected as a whole: what was already shredded of it is undone, so the buffer stays
 * consistent and the writer can go on with the next row.
 *
 * <p>Not thread-safe: one thread appends, and nobody appends while it is being encoded.
 */
@Internal
public final class RowGroupBuffer {
    private final ParquetSchema schema;
    private final LeafBuffer[] leaves;
    private final RowShredder shredder;
    private String location;
    private int rows;
    private final ByteCheckSchedule byteChecks = new ByteCheckSchedule();

    /** One supplier for every check, rather than a new one per row. */
    private final LongSupplier bytesNow = this::estimatedBytes;

    /**
     * @param location the file, named in error messages
     * @throws IllegalArgumentException if a column has a type the writer cannot write
     */
    public RowGroupBuffer(ParquetSchema schema, String location) {
        this.schema = schema;
        this.location = location;
        List<PrimitiveNode> nodes = schema.leaves();
        this.leaves = new LeafBuffer[nodes.size()];
        for (int i = 0; i < leaves.length; i++) {
            leaves[i] = new LeafBuffer(nodes.get(i));
        }
        this.shredder = RowShredder.compile(schema, leaves);
    }

    public ParquetSchema schema() {
        return schema;
    }

    /**
     * Shreds one row into the leaf buffers.
     *
     * @param fileRow the row's index in the file (zero-based), named in error messages
     * @throws IllegalArgumentException "Cannot write row n: column c ... (file)" if a value cannot
     *     be written; the row is then not in the buffer
     */
    public void append(RowData row, long fileRow) {
        if (row.getArity() != schema.fields().size()) {
            throw new IllegalArgumentException(
                    "Cannot write row "
                            + fileRow
                            + ": it has "
                            + row.getArity()
                            + " fields but the schema has "
                            + schema.fields().size()
                            + " ("
                            + location
                            + ")");
        }
        try {
            shredder.shred(row);
        } catch (ValueRejectedException e) {
            dropPartialRow();
            throw new IllegalArgumentException(
                    "Cannot write row "
                            + fileRow
                            + ": column "
                            + e.path()
                            + " "
                            + e.reason()
                            + " ("
                            + location
                            + ")");
        } catch (RuntimeException e) {
            // A value whose Java class does not match the row type (ClassCastException and the
            // like): the leaves already shredded must lose it too, or the columns would misalign.
            dropPartialRow();
            throw new IllegalArgumentException(
                    "Cannot write row "
                            + fileRow
                            + ": a value does not match the row type "
                            + schema.rowType()
                            + ": "
                            + e
                            + " ("
                            + location
                            + ")",
                    e);
        }
        rows++;
    }

    private void dropPartialRow() {
        for (LeafBuffer leaf : leaves) {
            leaf.truncateToRecords(rows);
        }
    }

    /** Rows buffered. */
    public int rowCount() {
        return rows;
    }

    /** Heap bytes of the leaves' arrays, as allocated (a recycled slice keeps its capacity). */
    public long allocatedBytes() {
        long total = 0;
        for (LeafBuffer leaf : leaves) {
            total += leaf.allocatedBytes();
        }
        return total;
    }

    /** Estimated in-memory bytes of the buffered values and levels. */
    public long estimatedBytes() {
        long total = 0;
        for (LeafBuffer leaf : leaves) {
            total += leaf.estimatedBytes();
        }
        return total;
    }

    /**
     * Whether the row group has reached {@code maxRows} rows or {@code maxBytes} estimated bytes,
     * the bytes summed on the {@link ByteCheckSchedule}. Deterministic: the cut depends on the rows
     * only.
     */
    public boolean isFull(long maxRows, long maxBytes) {
        return rows >= maxRows || byteChecks.reached(rows, maxBytes, bytesNow);
    }

    /**
     * Names {@code location} in error messages from now on: for pools that hand one buffer to
     * several files of the same schema, one after the other.
     */
    public void relocate(String location) {
        this.location = location;
    }

    /** Empties the buffer for the next row group; arrays are kept for reuse. */
    public void reset() {
        for (LeafBuffer leaf : leaves) {
            leaf.reset();
        }
        rows = 0;
        byteChecks.reset();
    }

    int leafCount() {
        return leaves.length;
    }

    LeafBuffer leaf(int index) {
        return leaves[index];
    }
}
