package io.pqx.table.sink;

import io.pqx.sink.options.PartitionCommitTrigger;
import java.util.Locale;
import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;

/**
 * Reads {@code sink.partition-commit.trigger} in both spellings: Flink's filesystem connector's
 * ({@code process-time}, {@code partition-time}) and pqx's DataStream sink's ({@code PROCESS_TIME},
 * {@code WATERMARK}). {@code partition-time} is pqx's {@link PartitionCommitTrigger#WATERMARK}
 * trigger over rows whose timestamps are their partition's time ({@link PartitionTimeAssigner}):
 * that trigger completes a partition once the watermark passes the largest row timestamp in it plus
 * the delay, which is then the partition's time plus the delay. Stateless.
 */
@Internal
public final class PartitionCommitTriggers {
    static final String PROCESS_TIME = "process-time";
    static final String PARTITION_TIME = "partition-time";

    /** A table's trigger: the pqx sink's, and whether rows carry their partition's time. */
    public record Choice(PartitionCommitTrigger sinkTrigger, boolean partitionTime) {}

    private PartitionCommitTriggers() {}

    /**
     * The trigger the table's options name.
     *
     * @throws IllegalArgumentException naming the key, the value and the accepted values
     */
    public static Choice of(Configuration options) {
        String value = options.get(PqxTableSinkOptions.SINK_PARTITION_COMMIT_TRIGGER);
        String trimmed = value.trim();
        switch (trimmed.toLowerCase(Locale.ROOT)) {
            case PROCESS_TIME:
            case "process_time":
                return new Choice(PartitionCommitTrigger.PROCESS_TIME, false);
            case PARTITION_TIME:
                return new Choice(PartitionCommitTrigger.WATERMARK, true);
            case "watermark":
                return new Choice(PartitionCommitTrigger.WATERMARK, false);
            default:
                throw new IllegalArgumentException(
                        "option '"
                                + PqxTableSinkOptions.SINK_PARTITION_COMMIT_TRIGGER.key()
                                + "' is '"
                                + value
                                + "', but must be 'process-time' or 'partition-time' (or pqx's PROCESS_TIME,"
                                + " WATERMARK)");
        }
    }
}
