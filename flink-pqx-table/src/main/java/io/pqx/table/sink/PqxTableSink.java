package io.pqx.table.sink;

import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkBuilder;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.partition.PartitionComputer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.sink.DataStreamSinkProvider;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.connector.sink.abilities.SupportsOverwrite;
import org.apache.flink.table.connector.sink.abilities.SupportsPartitioning;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * The {@code INSERT INTO} / {@code INSERT OVERWRITE} side of a pqx table: pqx's exactly-once sink
 * ({@link PqxSink}) writing the table's rows under its path, partitioned by its partition keys
 * (dynamic and static {@code PARTITION (...)} clauses; null and empty values go to {@code
 * partition.default-name}). Insert-only: the planner refuses an updating query at plan time.
 *
 * <p>{@code INSERT OVERWRITE} (batch only; refused in streaming) replaces, once every file of the
 * job is committed, the partitions the job wrote (or, when it writes no row at all, a partition its
 * {@code PARTITION} clause names completely), or the whole table when it has no partition columns:
 * as Flink's filesystem connector does, and never before the new files are published ({@link
 * PqxSinkBuilder#overwrite}). In batch the rows arrive sorted by their dynamic partition columns
 * (as Flink's filesystem sink asks), so each subtask holds one file open.
 *
 * <p>Options: every {@code sink.*} option of {@link PqxSinkOptions} as it is, plus {@code
 * sink.partition-commit.policy.kind} ({@link PartitionCommitPolicies}), {@code
 * partition.default-name} and {@code sink.parallelism} of {@link PqxTableSinkOptions}; the trigger
 * in Flink's filesystem-connector spelling ({@link PartitionCommitTriggers}), and with {@code
 * partition-time} in streaming, the rows' timestamps set to their partition's time ({@link
 * PartitionTimeAssigner}) in front of the sink.
 */
