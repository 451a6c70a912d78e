package io.pqx.table.sink;

import io.pqx.sink.PqxSinkOptions;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.factories.FactoryUtil;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of a pqx table's sink beyond {@link PqxSinkOptions} (which it takes as they are,
 * {@link #SINK_OPTIONS}), with Flink's filesystem-connector names. {@code
 * io.pqx.table.PqxTableOptions} lists them with every other table option; they are defined here so
 * that the sink does not depend on the package of the factory that creates it. Constants only.
 */
public final class PqxTableSinkOptions {
    private PqxTableSinkOptions() {}

    public static final ConfigOption<String> PARTITION_DEFAULT_NAME =
            ConfigOptions.key("partition.default-name")
                    .stringType()
                    .defaultValue("__DEFAULT_PARTITION__")
                    .withDescription(
                            "The partition directory value of a null (or empty string) partition"
                                    + " value, as in Flink's filesystem connector: written by"
                                    + " INSERTs (escaped as other values are), read back as"
                                    + " NULL.");

    public static final ConfigOption<String> SINK_PARTITION_COMMIT_POLICY_KIND =
            ConfigOptions.key("sink.partition-commit.policy.kind")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "How a complete partition is committed, as Flink's filesystem"
                                    + " connector names it: 'success-file' writes an empty"
                                    + " '_SUCCESS' file into the partition directory (when"
                                    + " 'sink.partition-commit.trigger' and"
                                    + " 'sink.partition-commit.delay' say it is complete; at the"
                                    + " end of a batch job at once). Set, it decides"
                                    + " 'sink.partition-commit.success-file', which must then be"
                                    + " unset or agree. 'metastore' is refused: a pqx table's"
                                    + " partitions are its directories, and no catalog pqx works"
                                    + " with (the in-memory ones) keeps partitions of it; 'custom'"
                                    + " is refused too. Partitioned tables only; ignored without"
                                    + " partition columns.");

    /** Flink's {@code sink.parallelism}: the sink's parallelism; default the input's. */
    public static final ConfigOption<Integer> SINK_PARALLELISM = FactoryUtil.SINK_PARALLELISM;

    /** Every option of pqx's sink ({@link PqxSinkOptions}), passed to it as written. */
    public static final List<ConfigOption<?>> SINK_OPTIONS = PqxSinkOptions.all();
}
