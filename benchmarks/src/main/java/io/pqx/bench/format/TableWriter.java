package io.pqx.bench.format;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.table.data.RowData;

/**
 * One contender's Parquet writer in the {@code format} suite: writes the whole table to a new local
 * file with the suite's {@link FormatSettings}. Called from the suite's thread only.
 */
public interface TableWriter {

    /** The contender's name in the report, e.g. {@code pqx} or {@code parquetjava}. */
    String name();

    /** Writes {@code rows} (a {@link LineitemTable}) to {@code file}, which does not exist yet. */
    void write(List<RowData> rows, Path file) throws IOException;
}
