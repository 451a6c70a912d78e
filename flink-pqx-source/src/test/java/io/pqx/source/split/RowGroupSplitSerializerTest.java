package io.pqx.source.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetTail;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
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

    /** {@link #sampleWithAllMatch()} carrying the last 40 bytes of its file as footer tail. */
    static RowGroupSplit sampleWithTail() {
        RowGroupSplit s = sampleWithAllMatch();
        byte[] tail = new byte[40];
        for (int i = 0; i < tail.length; i++) {
            tail[i] = (byte) (i * 7 + 3);
        }
        return s.withFooterTail(ParquetTail.of(s.fileLength() - tail.length, tail));
    }

    /** {@link #sampleWithTail()} with the least event time of each of its four row groups. */
    static RowGroupSplit sampleWithEventTimes() {
        return sampleWithTail()
                .withEventTimes(
                        SplitEventTimes.of(
                                1_700_000_000_000L, Long.MAX_VALUE, -5L, 1_699_999_999_999L));
    }

    @Test
    void versionFourBytesArePinned() throws IOException {
        byte[] bytes = serializer.serialize(sampleWithEventTimes());
        byte[] golden = TestingGoldenBytes.read("row-group-split-v4.bin", bytes);
        assertThat(serializer.getVersion()).isEqualTo(4);
        assertThat(bytes).isEqualTo(golden);
        RowGroupSplit back = serializer.deserialize(4, golden);
        assertThat(back).isEqualTo(sampleWithEventTimes()).isNotEqualTo(sampleWithAllMatch());
        assertThat(back.footerTail()).isEqualTo(sampleWithTail().footerTail());
        assertThat(back.eventTimes()).isEqualTo(sampleWithEventTimes().eventTimes());
        assertThat(back.isAllMatch(4)).isTrue();
    }

    @Test
    void eventTimesStayWithTheSplitAtEveryPosition() {
        RowGroupSplit timed = sampleWithEventTimes();
        assertThat(timed.nextRowGroup()).isEqualTo(3);
        // row groups 3, 4 and 5 are still to come: offsets 1 to 3
        assertThat(timed.leastEventTimeToCome()).hasValue(-5L);
        assertThat(timed.at(5, 0).leastEventTimeToCome()).hasValue(1_699_999_999_999L);
        assertThat(timed.at(6, 0).leastEventTimeToCome()).hasValue(Long.MAX_VALUE);
        assertThat(timed.at(2, 0).eventTimes().orElseThrow().least()).isEqualTo(-5L);
        assertThat(timed.at(4, 7).footerTail()).isEmpty();
        assertThat(sampleWithAllMatch().leastEventTimeToCome()).isEmpty();
        assertThatThrownBy(() -> sample().withEventTimes(SplitEventTimes.of(1L, 2L)))
                .hasMessageContaining("event times of 2 row groups for row groups [2, 5]");
        assertThatThrownBy(SplitEventTimes::of).hasMessageContaining("at least one row group");
    }

    @Test
    void versionThreeBytesAreStillReadWithoutEventTimes() throws IOException {
        byte[] golden = TestingGoldenBytes.read("row-group-split-v3.bin", null);
        RowGroupSplit back = serializer.deserialize(3, golden);
        assertThat(back).isEqualTo(sampleWithAllMatch());
        assertThat(back.eventTimes()).isEmpty();
        assertThat(back.footerTail()).isEqualTo(sampleWithTail().footerTail());
        assertThat(back.footerTail().orElseThrow().start()).isEqualTo(123_456L - 40);
        assertThat(back.isAllMatch(4)).isTrue();
        assertThat(back.at(4, 7).allMatchRowGroups()).containsExactly(2, 4, 5);
    }

    @Test
    void versionFourWithoutTailOrTimesIsVersionTwoAndTwoBytes() throws IOException {
        byte[] v2 = TestingGoldenBytes.read("row-group-split-v2.bin", null);
        byte[] bytes = serializer.serialize(sampleWithAllMatch());
        assertThat(bytes).hasSize(v2.length + 2).startsWith(v2).endsWith(0, 0);
        RowGroupSplit back = serializer.deserialize(4, bytes);
        assertThat(back).isEqualTo(sampleWithAllMatch());
        assertThat(back.footerTail()).isEmpty();
        assertThat(back.eventTimes()).isEmpty();
    }

    @Test
    void versionTwoBytesAreStillRead() throws IOException {
        byte[] golden = TestingGoldenBytes.read("row-group-split-v2.bin", null);
        RowGroupSplit back = serializer.deserialize(2, golden);
        assertThat(back).isEqualTo(sampleWithAllMatch());
        assertThat(back.footerTail()).isEmpty();
        assertThat(back.isAllMatch(4)).isTrue();
        assertThat(back.isAllMatch(3)).isFalse();
    }

    @Test
    void theEnumeratorStatesFormHasEventTimesButNeverATail() throws IOException {
        ByteArrayOutputStream embedded = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(embedded);
        RowGroupSplitSerializer.write(sampleWithEventTimes(), out);
        out.flush();
        byte[] bytes = embedded.toByteArray();
        byte[] whole = serializer.serialize(sampleWithEventTimes());
        assertThat(whole).startsWith(bytes).hasSize(bytes.length + 1 + 8 + 4 + 40);
        RowGroupSplit back =
                RowGroupSplitSerializer.read(
                        new DataInputStream(new ByteArrayInputStream(bytes)), 4);
        assertThat(back).isEqualTo(sampleWithEventTimes());
        assertThat(back.footerTail()).isEmpty();
    }

    @Test
    void refusesDamagedEventTimes() throws IOException {
        byte[] bytes =
                serializer.serialize(
                        sampleWithAllMatch().withEventTimes(SplitEventTimes.of(1, 2, 3, 4)));
        int at = TestingGoldenBytes.read("row-group-split-v2.bin", null).length; // the marker
        byte[] marker = bytes.clone();
        marker[at] = 9;
        assertThatThrownBy(() -> serializer.deserialize(4, marker))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("event times marker 9");
        byte[] count = bytes.clone();
        count[at + 4] = 3; // three row groups' times for a split of four
        assertThatThrownBy(() -> serializer.deserialize(4, count))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("event times of 3 row groups");
        byte[] none = bytes.clone();
        none[at + 4] = 0;
        assertThatThrownBy(() -> serializer.deserialize(4, none))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("event times of no row group");
        byte[] huge = bytes.clone();
        huge[at + 1] = 0x7f;
        assertThatThrownBy(() -> serializer.deserialize(4, huge))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("exceeds the");
    }

    @Test
    void aTailIsNoPartOfTheSplitsIdentityAndNotKeptAtAnotherPosition() throws IOException {
        RowGroupSplit carrying = sampleWithTail();
        assertThat(carrying).isEqualTo(sampleWithAllMatch());
        assertThat(carrying.at(4, 0).footerTail()).as("what a reader checkpoints").isEmpty();
        assertThat(serializer.serialize(carrying.at(3, 1_999L)))
                .isEqualTo(serializer.serialize(sampleWithAllMatch()));
        assertThat(carrying.takeFooterTail()).isPresent();
        assertThat(carrying.footerTail()).isEmpty();
        assertThat(carrying.takeFooterTail()).isEmpty();
        assertThat(serializer.serialize(carrying))
                .isEqualTo(serializer.serialize(sampleWithAllMatch()));
        assertThatThrownBy(() -> sample().withFooterTail(ParquetTail.of(0, new byte[12])))
                .hasMessageContaining("it ends at 12, the file has 123456 bytes");
    }

    @Test
    void refusesATruncatedOrDamagedFooterTail() throws IOException {
        byte[] bytes = serializer.serialize(sampleWithTail());
        int tailAt = serializer.serialize(sampleWithAllMatch()).length - 1; // the marker
        for (int cut : new int[] {1, 20, 41, bytes.length - tailAt - 1, bytes.length - tailAt}) {
            byte[] truncated = Arrays.copyOf(bytes, bytes.length - cut);
            assertThatThrownBy(() -> serializer.deserialize(4, truncated))
                    .as("cut %d bytes", cut)
                    .isInstanceOf(IOException.class);
        }
        byte[] marker = bytes.clone();
        marker[tailAt] = 7;
        assertThatThrownBy(() -> serializer.deserialize(4, marker))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("footer tail marker 7");
        byte[] start = bytes.clone();
        start[tailAt + 8] ^= 1; // the tail's start, last byte: no longer ends at the file's end
        assertThatThrownBy(() -> serializer.deserialize(4, start))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("does not end at the file's length 123456");
        byte[] count = bytes.clone();
        count[tailAt + 9] = 0x7f; // the tail's length: far more than the bytes left
        assertThatThrownBy(() -> serializer.deserialize(4, count))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("exceeds the");
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> serializer.deserialize(4, longer))
                .hasMessageContaining("bytes left after its end");
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
        RowGroupSplit back = serializer.deserialize(4, serializer.serialize(split));
        assertThat(back).isEqualTo(split);
        assertThat(back.nextRowGroup()).isEqualTo(1);
        assertThat(back.splitId()).isEqualTo(split.splitId());
    }

    @Test
    void refusesAnUnknownVersionAndTruncatedBytes() throws IOException {
        byte[] bytes = serializer.serialize(sample());
        assertThatThrownBy(() -> serializer.deserialize(5, bytes))
                .hasMessageContaining("version 5");
        assertThatThrownBy(() -> serializer.deserialize(4, Arrays.copyOf(bytes, bytes.length - 3)))
                .isInstanceOf(IOException.class);
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> serializer.deserialize(4, longer))
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
