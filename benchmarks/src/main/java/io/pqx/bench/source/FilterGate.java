package io.pqx.bench.source;

import io.pqx.tools.metrics.PqxCounters;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.table.data.RowData;

/**
 * A pass-through map after the fact source of {@code source_runtime_filter_1pct} that holds the
 * first row until the source's enumerator has applied the runtime filter ({@code
 * pqxRuntimeFiltersApplied} above zero, read through {@link PqxCounters}; the enumerator sends it
 * to the readers then, and drops the pending splits it proves empty), so that the measured read
 * happens with the filter known, as in a job whose build side finishes first; with no filter
 * published ({@code armed} false) it passes every row at once. Gives up after a minute rather than
 * hang. Works only with the job in this JVM (a MiniCluster).
 */
final class FilterGate implements MapFunction<RowData, RowData> {
    private static final long serialVersionUID = 1L;

    private final boolean armed;
    private transient boolean open;

    FilterGate(boolean armed) {
        this.armed = armed;
    }

    @Override
    public RowData map(RowData row) throws Exception {
        if (armed && !open) {
            long deadline = System.currentTimeMillis() + 60_000;
            while (PqxCounters.total("pqxRuntimeFiltersApplied") == 0) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException(
                            "the runtime filter was not applied within a minute");
                }
                Thread.sleep(1);
            }
            open = true;
        }
        return row;
    }
}
