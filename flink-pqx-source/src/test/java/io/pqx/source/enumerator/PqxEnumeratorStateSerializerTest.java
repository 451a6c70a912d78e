package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.source.runtimefilter.TestingRuntimeFilters;
import io.pqx.source.split.RowGroupSplit;
import io.pqx.source.split.TestingGoldenBytes;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.junit.jupiter.api.Test;

class PqxEnumeratorStateSerializerTest {
    private final SimpleVersionedSerializer<PqxEnumeratorState> serializer =
            PqxEnumeratorState.serializer();

    /** The split sample the golden files hold (the split serializer's test pins its own). */
    private static RowGroupSplit sampleSplit() {
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

    private static PqxEnumeratorState sample() {
        return new PqxEnumeratorState(
                1_700_000_500_000L,
                List.of(
                        new SeenFile("file:/data/a.parquet", 1_700_000_000_000L),
                        new SeenFile("file:/data/b.parquet", 1_700_000_500_000L)),
                List.of(
                        sampleSplit(),
                        RowGroupSplit.of(
                                "file:/data/b.parquet", 99, 1_700_000_500_000L, Map.of(), 0, 0)),
                true);
    }

    /** The sample with two runtime filters: a RANGE with a bloom filter and an EMPTY one. */
    static PqxEnumeratorState sampleWithFilters() {
        PqxEnumeratorState s = sample();
        return new PqxEnumeratorState(
                s.watermark(),
                s.seenFiles(),
                s.pendingSplits(),
                s.initialDiscoveryDone(),
                TestingRuntimeFilters.samples());
    }

    /** The sample with filters and a seen threshold below the watermark by a horizon of an hour. */
    static PqxEnumeratorState sampleWithThreshold() {
        PqxEnumeratorState s = sampleWithFilters();
        return new PqxEnumeratorState(
                s.watermark(),
                s.seenFiles(),
                s.pendingSplits(),
                s.initialDiscoveryDone(),
                s.runtimeFilters(),
                s.watermark() - 3_600_000L);
    }

    @Test
    void versionThreeBytesWithTheSeenThresholdArePinned() throws IOException {
        byte[] bytes = serializer.serialize(sampleWithThreshold());
        byte[] golden =
                TestingGoldenBytes.read(
                        PqxEnumeratorStateSerializerTest.class,
                        "enumerator-state-v3-splits-v2.bin",
                        bytes);
        assertThat(serializer.getVersion()).isEqualTo(3);
        assertThat(bytes).isEqualTo(golden);
        assertThat(serializer.deserialize(3, golden)).isEqualTo(sampleWithThreshold());
        assertThat(serializer.deserialize(3, golden).seenThreshold())
                .isEqualTo(1_700_000_500_000L - 3_600_000L);
    }

    @Test
    void versionTwoBytesWithRuntimeFiltersAreStillReadWithoutASeenThreshold() throws IOException {
        byte[] golden =
                TestingGoldenBytes.read(
                        PqxEnumeratorStateSerializerTest.class,
                        "enumerator-state-v2-splits-v2.bin",
                        null);
        assertThat(serializer.deserialize(2, golden)).isEqualTo(sampleWithFilters());
        assertThat(serializer.deserialize(2, golden).runtimeFilters().get(0).filter().keys())
                .isPresent();
        assertThat(serializer.deserialize(2, golden).seenThreshold()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void versionOneBytesWithVersionTwoSplitsAreStillRead() throws IOException {
        byte[] golden =
                TestingGoldenBytes.read(
                        PqxEnumeratorStateSerializerTest.class,
                        "enumerator-state-v1-splits-v2.bin",
                        null);
        assertThat(serializer.deserialize(1, golden)).isEqualTo(sample());
        assertThat(serializer.deserialize(1, golden).runtimeFilters()).isEmpty();
    }

    @Test
    void aTruncatedRuntimeFilterFailsClearly() throws IOException {
        byte[] bytes = serializer.serialize(sampleWithFilters());
        byte[] cut = Arrays.copyOf(bytes, bytes.length - 17);
        assertThatThrownBy(() -> serializer.deserialize(3, cut)).isInstanceOf(IOException.class);
        byte[] noThreshold = Arrays.copyOf(bytes, bytes.length - 4);
        assertThatThrownBy(() -> serializer.deserialize(3, noThreshold))
                .isInstanceOf(IOException.class);
    }

    @Test
    void stateWithVersionOneSplitsIsStillRead() throws IOException {
        byte[] golden =
                TestingGoldenBytes.read(
                        PqxEnumeratorStateSerializerTest.class, "enumerator-state-v1.bin", null);
        assertThat(serializer.deserialize(1, golden)).isEqualTo(sample());
    }

    @Test
    void roundTripsTheEmptyState() throws IOException {
        PqxEnumeratorState empty = PqxEnumeratorState.empty();
        assertThat(serializer.deserialize(3, serializer.serialize(empty))).isEqualTo(empty);
    }

    @Test
    void refusesAnUnknownVersion() {
        assertThatThrownBy(() -> serializer.deserialize(7, new byte[0]))
                .hasMessageContaining("version 7");
    }

    @Test
    void refusesACountBeyondTheBytes() {
        byte[] bytes = new byte[8 + 1 + 4];
        bytes[9] = 0x7f; // seen-file count of about 2^31
        assertThatThrownBy(() -> serializer.deserialize(3, bytes))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("exceeds");
    }
}
