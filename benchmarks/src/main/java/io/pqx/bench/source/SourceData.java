package io.pqx.bench.source;

import io.pqx.bench.BenchmarkReport;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.table.data.RowData;

/**
 * What a {@link SourceCase} prepares from: the generated lineitem-like table (in {@code l_orderkey}
 * order; dropped after every case's {@code prepare}), the suite's work directory, pqx's own file of
 * the table (ZSTD 3, 1M-row row groups, page index on) and the suite's queries with their expected
 * answers.
 */
record SourceData(
        List<RowData> table,
        Path dir,
        Path pqxFile,
        List<SourceQuery> queries,
        BenchmarkReport report) {

    SourceData {
        queries = List.copyOf(queries);
    }

    /** The table's row count. */
    long rows() {
        return table.size();
    }

    /** The suite's query named {@code name}. */
    SourceQuery query(String name) {
        return queries.stream()
                .filter(q -> q.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No source query " + name));
    }
}
