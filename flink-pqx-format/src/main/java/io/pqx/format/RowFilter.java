package io.pqx.format;

import java.io.IOException;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Which rows of a row group a filtered scan ({@link ParquetReader#scanRowGroup}) returns, decided
 * from some of the file's columns. The scan decodes {@link #columns()} for the rows it is asked
 * about and returns exactly the rows whose {@code keep} entry the filter set; what the filter
 * decides is its own (pqx's source evaluates a predicate under SQL three-valued logic, keeping TRUE
 * rows only). A filter may answer differently for the same row over time (a runtime filter that
 * arrived meanwhile): each row is asked about once per scan.
 *
 * <p>Called on the scanning thread only, one batch at a time; the batch and its vectors are valid
 * during the call only.
 */
@PublicEvolving
public interface RowFilter {
    /**
     * The columns the filter reads: {@code ParquetReader.schema()} or a projection of it ({@link
     * ParquetReader#project}); the batches given to {@link #filter} hold them, in this order.
     */
    ReadSchema columns();

    /**
     * Decides the rows of {@code batch}: sets {@code keep[i]} for every {@code i <
     * batch.getNumRows()} ({@code keep} may be longer; entries past the rows are ignored) and
     * returns how many it kept. {@link ParquetBatch#rowPosition} gives each row's position in the
     * row group.
     *
     * @throws IOException to fail the scan (it surfaces from the scan's iterator as an {@link
     *     java.io.UncheckedIOException})
     */
    int filter(ParquetBatch batch, boolean[] keep) throws IOException;

    /**
     * Filters whose conjunction is this one (a row is kept exactly when each keeps it), each
     * reading fewer columns: a late-materializing scan decodes the columns of the one with the
     * fewest compressed bytes first and each next one's only for the rows still kept. By default
     * this filter alone.
     */
    default List<RowFilter> conjuncts() {
        return List.of(this);
    }
}