@Internal
public final class PqxTableSink
        implements DynamicTableSink, SupportsPartitioning, SupportsOverwrite {
    private final String tableName;
    private final String path;
    private final RowType rowType;
    private final List<String> partitionKeys;
    private final Configuration options;
    private LinkedHashMap<String, String> staticPartition = new LinkedHashMap<>();
    private boolean overwrite;
    private boolean grouped;

    private PqxTableSink(
            String tableName,
            String path,
            RowType rowType,
            List<String> partitionKeys,
            Configuration options) {
        this.tableName = tableName;
        this.path = path;
        this.rowType = rowType;
        this.partitionKeys = List.copyOf(partitionKeys);
        this.options = new Configuration(options);
    }

    /**
     * The sink of a table, checked now: a bad sink option or a column type pqx cannot write fails
     * with a {@link ValidationException} naming the table and the option or column.
     */
    public static PqxTableSink create(
            String tableName,
            String path,
            RowType rowType,
            List<String> partitionKeys,
            Configuration options) {
        PqxTableSink sink = new PqxTableSink(tableName, path, rowType, partitionKeys, options);
        sink.parallelism();
        sink.build();
        return sink;
    }

    private PqxSink build() {
        Map<String, String> sinkOptions = new HashMap<>();
        for (ConfigOption<?> option : PqxTableSinkOptions.SINK_OPTIONS) {
            String value = options.toMap().get(option.key());
            if (value != null) {
                sinkOptions.put(option.key(), value);
            }
        }
        options.toMap()
                .forEach(
                        (key, value) -> {
                            if (key.startsWith(PqxSinkOptions.variantShreddingPrefix())) {
                                sinkOptions.put(key, value);
                            }
                        });
        try {
            sinkOptions.put(
                    PqxSinkOptions.PARTITION_COMMIT_TRIGGER.key(),
                    PartitionCommitTriggers.of(options).sinkTrigger().name());
            partitionTimeExtractor();
            Optional<Boolean> successFile = PartitionCommitPolicies.successFile(options);
            successFile.ifPresent(
                    on ->
                            sinkOptions.put(
                                    PqxSinkOptions.PARTITION_COMMIT_SUCCESS_FILE.key(),
                                    String.valueOf(on)));
            return PqxSink.builder()
                    .basePath(path)
                    .rowType(rowType)
                    .partitionBy(partitionKeys)
                    .setAll(sinkOptions)
                    .defaultPartitionName(options.get(PqxTableSinkOptions.PARTITION_DEFAULT_NAME))
                    .staticPartition(staticPartition)
                    .overwrite(overwrite)
                    // with its own parallelism the sink's input is redistributed after the
                    // planner's sort, which then no longer groups it
                    .inputGroupedByPartition(grouped && parallelism() == null)
                    .build();
        } catch (IllegalArgumentException e) {
            // no cause: the message is complete, and Flink's SQL client shows the innermost one
            throw new ValidationException("Table " + tableName + ": " + e.getMessage());
        }
    }

    /** The extractor of the {@code partition-time} trigger, checked; null under other triggers. */
    private PartitionTimeExtractor partitionTimeExtractor() {
        String kind = options.get(PqxTableSinkOptions.PARTITION_TIME_EXTRACTOR_KIND);
        if (!kind.trim().equalsIgnoreCase("default")) {
            throw new IllegalArgumentException(
                    "option '"
                            + PqxTableSinkOptions.PARTITION_TIME_EXTRACTOR_KIND.key()
                            + "' is '"
                            + kind
                            + "', but pqx offers only 'default' (no custom extractor classes)");
        }
        PartitionTimeExtractor extractor =
                new PartitionTimeExtractor(
                        options.get(PqxTableSinkOptions.PARTITION_TIME_EXTRACTOR_TIMESTAMP_PATTERN),
                        options.get(
                                PqxTableSinkOptions.PARTITION_TIME_EXTRACTOR_TIMESTAMP_FORMATTER),
                        options.get(PqxTableSinkOptions.SINK_PARTITION_COMMIT_WATERMARK_TIME_ZONE));
        return PartitionCommitTriggers.of(options).partitionTime() ? extractor : null;
    }

    private Integer parallelism() {
        Integer parallelism =
                options.getOptional(PqxTableSinkOptions.SINK_PARALLELISM).orElse(null);
        if (parallelism != null && parallelism <= 0) {
            throw new ValidationException(
                    "Table "
                            + tableName
                            + ": option '"
                            + PqxTableSinkOptions.SINK_PARALLELISM.key()
                            + "' must be > 0 but is "
                            + parallelism);
        }
        return parallelism;
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
        return ChangelogMode.insertOnly();
    }

    @Override
    public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
        if (overwrite && !context.isBounded()) {
            // The planner asks for overwrite in streaming mode too: refuse it here, as Flink's
            // filesystem sink does. A streaming job commits at every checkpoint and never ends,
            // so there is no point at which the old files could be replaced.
            throw new ValidationException(
                    "Table "
                            + tableName
                            + ": INSERT OVERWRITE is supported in batch mode only (a streaming job commits"
                            + " at every checkpoint and never ends, so there is no point at which the old"
                            + " data could be replaced); use INSERT INTO, or run the statement in batch"
                            + " mode");
        }
        PqxSink sink = build();
        PartitionTimeExtractor extractor = partitionTimeExtractor();
        if (extractor == null || partitionKeys.isEmpty() || context.isBounded()) {
            // a bounded job completes every partition at its end, whatever their times
            return SinkV2Provider.of(sink, parallelism());
        }
        PartitionComputer partitions =
                new PartitionComputer(
                        rowType,
                        partitionKeys,
                        options.get(PqxTableSinkOptions.PARTITION_DEFAULT_NAME));
        Integer parallelism = parallelism();
        return new DataStreamSinkProvider() {
            @Override
            public DataStreamSink<?> consumeDataStream(
                    ProviderContext provider, DataStream<RowData> rows) {
                SingleOutputStreamOperator<RowData> timed =
                        rows.transform(
                                "pqx partition time",
                                rows.getType(),
                                new PartitionTimeAssigner(partitions, extractor));
                provider.generateUid("pqx-partition-time").ifPresent(timed::uid);
                DataStreamSink<RowData> written = timed.sinkTo(sink);
                provider.generateUid("pqx-sink").ifPresent(written::uid);
                if (parallelism != null) {
                    timed.setParallelism(parallelism);
                    written.setParallelism(parallelism);
                }
                return written;
            }
        };
    }

    @Override
    public void applyStaticPartition(Map<String, String> partition) {
        LinkedHashMap<String, String> spec = new LinkedHashMap<>();
        for (String key : partitionKeys) {
            if (partition.containsKey(key)) {
                spec.put(key, partition.get(key));
            }
        }
        for (String key : partition.keySet()) {
            if (!partitionKeys.contains(key)) {
                throw new ValidationException(
                        "Table "
                                + tableName
                                + ": static partition column '"
                                + key
                                + "' is not a partition column of "
                                + partitionKeys);
            }
        }
        this.staticPartition = spec;
    }

    @Override
    public boolean requiresPartitionGrouping(boolean supportsGrouping) {
        // Called with true in batch: the planner then sorts each subtask's rows by the dynamic
        // partition columns, and the sink closes a partition's file when the next one begins.
        this.grouped = supportsGrouping;
        return supportsGrouping;
    }

    @Override
    public void applyOverwrite(boolean overwrite) {
        this.overwrite = overwrite;
    }

    @Override
    public DynamicTableSink copy() {
        PqxTableSink copy = new PqxTableSink(tableName, path, rowType, partitionKeys, options);
        copy.staticPartition = new LinkedHashMap<>(staticPartition);
        copy.overwrite = overwrite;
        copy.grouped = grouped;
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "pqx";
    }
}
