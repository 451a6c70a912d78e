package io.pqx.source;

import io.pqx.source.split.SplitEventTimes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;

/**
 * Parquet files of rows with an event time, for the event-time reading tests: {@code id BIGINT NOT
 * NULL, ts TIMESTAMP(3), sec BIGINT} where {@code sec} is {@code ts} in whole seconds. What the
 * statistics of each row group prove ({@link #eventTimes}) is computed from the rows written, as
 * the planner computes it from the footer.
 */
public final class TestingEventTimeFiles {
    private TestingEventTimeFiles() {}

    public static final RowType EVENTS =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false), new TimestampType(3), new BigIntType()
                    },
                    new String[] {"id", "ts", "sec"});

    /** A row of id {@code id} at {@code millis} (null: no event time). */
    public static RowData event(long id, Long millis) {
        return GenericRowData.of(
                id,
                millis == null ? null : TimestampData.fromEpochMillis(millis),
                millis == null ? null : Math.floorDiv(millis, 1000L));
    }

    /** The event time of an {@link #EVENTS} row, null when it has none. */
    public static Long millis(RowData row) {
        return row.isNullAt(1) ? null : row.getTimestamp(1, 3).getMillisecond();
    }

    /** Writes {@code rows} in row groups of {@code rowGroupRows}. */
    public static Path write(Path file, List<RowData> rows, long rowGroupRows) throws IOException {
        return TestingSourceFiles.write(file, EVENTS, rows, rowGroupRows);
    }

    /**
     * The least event time of each row group of rows {@code rows} written in row groups of {@code
     * rowGroupRows}, from row group {@code first} to {@code last}, as the statistics prove it
     * ({@code Long.MAX_VALUE} for a row group with no event time).
     */
    public static SplitEventTimes eventTimes(
            List<RowData> rows, long rowGroupRows, int first, int last) {
        List<Long> least = new ArrayList<>();
        for (int g = first; g <= last; g++) {
            long min = Long.MAX_VALUE;
            for (long i = g * rowGroupRows;
                    i < Math.min(rows.size(), (g + 1) * rowGroupRows);
                    i++) {
                Long t = millis(rows.get((int) i));
                if (t != null) {
                    min = Math.min(min, t);
                }
            }
            least.add(min);
        }
        return SplitEventTimes.of(least.stream().mapToLong(Long::longValue).toArray());
    }
}
