package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.TestingSinkRowTypes;
import java.io.IOException;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.junit.jupiter.api.Test;

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
    void keepsPrivateCopiesDropsAPrefixAndRoundTripsThroughItsCheckpointForm() throws IOException {
        CarriedRows rows = new CarriedRows(TestingSinkRowTypes.ID_PAYLOAD);
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

        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        long written = rows.writeTo(new java.io.DataOutputStream(bytes), 1, 4, crc);
        assertThat(written).isEqualTo(bytes.size());
        java.util.zip.CRC32 expected = new java.util.zip.CRC32();
        expected.update(bytes.toByteArray());
        assertThat(crc.getValue()).isEqualTo(expected.getValue());
        org.apache.flink.table.runtime.typeutils.RowDataSerializer serializer =
                new org.apache.flink.table.runtime.typeutils.RowDataSerializer(
                        TestingSinkRowTypes.ID_PAYLOAD);
        org.apache.flink.core.memory.DataInputDeserializer in =
                new org.apache.flink.core.memory.DataInputDeserializer(bytes.toByteArray());
        List<RowData> back = new java.util.ArrayList<>();
        while (in.available() > 0) {
            back.add(serializer.deserialize(in));
        }
        assertThat(render(back)).as("rows 1..3 of what is kept").isEqualTo(render(rows.rows(1, 4)));
        rows.clear();
        assertThat(rows.size()).isZero();
    }
}
