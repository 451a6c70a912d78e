package io.pqx.source.flinkapifixture;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * A fixture of the Flink API rule: uses public API (including {@code ConfigOptions.OptionBuilder},
 * public through its enclosing class only) and a columnar batch, which the source may use.
 */
public final class UsesPublicAndAllowedApi {
    private UsesPublicAndAllowedApi() {}

    public static final ConfigOption<Integer> SIZE =
            ConfigOptions.key("size").intType().defaultValue(1).withDescription("A size.");

    public static int rows(VectorizedColumnBatch batch) {
        return batch.getNumRows();
    }
}
