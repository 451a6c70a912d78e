package io.pqx.sink.file;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * The column types a sink can key on by value: booleans, numbers, decimals, strings, dates, times
 * and timestamps. Their Flink values compare by natural order (sort-by keys) and print as stable
 * text (partition directories); bytes, arrays, maps, rows and the rest do neither.
 *
 * <p>Stateless.
 */
@Internal
public final class ScalarKeyTypes {
    private ScalarKeyTypes() {}

    /** Whether values of {@code type} compare by natural order and print as stable text. */
    public static boolean isScalarKey(LogicalType type) {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case FLOAT:
            case DOUBLE:
            case DECIMAL:
            case CHAR:
            case VARCHAR:
            case DATE:
            case TIME_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return true;
            default:
                return false;
        }
    }
}
