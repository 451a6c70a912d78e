package io.pqx.table.sink;

import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkBuilder;
import io.pqx.sink.PqxSinkOptions;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.connector.sink.abilities.SupportsOverwrite;
import org.apache.flink.table.connector.sink.abilities.SupportsPartitioning;
import org.apache.flink.table.types.logical.RowType;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code INSERT INTO} / {@code INSERT OVERWRITE} side of a pqx table: pqx's exactly-once sink
 * ({@link PqxSink}) writing the table's rows under its path, partitioned by its partition keys
 * (dynamic and static {@code PARTITION (...)} clauses; null and empty values go to {@code
 * partition.default-name}). Insert-only: the planner refuses an updating query at plan time.
 *
 * <p>{@code INSERT OVERWRITE} (batch only; refused in streaming) replaces, once every file of the
 * job is committed, the partitions the job wrote (or, when it writes no row at all, a partition
 * its {@code PARTITION} clause names completely), or the whole table when it has no partition
 * columns: as Flink's filesystem connector does, and never before the new files are published
 * ({@link PqxSinkBuilder#overwrite}). In batch the rows arrive sorted by their dynamic partition
 * columns (as Flink's filesystem sink asks), so each subtask holds one file open.
 *
 * <p>Options: every {@code sink.*} option of {@link PqxSinkOptions} as it is, plus {@code
 * sink.partition-commit.policy.kind} ({@link PartitionCommitPolicies}), {@code
 * partition.default-name} and {@code sink.parallelism} of {@link PqxTableSinkOptions}.
 */
public final class PqxTableSink implements DynamicTableSink, SupportsPartitioning, SupportsOverwrite {
    private final String tableName;
    private final String path;
    private final RowType rowType;
    private final List<String> partitionKeys;
    private final Configuration options;
    private LinkedHashMap<String, String> staticPartition = new LinkedHashMap<>();
    private boolean overwrite;
    private boolean grouped;

    private PqxTableSink(String tableName, String path, RowType rowType, List<String> partitionKeys,
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
    public static PqxTableSink create(String tableName, String path, RowType rowType,
            List<String> partitionKeys, Configuration options) {
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
        try {
            Optional<Boolean> successFile = PartitionCommitPolicies.successFile(options);
            successFile.ifPresent(on -> sinkOptions.put(
                    PqxSinkOptions.PARTITION_COMMIT_SUCCESS_FILE.key(), String.valueOf(on)));
            return PqxSink.builder().basePath(path).rowType(rowType).partitionBy(partitionKeys)
                    .setAll(sinkOptions)
                    .defaultPartitionName(options.get(PqxTableSinkOptions.PARTITION_DEFAULT_NAME))
                    .staticPartition(staticPartition)
                    .overwrite(overwrite)
                    // with its own parallelism the sink's input is redistributed after the
                    // planner's sort, which then no longer groups it
                    .inputGroupedByPartition(grouped && parallelism() == null)
                    .build();
        } catch (IllegalArgumentException e) {
            throw new ValidationException("Table " + tableName + ": " + e.getMessage(), e);
        }
    }

    private Integer parallelism() {
        Integer parallelism = options.getOptional(PqxTableSinkOptions.SINK_PARALLELISM).orElse(null);
        if (parallelism != null && parallelism <= 0) {
            throw new ValidationException("Table " + tableName + ": option '"
                    + PqxTableSinkOptions.SINK_PARALLELISM.key() + "' must be > 0 but is " + parallelism);
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
            throw new ValidationException("Table " + tableName
                    + ": INSERT OVERWRITE is supported in batch mode only (a streaming job commits"
                    + " at every checkpoint and never ends, so there is no point at which the old"
                    + " data could be replaced); use INSERT INTO, or run the statement in batch"
                    + " mode");
        }
        return SinkV2Provider.of(build(), parallelism());
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
                throw new ValidationException("Table " + tableName + ": static partition column '"
                        + key + "' is not a partition column of " + partitionKeys);
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
