package io.pqx.table.sink;

import io.pqx.sink.PqxSink;
import io.pqx.table.PqxTableOptions;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.connector.sink.abilities.SupportsPartitioning;
import org.apache.flink.table.types.logical.RowType;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code INSERT INTO} side of a pqx table: pqx's exactly-once sink ({@link PqxSink}) writing
 * the table's rows under its path, partitioned by its partition keys. Insert-only.
 */
public final class PqxTableSink implements DynamicTableSink, SupportsPartitioning {
    private final String tableName;
    private final String path;
    private final RowType rowType;
    private final List<String> partitionKeys;
    private final Configuration options;

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
        sink.build();
        return sink;
    }

    private PqxSink build() {
        Map<String, String> sinkOptions = new HashMap<>();
        for (ConfigOption<?> option : PqxTableOptions.SINK_OPTIONS) {
            String value = options.toMap().get(option.key());
            if (value != null) {
                sinkOptions.put(option.key(), value);
            }
        }
        try {
            return PqxSink.builder().basePath(path).rowType(rowType).partitionBy(partitionKeys)
                    .setAll(sinkOptions).build();
        } catch (IllegalArgumentException e) {
            throw new ValidationException("Table " + tableName + ": " + e.getMessage(), e);
        }
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
        return ChangelogMode.insertOnly();
    }

    @Override
    public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
        return SinkV2Provider.of(build());
    }

    @Override
    public void applyStaticPartition(Map<String, String> partition) {
        if (!partition.isEmpty()) {
            throw new ValidationException("Table " + tableName
                    + ": INSERT with a static PARTITION clause is not supported yet");
        }
    }

    @Override
    public DynamicTableSink copy() {
        return new PqxTableSink(tableName, path, rowType, partitionKeys, options);
    }

    @Override
    public String asSummaryString() {
        return "pqx";
    }
}
