package io.pqx.format.prune;

import io.pqx.format.metadata.RowGroupPageIndexes;
import java.io.IOException;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Hands the {@link PageIndexPruner} the page indexes of a row group (of the leaves it needs), read
 * by the caller, typically {@code ParquetReader.pageIndexSource}, which reads each row group's
 * indexes of the predicate's and projection's leaves once, so the decoder reuses them.
 */
@FunctionalInterface
@PublicEvolving
public interface PageIndexSource {
    /**
     * The page indexes of row group {@code rowGroup}, empty when there are none to use.
     *
     * @throws IOException when they could not be read (the pruner keeps the row group)
     */
    Optional<RowGroupPageIndexes> pageIndexes(int rowGroup) throws IOException;
}
