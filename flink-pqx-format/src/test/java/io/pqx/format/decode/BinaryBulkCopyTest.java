package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapBytesVector;
import org.junit.jupiter.api.Test;

/**
 * {@link BinaryDecoders.Bytes#putBinaries} (and its dictionary and contiguous forms) gives every
 * value its own bytes whether it copies a whole span at once (PLAIN pages, small dictionaries) or
 * value by value (a large dictionary used sparsely), with empty values, after earlier values in the
 * same vector, and over many batches of random runs.
 */
class BinaryBulkCopyTest {
    private final BinaryDecoders.Bytes sink = new BinaryDecoders.Bytes(() -> false, () -> null);

    @Test
    void plainPageRunsAndSmallDictionariesAndSparseLargeDictionariesAllReadBack() {
        Random random = new Random(11);
        for (int trial = 0; trial < 500; trial++) {
            // An arena of entries, as a PLAIN page (with 4-byte gaps) or a dictionary holds them.
            int entries = 1 + random.nextInt(trial % 3 == 0 ? 5_000 : 20);
            int gap = random.nextBoolean() ? 4 : 0;
            byte[][] values = new byte[entries][];
            int[] entryStart = new int[entries];
            byte[] arena = new byte[entries * (gap + 60)];
            int at = 0;
            for (int e = 0; e < entries; e++) {
                at += gap;
                values[e] =
                        new byte
                                [random.nextInt(8) == 0
                                        ? 0
                                        : 1 + random.nextInt(random.nextInt(10) == 0 ? 59 : 6)];
                random.nextBytes(values[e]);
                entryStart[e] = at;
                System.arraycopy(values[e], 0, arena, at, values[e].length);
                at += values[e].length;
            }
            int count = 1 + random.nextInt(300);
            int from = random.nextInt(5);
            int[] starts = new int[from + count];
            int[] lengths = new int[from + count];
            int[] chosen = new int[count];
            boolean sequential = random.nextBoolean();
            for (int k = 0; k < count; k++) {
                int e = sequential ? k % entries : random.nextInt(entries);
                chosen[k] = e;
                starts[from + k] = entryStart[e];
                lengths[from + k] = values[e].length;
            }
            HeapBytesVector vector = new HeapBytesVector(count + 3);
            byte[] before = "before".getBytes(StandardCharsets.UTF_8);
            vector.appendBytes(0, before, 0, before.length);
            sink.putBinaries(arena, starts, lengths, from, vector, 1, count);
            byte[] after = "after".getBytes(StandardCharsets.UTF_8);
            vector.appendBytes(count + 1, after, 0, after.length);

            assertThat(bytes(vector, 0)).isEqualTo(before);
            for (int k = 0; k < count; k++) {
                assertThat(bytes(vector, 1 + k))
                        .as("trial %d, value %d", trial, k)
                        .isEqualTo(values[chosen[k]]);
            }
            assertThat(bytes(vector, count + 1)).isEqualTo(after);
        }
    }

    /**
     * Dictionary ids looked up straight into the vector: a dictionary small enough to go over whole
     * per call and one copied value by value (many entries, few values taken) both give every value
     * its entry's bytes, between values already in the vector.
     */
    @Test
    void dictionaryIdsLookUpTheirEntriesWhetherTheDictionaryGoesOverWholeOrValueByValue() {
        Random random = new Random(12);
        int wholeCopies = 0;
        for (int trial = 0; trial < 500; trial++) {
            int entries = 1 + random.nextInt(trial % 2 == 0 ? 3_000 : 12);
            byte[][] values = new byte[entries][];
            int[] starts = new int[entries];
            int[] lengths = new int[entries];
            byte[] arena = new byte[3 + entries * 24];
            int at = 3; // the entries need not start at 0: a page's bytes lie inside a buffer
            for (int e = 0; e < entries; e++) {
                at += 4; // each PLAIN dictionary entry follows its length
                values[e] = new byte[random.nextInt(6) == 0 ? 0 : 1 + random.nextInt(19)];
                random.nextBytes(values[e]);
                starts[e] = at;
                lengths[e] = values[e].length;
                System.arraycopy(values[e], 0, arena, at, values[e].length);
                at += values[e].length;
            }
            int count = 1 + random.nextInt(400);
            int from = random.nextInt(5);
            int[] ids = new int[from + count];
            for (int k = 0; k < count; k++) {
                ids[from + k] = random.nextInt(entries);
            }
            int span = starts[entries - 1] + lengths[entries - 1] - starts[0];
            if (span <= BinaryDecoders.Bytes.DICTIONARY_BYTES_PER_VALUE * count) {
                wholeCopies++;
            }
            HeapBytesVector vector = new HeapBytesVector(count + 3);
            byte[] before = "before".getBytes(StandardCharsets.UTF_8);
            vector.appendBytes(0, before, 0, before.length);
            sink.putDictionaryBinaries(
                    arena,
                    starts,
                    lengths,
                    ids,
                    from,
                    new int[from + count],
                    new int[from + count],
                    vector,
                    1,
                    count);
            byte[] after = "after".getBytes(StandardCharsets.UTF_8);
            vector.appendBytes(count + 1, after, 0, after.length);

            assertThat(bytes(vector, 0)).isEqualTo(before);
            for (int k = 0; k < count; k++) {
                assertThat(bytes(vector, 1 + k))
                        .as("trial %d, value %d", trial, k)
                        .isEqualTo(values[ids[from + k]]);
            }
            assertThat(bytes(vector, count + 1)).isEqualTo(after);
        }
        assertThat(wholeCopies).as("both ways taken").isBetween(50, 450);
    }

    /** PLAIN values back to back (each after its 4-byte length) go over as one span. */
    @Test
    void contiguousPlainValuesReadBack() {
        Random random = new Random(13);
        for (int trial = 0; trial < 300; trial++) {
            int total = 1 + random.nextInt(300);
            byte[][] values = new byte[total][];
            int[] starts = new int[total];
            int[] lengths = new int[total];
            byte[] page = new byte[5 + total * 14];
            int at = 5;
            for (int i = 0; i < total; i++) {
                at += 4;
                values[i] = new byte[random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(9)];
                random.nextBytes(values[i]);
                starts[i] = at;
                lengths[i] = values[i].length;
                System.arraycopy(values[i], 0, page, at, values[i].length);
                at += values[i].length;
            }
            int from = random.nextInt(total);
            int count = random.nextInt(total - from + 1);
            HeapBytesVector vector = new HeapBytesVector(count + 2);
            byte[] before = "x".getBytes(StandardCharsets.UTF_8);
            vector.appendBytes(0, before, 0, before.length);
            sink.putContiguousBinaries(page, starts, lengths, from, vector, 1, count);
            assertThat(bytes(vector, 0)).isEqualTo(before);
            for (int k = 0; k < count; k++) {
                assertThat(bytes(vector, 1 + k))
                        .as("trial %d, value %d", trial, k)
                        .isEqualTo(values[from + k]);
            }
        }
    }

    private static byte[] bytes(HeapBytesVector vector, int i) {
        BytesColumnVector.Bytes b = vector.getBytes(i);
        return Arrays.copyOfRange(b.data, b.offset, b.offset + b.len);
    }
}
