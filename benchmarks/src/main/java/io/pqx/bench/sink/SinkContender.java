package io.pqx.bench.sink;

import java.nio.file.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.table.data.RowData;

/**
 * One side of the {@code sink} suite: a Flink sink that writes the job's rows as Parquet files
 * under a directory, given the suite's layout settings when created.
 *
 * <p>{@link SinkRounds} builds one job per contender and round; the sink is attached to the
 * source's stream with the job's parallelism (1), so source and sink writer chain into one task.
 * Implementations are immutable.
 */
interface SinkContender {

    /** The name in the report, e.g. {@code flink}. */
    String name();

    /** Attaches this contender's sink, writing committed files under {@code dir}. */
    void attach(DataStream<RowData> rows, Path dir);

    /** One line on how this contender is configured, for the report. */
    String describe();
}
