package io.pqx.source.reader;

import io.pqx.format.ParquetReader;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

/**
 * Whether a file's columns can be read as requested columns, by the same rules the readers follow
 * ({@link FileReadPlan}): found by name, as stored or widened, or absent and nullable. Reads the
 * footer only. Stateless.
 */
@Internal
public final class SchemaCheck {
    private SchemaCheck() {}

    /**
     * @param requested data columns only (no partition columns)
     * @throws io.pqx.format.error.UnsupportedFileException naming file and column when one cannot
     *     be read as requested
     */
    public static void check(ParquetReader reader, RowType requested, String file)
            throws IOException {
        FileReadPlan.of(reader, requested, Set.of(), Map.of(), file, 1);
    }
}
