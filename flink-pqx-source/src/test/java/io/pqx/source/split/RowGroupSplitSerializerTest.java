package io.pqx.source.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.junit.jupiter.api.Test;

class RowGroupSplitSerializerTest {
    private final SimpleVersionedSerializer<RowGroupSplit> serializer = RowGroupSplit.serializer();

    static RowGroupSplit sample() {
        Map<String, String> partitions = new LinkedHashMap<>();
        partitions.put("day", "2024-03-09");
        partitions.put("city", "Zürich a/b");
        return new RowGroupSplit(
                "file:/data/t/day=2024-03-09/part-0.parquet",
                123_456L,
                1_700_000_000_123L,
                partitions,
                2,
                5,
                3,
                1_999L);
    }

    static RowGroupSplit sampleWithAllMatch() {
        RowGroupSplit s = sample();
        return new RowGroupSplit(
                s.path(),
                s.fileLength(),
                s.modificationTime(),
                s.partitions(),
                2,
                5,
                3,
                1_999L,
                List.of(2, 4, 5));
    }

    @Test
    void versionTwoBytesArePinned() throws IOException {
        byte[] bytes = serializer.serialize(sampleWithAllMatch());
        byte[] golden = TestingGoldenBytes.read("row-group-split-v2.bin", bytes);
        assertThat(serializer.getVersion()).isEqualTo(2);
        assertThat(bytes).isEqualTo(golden);
        RowGroupSplit back = serializer.deserialize(2, golden);
        assertThat(back).isEqualTo(sampleWithAllMatch());
        assertThat(back.isAllMatch(4)).isTrue();
        assertThat(back.isAllMatch(3)).isFalse();
        assertThat(back.at(4, 7).allMatchRowGroups()).containsExactly(2, 4, 5);
    }

    @Test
    void versionOneBytesAreStillRead() throws IOException {
        byte[] golden = TestingGoldenBytes.read("row-group-split-v1.bin", null);
        RowGroupSplit back = serializer.deserialize(1, golden);
        assertThat(back).isEqualTo(sample());
        assertThat(back.allMatchRowGroups()).isEmpty();
    }

    @Test
    void roundTripsPositionsAndEmptyPartitions() throws IOException {
        RowGroupSplit split = RowGroupSplit.of("s3://b/k.parquet", 10, -1, Map.of(), 0, 0).at(1, 0);
        RowGroupSplit back = serializer.deserialize(2, serializer.serialize(split));
        assertThat(back).isEqualTo(split);
        assertThat(back.nextRowGroup()).isEqualTo(1);
        assertThat(back.splitId()).isEqualTo(split.splitId());
    }

    @Test
    void refusesAnUnknownVersionAndTruncatedBytes() throws IOException {
        byte[] bytes = serializer.serialize(sample());
        assertThatThrownBy(() -> serializer.deserialize(3, bytes))
                .hasMessageContaining("version 3");
        assertThatThrownBy(() -> serializer.deserialize(2, Arrays.copyOf(bytes, bytes.length - 3)))
                .isInstanceOf(IOException.class);
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> serializer.deserialize(2, longer))
                .hasMessageContaining("bytes left after its end");
    }

    @Test
    void refusesAPositionOutsideItsRowGroups() {
        assertThatThrownBy(() -> new RowGroupSplit("f", 1, 0, Map.of(), 2, 3, 5, 0))
                .hasMessageContaining("outside row groups [2, 3]");
        assertThatThrownBy(() -> new RowGroupSplit("f", 1, 0, Map.of(), 3, 2, 3, 0))
                .hasMessageContaining("not a run");
        assertThatThrownBy(() -> new RowGroupSplit("f", 1, 0, Map.of(), 2, 3, 2, 0, List.of(3, 2)))
                .hasMessageContaining("not ascending");
    }
}
