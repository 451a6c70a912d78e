package io.pqx.format.metadata;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A file's Parquet schema as its footer declares it, before any mapping to Flink types: its leaves
 * and its text. Available for every file whose footer pqx can read, also for files whose schema has
 * no Flink counterpart. Immutable.
 *
 * @param text the schema in Parquet's schema language ({@code message m { required int32 id; }}),
 *     as parquet-column prints it, lines separated by {@code \n}
 * @param fieldNames the names of the top-level fields (the columns), in schema order
 * @param leaves every leaf column, in schema order ({@code leaves().get(i).leafIndex() == i})
 */
@PublicEvolving
public record SchemaView(String text, List<String> fieldNames, List<LeafColumnView> leaves) {

    public SchemaView {
        Objects.requireNonNull(text, "text");
        fieldNames = List.copyOf(fieldNames);
        leaves = List.copyOf(leaves);
        for (int i = 0; i < leaves.size(); i++) {
            if (leaves.get(i).leafIndex() != i) {
                throw new IllegalArgumentException(
                        "Cannot build schema view: leaf "
                                + i
                                + " has index "
                                + leaves.get(i).leafIndex());
            }
        }
    }

    /** The leaf at {@code leafIndex}, or empty when there is none. */
    public Optional<LeafColumnView> leaf(int leafIndex) {
        return leafIndex >= 0 && leafIndex < leaves.size()
                ? Optional.of(leaves.get(leafIndex))
                : Optional.empty();
    }

    /** The leaf whose dotted path is {@code dottedPath} exactly, if any. */
    public Optional<LeafColumnView> leaf(String dottedPath) {
        for (LeafColumnView leaf : leaves) {
            if (leaf.dottedPath().equals(dottedPath)) {
                return Optional.of(leaf);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return text;
    }
}
