package io.pqx.format.encode;

import io.pqx.format.options.SortingColumnSpec;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.PrimitiveNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.parquet.format.SortingColumn;

/**
 * Resolves the dotted leaf paths that write options name (bloom filters, sorting columns) against a
 * schema, failing with a message that lists the leaves when a path names none. Stateless.
 */
final class LeafPaths {
    private LeafPaths() {}

    /** The leaf index of {@code path}; {@code option} names the option in the error. */
    static int leafIndex(ParquetSchema schema, String path, String option) {
        for (PrimitiveNode leaf : schema.leaves()) {
            if (leaf.path().equals(path)) {
                return leaf.leafIndex();
            }
        }
        throw new IllegalArgumentException(
                "Cannot write file: "
                        + option
                        + " names column "
                        + path
                        + ", which is not a leaf column of the schema (leaves: "
                        + schema.leaves().stream()
                                .map(PrimitiveNode::path)
                                .collect(Collectors.joining(", "))
                        + ")");
    }

    static void checkBloomFilterPaths(ParquetSchema schema, Set<String> paths) {
        for (String path : paths) {
            leafIndex(schema, path, "bloomFilters");
        }
    }

    static List<SortingColumn> sortingColumns(ParquetSchema schema, List<SortingColumnSpec> specs) {
        List<SortingColumn> out = new ArrayList<>(specs.size());
        for (SortingColumnSpec spec : specs) {
            int leaf = leafIndex(schema, spec.path(), "sortingColumns");
            out.add(new SortingColumn(leaf, spec.descending(), spec.nullsFirst()));
        }
        return out;
    }
}
