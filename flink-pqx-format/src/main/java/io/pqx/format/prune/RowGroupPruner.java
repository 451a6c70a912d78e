package io.pqx.format.prune;

import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.predicate.SlotValues;
import java.io.IOException;
import org.apache.flink.annotation.PublicEvolving;

/**
 * One kind of evidence that rows of a row group cannot match a predicate (chunk statistics, page
 * indexes, bloom filters, ...). {@link AccessPlan#apply} asks it about every row group not yet
 * skipped and narrows the plan with its answer, so a pruner only ever proves, and never has to know
 * what the others proved.
 */
@PublicEvolving
public interface RowGroupPruner {
    /**
     * The evidence's name, for metrics and messages: {@code statistics}, {@code page-index}, ...
     */
    String evidence();

    /**
     * What the evidence proves about {@code rowGroup}: {@link RowGroupAccess#scan} when nothing.
     * {@code current} is what is known so far, so that a pruner may spare work on row groups
     * already decided (a bloom filter is not worth reading for an ALL_MATCH row group); the answer
     * is narrowed with it, so returning a wider access is harmless.
     *
     * @param listener hears failures of parts of the evidence that the pruner absorbed (it kept the
     *     data for them)
     * @throws IOException when evidence could not be read; the plan keeps the row group
     */
    RowGroupAccess prune(
            RowGroupView rowGroup,
            RowGroupAccess current,
            SlotValues slots,
            PruningListener listener)
            throws IOException;
}
