package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.source.runtimefilter.TestingRuntimeFilters;
import io.pqx.source.split.RowGroupSplit;
import io.pqx.source.split.SplitEventTimes;
import io.pqx.source.split.TestingGoldenBytes;
import java.io.IOException;
import java.util.ArrayList;
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

    /**
     * The sample with a threshold and three unplanned files: two of one partition (the second
     * shares it with the first) and one of another, with a name outside ASCII.
     */
    static PqxEnumeratorState sampleWithUnplannedFiles() {
        PqxEnumeratorState s = sampleWithThreshold();
        Map<String, String> day9 = new LinkedHashMap<>();
        day9.put("day", "2024-03-09");
        day9.put("city", "Zürich a/b");
        return new PqxEnumeratorState(
                s.watermark(),
                s.seenFiles(),
                s.pendingSplits(),
                s.initialDiscoveryDone(),
                s.runtimeFilters(),
                s.seenThreshold(),
                List.of(
                        new UnplannedFile(
                                "file:/data/t/day=2024-03-09/part-1.parquet",
                                4_096L,
                                1_700_000_400_000L,
                                day9),
                        new UnplannedFile(
                                "file:/data/t/day=2024-03-09/part-2.parquet",
                                8_192L,
                                1_700_000_300_000L,
                                day9),
                        new UnplannedFile(
                                "file:/data/t/day=2024-03-10/\u00e9t\u00e9-\ud83d\ude00.parquet",
                                0L,
                                1_700_000_600_000L,
                                Map.of("day", "2024-03-10"))));
    }

    /** The sample with unplanned files whose first pending split carries event times. */
    static PqxEnumeratorState sampleWithEventTimes() {
        PqxEnumeratorState s = sampleWithUnplannedFiles();
        List<RowGroupSplit> pending = new ArrayList<>(s.pendingSplits());
        pending.set(
                0,
                pending.get(0)
                        .withEventTimes(
                                SplitEventTimes.of(1_700_000_000_000L, Long.MAX_VALUE, -7L, 42L)));
        return new PqxEnumeratorState(
                s.watermark(),
                s.seenFiles(),
                pending,
                s.initialDiscoveryDone(),
                s.runtimeFilters(),
                s.seenThreshold(),
                s.unplannedFiles());
    }

    @Test
    void versionFiveBytesWithSplitEventTimesArePinned() throws IOException {
        byte[] bytes = serializer.serialize(sampleWithEventTimes());
        byte[] golden =
                TestingGoldenBytes.read(
                        PqxEnumeratorStateSerializerTest.class,
                        "enumerator-state-v5-splits-v4.bin",
                        bytes);
        assertThat(serializer.getVersion()).isEqualTo(5);
        assertThat(bytes).isEqualTo(golden);
        PqxEnumeratorState read = serializer.deserialize(5, golden);
        assertThat(read).isEqualTo(sampleWithEventTimes());
        assertThat(read.pendingSplits().get(0).eventTimes())
                .isEqualTo(sampleWithEventTimes().pendingSplits().get(0).eventTimes());
        assertThat(read.pendingSplits().get(1).eventTimes()).isEmpty();
    }

    @Test
    void versionFourBytesWithUnplannedFilesAreStillRead() throws IOException {
        byte[] golden =
                TestingGoldenBytes.read(
                        PqxEnumeratorStateSerializerTest.class,
                        "enumerator-state-v4-splits-v2.bin",
                        null);
        PqxEnumeratorState read = serializer.deserialize(4, golden);
        assertThat(read).isEqualTo(sampleWithUnplannedFiles());
        assertThat(read.unplannedFiles().get(1).partitions().keySet())
                .as("partitions shared with the file before keep their order")
                .containsExactly("day", "city");
    }

    @Test
    void versionThreeBytesWithTheSeenThresholdAreStillReadWithoutUnplannedFiles()
            throws IOException {
        byte[] golden =
                TestingGoldenBytes.read(
                        PqxEnumeratorStateSerializerTest.class,
                        "enumerator-state-v3-splits-v2.bin",
                        null);
        assertThat(serializer.deserialize(3, golden)).isEqualTo(sampleWithThreshold());
        assertThat(serializer.deserialize(3, golden).seenThreshold())
                .isEqualTo(1_700_000_500_000L - 3_600_000L);
        assertThat(serializer.deserialize(3, golden).unplannedFiles()).isEmpty();
    }

    @Test
    void pathsOfOneTableCostAFewBytesEachBeyondTheirFileNames() throws IOException {
        String dir =
                "file:/warehouse/db/a_rather_long_table_name/region=europe-west/day=2024-03-09/";
        List<SeenFile> seen = new ArrayList<>();
        List<UnplannedFile> unplanned = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            String name = String.format("part-%05d.parquet", i);
            seen.add(new SeenFile(dir + name, 1_700_000_000_000L + i));
            unplanned.add(
                    new UnplannedFile(
                            dir + "x" + name, 1_000 + i, 1_700_000_000_000L + i, Map.of()));
        }
        PqxEnumeratorState state =
                new PqxEnumeratorState(
                        1_700_000_000_999L,
                        seen,
                        List.of(),
                        true,
                        List.of(),
                        1_700_000_000_000L,
                        unplanned);
        byte[] bytes = serializer.serialize(state);
        assertThat(serializer.deserialize(5, bytes)).isEqualTo(state);
        // a path is 97 characters: front coding keeps the few that differ from the one before
        assertThat(bytes.length).as("2,000 paths").isLessThan(2_000 * 16);
    }

    @Test
    void aCorruptFrontCodedPathFailsClearly() throws IOException {
        PqxEnumeratorState state = sampleWithUnplannedFiles();
        byte[] bytes = serializer.serialize(state);
        for (int cut = 1; cut < 40; cut++) {
            byte[] shorter = Arrays.copyOf(bytes, bytes.length - cut);
            assertThatThrownBy(() -> serializer.deserialize(5, shorter))
                    .isInstanceOf(IOException.class);
        }
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
        assertThatThrownBy(() -> serializer.deserialize(5, cut)).isInstanceOf(IOException.class);
        byte[] noUnplannedFiles = Arrays.copyOf(bytes, bytes.length - 1);
        assertThatThrownBy(() -> serializer.deserialize(5, noUnplannedFiles))
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
        assertThat(serializer.deserialize(5, serializer.serialize(empty))).isEqualTo(empty);
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
        byte[] compact = new byte[8 + 1 + 8 + 4];
        compact[17] = 0x7f; // a seen-file count of 127, in 3 bytes left
        assertThatThrownBy(() -> serializer.deserialize(5, compact))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("exceeds");
    }
}
