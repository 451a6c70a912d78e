package io.pqx.table.source;

import io.pqx.source.PqxSourceOptions;
import io.pqx.table.options.MissingColumns;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/**
 * The scan's options: its SQL-only ones and every option of pqx's source. Defined next to the scan,
 * which reads them; {@code io.pqx.table.PqxTableOptions} lists them with the others (so the
 * packages form no cycle). Constants only.
 */
@Internal
public final class PqxTableSourceOptions {
    private PqxTableSourceOptions() {}

    public static final ConfigOption<Boolean> FILTER_PUSH_DOWN_ENABLED =
            ConfigOptions.key("source.filter-push-down.enabled")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "Whether WHERE conditions are pushed into the scan: conditions pqx"
                                    + " evaluates exactly as Flink does filter the rows in the"
                                    + " reader and prune files, row groups and pages; the others"
                                    + " stay with Flink and may still prune. False: every condition"
                                    + " stays with Flink and nothing is pruned by it (partition"
                                    + " pruning of a batch query's partition list still applies).");

    public static final ConfigOption<MissingColumns> MISSING_COLUMNS =
            ConfigOptions.key("source.missing-columns")
                    .enumType(MissingColumns.class)
                    .defaultValue(MissingColumns.WARN)
                    .withDescription(
                            "What the scan does when a declared column (not a partition column)"
                                    + " is in none of the files checked at plan time (the first"
                                    + " 16 listed; when a column is in none of them, up to 256 of"
                                    + " the newest others too): 'warn' or 'fail', each naming the"
                                    + " closest column the files have. A column in some files but"
                                    + " not in others is schema evolution and reads as NULL where"
                                    + " it is missing. A table with no file yet is not checked.");

    /** Every option of pqx's source ({@link PqxSourceOptions}), passed to it as written. */
    public static final List<ConfigOption<?>> SOURCE_OPTIONS = PqxSourceOptions.all();
}
