package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

/** A row whose value has the wrong Java class is refused whole: no column keeps part of it. */
class ParquetWriterMismatchedValueTest {

    @Test
    void refusedRowLeavesEveryColumnAligned() throws Exception {
        RowType type =
                RowType.of(
                        new LogicalType[] {new IntType(false), new IntType(false)},
                        new String[] {"a", "b"});
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(WriteOptions.defaults())
                        .open(new PositionOutputStream(bytes), "mem")) {
            writer.write(GenericRowData.of(1, 10));
            assertThatThrownBy(() -> writer.write(GenericRowData.of(2, StringData.fromString("x"))))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith(
                            "Cannot write row 1: a value does not match the row type")
                    .hasMessageEndingWith("(mem)");
            writer.write(GenericRowData.of(3, 30));
        }

        List<String> rows = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(
                                new ByteArrayInputFile("mem", bytes.toByteArray()),
                                ReadOptions.defaults());
                CloseableIterator<RowData> it = reader.rows(reader.schema())) {
            while (it.hasNext()) {
                RowData row = it.next();
                rows.add(row.getInt(0) + "," + row.getInt(1));
            }
        }
        assertThat(rows).containsExactly("1,10", "3,30");
    }
}
