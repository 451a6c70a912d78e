package io.pqx.table.lookup;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.LookupFunction;

/**
 * Answers a lookup join's keys one at a time from a pqx table's Parquet files: {@link #lookup}
 * returns every row of the table whose key columns equal the key (SQL equality: a key with a NULL
 * part, or a NaN, matches no row), as the table's physical row (partition columns included, in the
 * table's order) or the fields the planner asked for; rows a pushed filter rejects are not
 * returned. How the files are read, pruned and cached: {@link LookupReader}.
 */
@Internal
public final class PqxLookupFunction extends LookupFunction {
    private static final long serialVersionUID = 1L;

    private final LookupTable table;
    private transient LookupReader reader;

    PqxLookupFunction(LookupTable table) {
        this.table = table;
    }

    @Override
    public void open(FunctionContext context) throws Exception {
        reader = new LookupReader(table, context.getMetricGroup());
    }

    @Override
    public Collection<RowData> lookup(RowData keyRow) throws IOException {
        KeyBatch batch = KeyBatch.of(table, List.of(keyRow));
        KeyBatch.Key key = KeyBatch.keyOf(table, keyRow);
        if (key == null) {
            reader.lookups.inc();
            return List.of();
        }
        return reader.read(batch, 1).get(key);
    }

    /** The reader of the lookups (for tests: its counters and caches). */
    LookupReader reader() {
        return reader;
    }
}
