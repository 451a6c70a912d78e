package io.pqx.source.split;

import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RowGroupSplitSerializerTest {
    private final SimpleVersionedSerializer<RowGroupSplit> serializer = RowGroupSplit.serializer();

    static RowGroupSplit sample() {
        Map<String, String> partitions = new LinkedHashMap<>();
        partitions.put("day", "2024-03-09");
        partitions.put("city", "Zürich a/b");
        return new RowGroupSplit("file:/data/t/day=2024-03-09/part-0.parquet", 123_456L,
                1_700_000_000_123L, partitions, 2, 5, 3, 1_999L);
    }

    @Test
    void versionOneBytesArePinned() throws IOException {
        byte[] bytes = serializer.serialize(sample());
        byte[] golden = TestingGoldenBytes.read("row-group-split-v1.bin", bytes);
        assertThat(serializer.getVersion()).isEqualTo(1);
        assertThat(bytes).isEqualTo(golden);
        assertThat(serializer.deserialize(1, golden)).isEqualTo(sample());
    }

    @Test
    void roundTripsPositionsAndEmptyPartitions() throws IOException {
        RowGroupSplit split = RowGroupSplit.of("s3://b/k.parquet", 10, -1, Map.of(), 0, 0).at(1, 0);
        RowGroupSplit back = serializer.deserialize(1, serializer.serialize(split));
        assertThat(back).isEqualTo(split);
        assertThat(back.nextRowGroup()).isEqualTo(1);
        assertThat(back.splitId()).isEqualTo(split.splitId());
    }

    @Test
    void refusesAnUnknownVersionAndTruncatedBytes() throws IOException {
        byte[] bytes = serializer.serialize(sample());
        assertThatThrownBy(() -> serializer.deserialize(2, bytes))
                .hasMessageContaining("version 2");
        assertThatThrownBy(() -> serializer.deserialize(1, Arrays.copyOf(bytes, bytes.length - 3)))
                .isInstanceOf(IOException.class);
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> serializer.deserialize(1, longer))
                .hasMessageContaining("bytes left after its end");
    }

    @Test
    void refusesAPositionOutsideItsRowGroups() {
        assertThatThrownBy(() -> new RowGroupSplit("f", 1, 0, Map.of(), 2, 3, 5, 0))
                .hasMessageContaining("outside row groups [2, 3]");
        assertThatThrownBy(() -> new RowGroupSplit("f", 1, 0, Map.of(), 3, 2, 3, 0))
                .hasMessageContaining("not a run");
    }
}
