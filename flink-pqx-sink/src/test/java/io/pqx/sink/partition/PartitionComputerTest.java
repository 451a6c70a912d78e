package io.pqx.sink.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

class PartitionComputerTest {
    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(),
                        new DateType(),
                        new VarCharType(20),
                        new DecimalType(10, 2),
                        new TimestampType(3)
                    },
                    new String[] {"id", "day", "name", "amount", "ts"});

    private static RowData row(String name) {
        return GenericRowData.of(
                7L,
                (int) LocalDate.of(2024, 3, 9).toEpochDay(),
                name == null ? null : StringData.fromString(name),
                DecimalData.fromBigDecimal(new BigDecimal("12.50"), 10, 2),
                TimestampData.fromLocalDateTime(LocalDateTime.of(2024, 3, 9, 10, 30)));
    }

    @Test
    void rendersValuesIntoEscapedHiveStyleDirectories() {
        PartitionComputer computer =
                new PartitionComputer(TYPE, List.of("day", "name", "amount", "ts"));
        assertThat(computer.partitionPath(row("x/y")))
                .isEqualTo("day=2024-03-09/name=x%2Fy/amount=12.50/ts=2024-03-09T10%3A30");
    }

    @Test
    void rendersTimesAsTimeOfDayNotMilliseconds() {
        RowType type =
                RowType.of(
                        new LogicalType[] {new BigIntType(), new TimeType(3)},
                        new String[] {"id", "at"});
        PartitionComputer computer = new PartitionComputer(type, List.of("at"));
        int millis = (int) (LocalTime.of(10, 15, 30, 250_000_000).toNanoOfDay() / 1_000_000);
        assertThat(computer.partitionPath(GenericRowData.of(1L, millis)))
                .isEqualTo("at=10%3A15%3A30.250");
        assertThat(computer.partitionPath(GenericRowData.of(1L, 0))).isEqualTo("at=00%3A00");
    }

    @Test
    void nullAndEmptyValuesGoToTheDefaultPartition() {
        PartitionComputer computer = new PartitionComputer(TYPE, List.of("name"));
        assertThat(computer.partitionPath(row(null))).isEqualTo("name=__DEFAULT_PARTITION__");
        assertThat(computer.partitionPath(row(""))).isEqualTo("name=__DEFAULT_PARTITION__");
    }

    @Test
    void dataRowsHoldOnlyTheOtherColumns() {
        PartitionComputer computer = new PartitionComputer(TYPE, List.of("day", "name"));
        assertThat(computer.dataType().getFieldNames()).containsExactly("id", "amount", "ts");
        RowData data = computer.dataRow(row("a"));
        assertThat(data.getArity()).isEqualTo(3);
        assertThat(data.getLong(0)).isEqualTo(7L);
        assertThat(computer.partitionPath(row("a"))).isEqualTo("day=2024-03-09/name=a");
    }

    @Test
    void unpartitionedRowsPassThrough() {
        PartitionComputer computer = new PartitionComputer(TYPE, List.of());
        RowData r = row("a");
        assertThat(computer.partitionPath(r)).isEmpty();
        assertThat(computer.dataRow(r)).isSameAs(r);
        assertThat(computer.isPartitioned()).isFalse();
    }

    @Test
    void rejectsUnknownColumnsAndAllColumnPartitioning() {
        assertThatThrownBy(() -> new PartitionComputer(TYPE, List.of("nope")))
                .hasMessageContaining("'nope' is not a top-level column");
        assertThatThrownBy(
                        () ->
                                new PartitionComputer(
                                        TYPE, List.of("id", "day", "name", "amount", "ts")))
                .hasMessageContaining("every column is a partition column");
    }

    @Test
    void rejectsPartitionColumnsWhoseValuesHaveNoDirectoryForm() {
        // A byte[] or an array would render as its identity ("[B@1b2c3d"): equal values would
        // land in different directories and the value could not be read back from the path.
        RowType withBytes =
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(), new VarBinaryType(10), new ArrayType(new BigIntType())
                        },
                        new String[] {"id", "key", "tags"});
        assertThatThrownBy(() -> new PartitionComputer(withBytes, List.of("key")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("partition column 'key'")
                .hasMessageContaining("VARBINARY(10)");
        assertThatThrownBy(() -> new PartitionComputer(withBytes, List.of("tags")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("partition column 'tags'");
    }

    @Test
    void theDefaultPartitionNameIsConfigurableAndEscaped() {
        PartitionComputer computer = new PartitionComputer(TYPE, List.of("name"), "none/yet");
        assertThat(computer.partitionPath(row(null))).isEqualTo("name=none%2Fyet");
        assertThat(computer.partitionPath(row(""))).isEqualTo("name=none%2Fyet");
        assertThatThrownBy(() -> new PartitionComputer(TYPE, List.of("name"), " "))
                .hasMessageContaining("default partition name must not be empty");
    }

    @Test
    void aFullStaticPartitionRendersAsARowWithItsValuesWould() {
        PartitionComputer computer =
                new PartitionComputer(TYPE, List.of("day", "name", "amount", "ts"));
        String fromRow = computer.partitionPath(row("x/y"));
        assertThat(
                        computer.staticPartitionPath(
                                Map.of(
                                        "day", "2024-03-09",
                                        "name", "x/y",
                                        "amount", "12.5",
                                        "ts", "2024-03-09 10:30:00")))
                .isEqualTo(fromRow);
    }

    @Test
    void aPartialStaticPartitionHasNoPathAndBadSpecsAreRefused() {
        PartitionComputer computer = new PartitionComputer(TYPE, List.of("day", "name"));
        assertThat(computer.staticPartitionPath(Map.of("day", "2024-03-09"))).isNull();
        assertThat(computer.staticPartitionPath(Map.of())).isNull();
        // a TIMESTAMP_LTZ literal is a local time of the session's zone, unknown here
        RowType ltz =
                RowType.of(
                        new LogicalType[] {new BigIntType(), new LocalZonedTimestampType(3)},
                        new String[] {"id", "at"});
        assertThat(
                        new PartitionComputer(ltz, List.of("at"))
                                .staticPartitionPath(Map.of("at", "2024-03-09 10:30:00")))
                .isNull();
        assertThatThrownBy(() -> computer.staticPartitionPath(Map.of("id", "1")))
                .hasMessageContaining("static partition column 'id' is not a partition column");
        assertThatThrownBy(
                        () -> computer.staticPartitionPath(Map.of("day", "March 9", "name", "a")))
                .hasMessageContaining("'March 9' of column 'day' is no literal of its type DATE");
    }
}
