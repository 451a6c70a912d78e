package io.pqx.table;

import io.pqx.sink.PqxSinkOptions;
import io.pqx.source.PqxSourceOptions;
import io.pqx.table.lookup.PqxLookupOptions;
import io.pqx.table.options.MissingColumns;
import io.pqx.table.sink.PqxTableSinkOptions;
import io.pqx.table.source.PqxTableSourceOptions;
import io.pqx.table.source.TableSourceSpec;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/**
 * Every option of a {@code 'connector'='pqx'} table: {@link #PATH}, the SQL-only options of this
 * class, and every option of pqx's source ({@link PqxSourceOptions}, keys {@code source.*}) and
 * sink ({@link PqxSinkOptions}, keys {@code sink.*}) under the same keys, meaning the same. A key
 * that is none of these fails the DDL's first use. Constants only.
 */
@PublicEvolving
public final class PqxTableOptions {
    private PqxTableOptions() {}

    public static final ConfigOption<String> PATH =
            ConfigOptions.key(TableSourceSpec.PATH_KEY)
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The table's base directory, as an absolute URI of any Flink file"
                                    + " system (file:///data/t, s3://bucket/t). Partitions are its"
                                    + " k=v/ subdirectories; files and directories whose names start"
                                    + " with '.' or '_' are not read.");

    public static final ConfigOption<String> FORMAT =
            ConfigOptions.key("format")
                    .stringType()
                    .defaultValue("parquet")
                    .withDescription(
                            "The files' format, as Flink's filesystem connector names it: pqx"
                                    + " reads and writes 'parquet' only, and refuses any other"
                                    + " value. May be left out.");

    public static final ConfigOption<MissingColumns> SOURCE_MISSING_COLUMNS =
            PqxTableSourceOptions.MISSING_COLUMNS;

    /** Written by the sink, read back as NULL by the source; defined next to the sink. */
    public static final ConfigOption<String> PARTITION_DEFAULT_NAME =
            PqxTableSinkOptions.PARTITION_DEFAULT_NAME;

    public static final ConfigOption<Boolean> FILTER_PUSH_DOWN_ENABLED =
            PqxTableSourceOptions.FILTER_PUSH_DOWN_ENABLED;

    // ---- the sink's table-only options, defined next to the sink (no package cycle)

    public static final ConfigOption<String> SINK_PARTITION_COMMIT_POLICY_KIND =
            PqxTableSinkOptions.SINK_PARTITION_COMMIT_POLICY_KIND;

    public static final ConfigOption<Integer> SINK_PARALLELISM =
            PqxTableSinkOptions.SINK_PARALLELISM;

    /** The source's options, in declaration order. */
    public static final List<ConfigOption<?>> SOURCE_OPTIONS = PqxTableSourceOptions.SOURCE_OPTIONS;

    /** The sink's options, in declaration order. */
    public static final List<ConfigOption<?>> SINK_OPTIONS = PqxTableSinkOptions.SINK_OPTIONS;

    /** The table's own options (neither the source's nor the sink's), {@link #PATH} aside. */
    public static final List<ConfigOption<?>> TABLE_OPTIONS =
            Stream.concat(
                            Stream.concat(
                                    Stream.of(
                                            FORMAT,
                                            PARTITION_DEFAULT_NAME,
                                            FILTER_PUSH_DOWN_ENABLED,
                                            SOURCE_MISSING_COLUMNS,
                                            SINK_PARTITION_COMMIT_POLICY_KIND,
                                            SINK_PARALLELISM),
                                    PqxTableSinkOptions.PARTITION_TIME_OPTIONS.stream()),
                            PqxLookupOptions.LOOKUP_OPTIONS.stream())
                    .toList();

    /** Every optional option of a pqx table: the table's own, the source's, the sink's. */
    public static Set<ConfigOption<?>> optional() {
        Set<ConfigOption<?>> all = new LinkedHashSet<>(TABLE_OPTIONS);
        all.addAll(SOURCE_OPTIONS);
        all.addAll(SINK_OPTIONS);
        return all;
    }
}
