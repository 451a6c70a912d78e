package io.pqx.table.sink;

import io.pqx.sink.PqxSinkOptions;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.factories.FactoryUtil;

/**
 * The options of a pqx table's sink beyond {@link PqxSinkOptions} (which it takes as they are,
 * {@link #SINK_OPTIONS}), with Flink's filesystem-connector names. {@code
 * io.pqx.table.PqxTableOptions} lists them with every other table option; they are defined here so
 * that the sink does not depend on the package of the factory that creates it. Constants only.
 */
@Internal
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

    /**
     * Flink's filesystem-connector spelling of pqx's {@link
     * PqxSinkOptions#PARTITION_COMMIT_TRIGGER} (same key): read by {@link PartitionCommitTriggers},
     * which maps it onto the sink's trigger.
     */
    public static final ConfigOption<String> SINK_PARTITION_COMMIT_TRIGGER =
            ConfigOptions.key(PqxSinkOptions.PARTITION_COMMIT_TRIGGER.key())
                    .stringType()
                    .defaultValue(PartitionCommitTriggers.PROCESS_TIME)
                    .withDescription(
                            "When a partition counts as complete (and gets its '_SUCCESS' file),"
                                    + " as Flink's filesystem connector says it: 'process-time'"
                                    + " once 'sink.partition-commit.delay' of processing time has"
                                    + " passed since its last file was committed; 'partition-time'"
                                    + " once the watermark passes the time its name encodes (read"
                                    + " by 'partition.time-extractor.*', in"
                                    + " 'sink.partition-commit.watermark-time-zone') plus the"
                                    + " delay. pqx's DataStream names are accepted too:"
                                    + " PROCESS_TIME, and WATERMARK, which compares the watermark"
                                    + " with the largest row timestamp written into the partition"
                                    + " instead of its name.");

    public static final ConfigOption<String> PARTITION_TIME_EXTRACTOR_KIND =
            ConfigOptions.key("partition.time-extractor.kind")
                    .stringType()
                    .defaultValue("default")
                    .withDescription(
                            "How the 'partition-time' trigger reads a partition's time from its"
                                    + " values: 'default' (the only kind pqx offers; Flink's"
                                    + " 'custom' extractor classes are refused) uses"
                                    + " 'partition.time-extractor.timestamp-pattern' and"
                                    + " '.timestamp-formatter'.");

    public static final ConfigOption<String> PARTITION_TIME_EXTRACTOR_TIMESTAMP_PATTERN =
            ConfigOptions.key("partition.time-extractor.timestamp-pattern")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The partition's timestamp text, built from its values: each '$key'"
                                    + " is replaced by the value of partition column 'key' (e.g."
                                    + " '$dt $hour:00:00'). Not set: the first partition column's"
                                    + " value.");

    public static final ConfigOption<String> PARTITION_TIME_EXTRACTOR_TIMESTAMP_FORMATTER =
            ConfigOptions.key("partition.time-extractor.timestamp-formatter")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "A java.time DateTimeFormatter pattern the timestamp text is parsed"
                                    + " with (e.g. 'yyyyMMdd'); a text without time of day is"
                                    + " midnight. Not set: 'yyyy-M-d[ H:m:s[.fraction]]', as"
                                    + " Flink's filesystem connector reads it.");

    public static final ConfigOption<String> SINK_PARTITION_COMMIT_WATERMARK_TIME_ZONE =
            ConfigOptions.key("sink.partition-commit.watermark-time-zone")
                    .stringType()
                    .defaultValue("UTC")
                    .withDescription(
                            "The time zone of the partition times the 'partition-time' trigger"
                                    + " compares with the watermark: 'UTC' (the default) when the"
                                    + " watermark is defined on a TIMESTAMP column, the session's"
                                    + " time zone (e.g. 'America/Los_Angeles' or 'GMT-08:00') when"
                                    + " it is defined on a TIMESTAMP_LTZ column.");

    /**
     * Every option of pqx's sink ({@link PqxSinkOptions}), passed to it as written, except its
     * trigger, which the table spells as {@link #SINK_PARTITION_COMMIT_TRIGGER}.
     */
    public static final List<ConfigOption<?>> SINK_OPTIONS =
            PqxSinkOptions.all().stream()
                    .map(
                            o ->
                                    o.key().equals(SINK_PARTITION_COMMIT_TRIGGER.key())
                                            ? (ConfigOption<?>) SINK_PARTITION_COMMIT_TRIGGER
                                            : o)
                    .toList();

    /** The table's options of partition-time commits, beyond {@link #SINK_OPTIONS}. */
    public static final List<ConfigOption<?>> PARTITION_TIME_OPTIONS =
            List.of(
                    PARTITION_TIME_EXTRACTOR_KIND, PARTITION_TIME_EXTRACTOR_TIMESTAMP_PATTERN,
                    PARTITION_TIME_EXTRACTOR_TIMESTAMP_FORMATTER,
                            SINK_PARTITION_COMMIT_WATERMARK_TIME_ZONE);
}
