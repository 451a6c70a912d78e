package io.pqx.source.partition;

import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * A partition directory's value typed as the requested column: the text a partition directory holds
 * ({@code 2024-03-09}, {@code 12.50}, {@code true}, {@code 2024-03-09T10:30} or {@code 2024-03-09
 * 10:30:00}) parsed into Flink's internal representation. {@code __DEFAULT_PARTITION__} is null.
 * Text that does not parse as the type is an {@link UnsupportedFileException} naming file, column,
 * value and type.
 */
@Internal
public final class PartitionValues {
    private PartitionValues() {}

    static final String DEFAULT_PARTITION = "__DEFAULT_PARTITION__";

    @Nullable
    public static Object parse(String text, LogicalType type, FileContext column)
            throws UnsupportedFileException {
        if (DEFAULT_PARTITION.equals(text)) {
            return null;
        }
        try {
            switch (type.getTypeRoot()) {
                case CHAR:
                case VARCHAR:
                    return StringData.fromString(text);
                case BOOLEAN:
                    if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
                        return Boolean.parseBoolean(text);
                    }
                    throw new NumberFormatException("not true or false");
                case TINYINT:
                    return Byte.parseByte(text);
                case SMALLINT:
                    return Short.parseShort(text);
                case INTEGER:
                    return Integer.parseInt(text);
                case BIGINT:
                    return Long.parseLong(text);
                case FLOAT:
                    return Float.parseFloat(text);
                case DOUBLE:
                    return Double.parseDouble(text);
                case DECIMAL:
                    {
                        DecimalType d = (DecimalType) type;
                        DecimalData value =
                                DecimalData.fromBigDecimal(
                                        new BigDecimal(text), d.getPrecision(), d.getScale());
                        if (value == null) {
                            throw new NumberFormatException(
                                    "does not fit " + type.asSummaryString());
                        }
                        return value;
                    }
                case DATE:
                    return (int) LocalDate.parse(text).toEpochDay();
                case TIME_WITHOUT_TIME_ZONE:
                    return (int) (LocalTime.parse(text).toNanoOfDay() / 1_000_000L);
                case TIMESTAMP_WITHOUT_TIME_ZONE:
                    return TimestampData.fromLocalDateTime(
                            LocalDateTime.parse(text.replace(' ', 'T')));
                default:
                    throw column.unsupported(
                            "Cannot read partition column",
                            "its type "
                                    + type.asSummaryString()
                                    + " has no partition-directory form");
            }
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
            throw column.unsupported(
                    "Cannot read partition column",
                    "value '" + text + "' is not a " + type.asSummaryString());
        }
    }
}
