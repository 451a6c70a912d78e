package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.sink.TestingRowTypes;

import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;

class CarriedRowsTest {
    private static RowData row(long id) {
        return GenericRowData.of(id, id % 3 == 0 ? null : StringData.fromString("v" + id));
    }

    private static List<String> render(List<RowData> rows) {
        return rows.stream()
                .map(r -> r.getLong(0) + ":" + (r.isNullAt(1) ? "null" : r.getString(1)))
                .toList();
    }

    @Test
    void keepsPrivateCopiesDropsAPrefixAndRoundTripsThroughItsCheckpointForm()
            throws IOException {
        CarriedRows rows = new CarriedRows(TestingRowTypes.ID_PAYLOAD);
        GenericRowData reused = new GenericRowData(2);
        for (long id = 0; id < 100; id++) {
            reused.setField(0, id);
            reused.setField(1, id % 3 == 0 ? null : StringData.fromString("v" + id));
            rows.add(reused);
        }
        assertThat(rows.size()).isEqualTo(100);
        assertThat(render(rows.rows(98, 100))).containsExactly("98:v98", "99:null");
        rows.dropFirst(95);
        assertThat(render(rows.rows(0, rows.size())))
                .containsExactly("95:v95", "96:null", "97:v97", "98:v98", "99:null");
        assertThat(rows.memoryBytes()).isGreaterThanOrEqualTo(rows.serializedBytes());

        List<RowData> back =
                CarriedRows.fromBytes(TestingRowTypes.ID_PAYLOAD, rows.toBytes(), "f");
        assertThat(render(back)).isEqualTo(render(rows.rows(0, 5)));
        rows.clear();
        assertThat(rows.size()).isZero();
        assertThat(CarriedRows.fromBytes(TestingRowTypes.ID_PAYLOAD, new byte[0], "f")).isEmpty();
    }

    @Test
    void refusesCarriedRowsThatDoNotHoldWhatTheyCount() {
        CarriedRows rows = new CarriedRows(TestingRowTypes.ID_PAYLOAD);
        rows.add(row(1));
        rows.add(row(2));
        byte[] bytes = rows.toBytes();
        assertThatThrownBy(
                        () ->
                                CarriedRows.fromBytes(
                                        TestingRowTypes.ID_PAYLOAD,
                                        Arrays.copyOf(bytes, bytes.length - 3),
                                        "file:/x/part-1.parquet"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Cannot restore the open row group of file:/x/part-1.parquet");
        byte[] lying = bytes.clone();
        lying[0] = 0x7f;
        assertThatThrownBy(() -> CarriedRows.fromBytes(TestingRowTypes.ID_PAYLOAD, lying, "f"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("rows in");
        byte[] trailing = Arrays.copyOf(bytes, bytes.length + 2);
        assertThatThrownBy(() -> CarriedRows.fromBytes(TestingRowTypes.ID_PAYLOAD, trailing, "f"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("bytes follow");
    }
}
