package io.pqx.bench.sink;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.table.data.RowData;

/**
 * Lets a Flink job on the in-process MiniCluster emit a table that was generated in memory before
 * any timing: the table is registered here under an id, and a bounded FLIP-27 {@link
 * DataGeneratorSource} maps each index {@code 0..n-1} to the registered row (the source itself
 * stays small and serializable; only the id travels with the job).
 *
 * <p>Works only when the job runs in this JVM (a MiniCluster), which is what the {@code sink} suite
 * does. The rows are emitted as they are, in table order with parallelism 1, so the job must not
 * mutate them. Thread-safe.
 */
public final class TableRows {

    private static final Map<String, List<RowData>> REGISTERED = new ConcurrentHashMap<>();

    private TableRows() {}

    /** Registers {@code table}; returns the id the source looks it up by. */
    public static String register(List<RowData> table) {
        String id = UUID.randomUUID().toString();
        REGISTERED.put(id, table);
        return id;
    }

    /** Forgets the table registered under {@code id}. */
    public static void unregister(String id) {
        REGISTERED.remove(id);
    }

    /**
     * A bounded source emitting every row of the table registered under {@code id}, in order.
     *
     * <p>The rows travel as a generic type: jobs of the suite run with object reuse on, so the
     * chained sink receives the very instances and no serializer ever copies them.
     */
    public static DataGeneratorSource<RowData> source(String id) {
        List<RowData> table = lookUp(id);
        return new DataGeneratorSource<>(
                new RowAtIndex(id), table.size(), TypeInformation.of(RowData.class));
    }

    private static List<RowData> lookUp(String id) {
        List<RowData> table = REGISTERED.get(id);
        if (table == null) {
            throw new IllegalStateException(
                    "Cannot emit table " + id + ": it is not registered in this JVM");
        }
        return table;
    }

    /** Index to row; resolves the table once per reader. */
    private static final class RowAtIndex implements GeneratorFunction<Long, RowData> {
        private static final long serialVersionUID = 1L;

        private final String id;
        private transient List<RowData> table;

        RowAtIndex(String id) {
            this.id = id;
        }

        @Override
        public RowData map(Long index) {
            if (table == null) {
                table = lookUp(id);
            }
            return table.get(Math.toIntExact(index));
        }
    }
}
