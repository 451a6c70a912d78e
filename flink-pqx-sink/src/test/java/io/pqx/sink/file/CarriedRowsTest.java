package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.TestingSinkRowTypes;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
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

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CRC32 crc = new CRC32();
        long written = rows.writeTo(new DataOutputStream(bytes), 1, 4, crc);
        assertThat(written).isEqualTo(bytes.size());
        CRC32 expected = new CRC32();
        expected.update(bytes.toByteArray());
        assertThat(crc.getValue()).isEqualTo(expected.getValue());
        RowDataSerializer serializer = new RowDataSerializer(TestingSinkRowTypes.ID_PAYLOAD);
        DataInputDeserializer in = new DataInputDeserializer(bytes.toByteArray());
        List<RowData> back = new ArrayList<>();
        while (in.available() > 0) {
            back.add(serializer.deserialize(in));
        }
        assertThat(render(back)).as("rows 1..3 of what is kept").isEqualTo(render(rows.rows(1, 4)));
        rows.clear();
        assertThat(rows.size()).isZero();
    }
}
