package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class HybridRunDecoderTest {

    static IntStream widths() {
        return IntStream.rangeClosed(0, 32);
    }

    /**
     * Values mixing long repeats (RLE runs) and noise (bit-packed runs), within {@code width} bits.
     */
    static int[] values(int width, int n, long seed) {
        Random random = new Random(seed);
        long bound = 1L << width;
        int[] values = new int[n];
        int i = 0;
        while (i < n) {
            int run = random.nextBoolean() ? 1 + random.nextInt(40) : 1;
            int value = width == 0 ? 0 : (int) (random.nextLong() & (bound - 1));
            for (int k = 0; k < run && i < n; k++) {
                values[i++] =
                        run == 1 && width > 0 ? (int) (random.nextLong() & (bound - 1)) : value;
            }
        }
        return values;
    }

    static byte[] encode(int width, int[] values) throws Exception {
        RunLengthBitPackingHybridEncoder encoder =
                new RunLengthBitPackingHybridEncoder(
                        width, 64, 1 << 20, new HeapByteBufferAllocator());
        for (int v : values) {
            encoder.writeInt(v);
        }
        return encoder.toBytes().toByteArray();
    }

    @ParameterizedTest
    @MethodSource("widths")
    void decodesWhatParquetColumnEncodesAtEveryWidth(int width) throws Exception {
        for (int n : new int[] {1, 7, 8, 9, 100, 1000, 4099}) {
            int[] expected = values(width, n, width * 31L + n);
            byte[] bytes = encode(width, expected);
            byte[] framed = new byte[bytes.length + 6];
            System.arraycopy(bytes, 0, framed, 3, bytes.length);
            HybridRunDecoder decoder = new HybridRunDecoder();
            decoder.reset(framed, 3, 3 + bytes.length, width);
            int[] actual = new int[n + 2];
            Arrays.fill(actual, -7); // a reused array: every wanted slot must be written
            assertThat(decoder.read(actual, 1, n)).as("width %d, %d values", width, n).isTrue();
            assertThat(Arrays.copyOfRange(actual, 1, n + 1))
                    .as("width %d, %d values", width, n)
                    .isEqualTo(expected);
            // parquet-column's own decoder agrees
            RunLengthBitPackingHybridDecoder peer =
                    new RunLengthBitPackingHybridDecoder(width, new ByteArrayInputStream(bytes));
            for (int i = 0; i < n; i++) {
                assertThat(peer.readInt()).isEqualTo(expected[i]);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("widths")
    void checksEveryValueAgainstABound(int width) throws Exception {
        for (int n : new int[] {1, 9, 100, 4099}) {
            int[] values = values(width, n, width * 17L + n);
            int max = Arrays.stream(values).max().orElseThrow();
            boolean negative = Arrays.stream(values).anyMatch(v -> v < 0);
            byte[] bytes = encode(width, values);
            // the largest value sits in an RLE run or a packed group: both are checked
            for (int bound : new int[] {max, max + 1, 0, Integer.MAX_VALUE}) {
                if (bound < 0) {
                    continue;
                }
                boolean fits = !negative && max < bound;
                HybridRunDecoder decoder = new HybridRunDecoder();
                decoder.reset(bytes, 0, bytes.length, width);
                int[] out = new int[n];
                assertThat(decoder.read(out, 0, n, bound))
                        .as("width %d, %d values, max %d, bound %d", width, n, max, bound)
                        .isEqualTo(fits);
                if (fits) {
                    assertThat(out).isEqualTo(values);
                }
            }
        }
    }

    @Test
    void checksAnIdPastTheBoundInTheMiddleOfAPackedRun() throws Exception {
        int[] ids = new int[64];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i % 5; // no repeats long enough for RLE: one bit-packed run
        }
        ids[37] = 5;
        byte[] bytes = encode(3, ids);
        HybridRunDecoder decoder = new HybridRunDecoder();
        decoder.reset(bytes, 0, bytes.length, 3);
        assertThat(decoder.read(new int[64], 0, 64, 5)).isFalse();
        decoder.reset(bytes, 0, bytes.length, 3);
        assertThat(decoder.read(new int[64], 0, 64, 6)).isTrue();
        decoder.reset(bytes, 0, bytes.length, 3);
        assertThat(decoder.read(new int[37], 0, 37, 5))
                .as("the id past the bound is not read")
                .isTrue();
    }

    /**
     * An RLE run stores its value in whole bytes, which can hold more than the width: with a
     * dictionary of exactly 2^width entries (no packed value can reach past it) a damaged run's
     * value still can, and is caught.
     */
    @Test
    void checksAnRleValueWiderThanTheWidthEvenWhenPackedValuesCannotReachTheBound() {
        // width 4: header 3 << 1 (an RLE run of 3), then the value in one byte: 200
        byte[] run = {(byte) (3 << 1), (byte) 200};
        HybridRunDecoder decoder = new HybridRunDecoder();
        decoder.reset(run, 0, run.length, 4);
        assertThat(decoder.read(new int[3], 0, 3, 16)).isFalse();
        decoder.reset(run, 0, run.length, 4);
        assertThat(decoder.read(new int[3], 0, 3, 201)).isTrue();
        byte[] fine = {(byte) (3 << 1), (byte) 15};
        decoder.reset(fine, 0, fine.length, 4);
        assertThat(decoder.read(new int[3], 0, 3, 16)).isTrue();
        // width 12 (two value bytes), dictionary of 4096 entries: value 0xFFFF
        byte[] wide = {(byte) (5 << 1), (byte) 0xFF, (byte) 0xFF};
        decoder.reset(wide, 0, wide.length, 12);
        assertThat(decoder.read(new int[5], 0, 5, 4096)).isFalse();
    }

    @ParameterizedTest
    @MethodSource("widths")
    void declinesRunsCutShort(int width) throws Exception {
        int[] expected = values(width, 300, width);
        byte[] bytes = encode(width, expected);
        HybridRunDecoder decoder = new HybridRunDecoder();
        decoder.reset(bytes, 0, bytes.length, width);
        assertThat(decoder.read(new int[308], 0, 308)).as("beyond the padded last group").isFalse();
        for (int cut = 0; cut < bytes.length; cut++) {
            decoder.reset(bytes, 0, cut, width);
            int[] out = new int[300];
            boolean ok = decoder.read(out, 0, 300);
            if (ok) {
                // only possible when the cut drops bytes of values never wanted
                assertThat(out).isEqualTo(expected);
            }
        }
    }

    @Test
    void declinesZeroLengthAndOverlongHeaders() {
        HybridRunDecoder decoder = new HybridRunDecoder();
        byte[] zeroRle = {0, 1};
        decoder.reset(zeroRle, 0, 2, 1);
        assertThat(decoder.read(new int[1], 0, 1)).isFalse();
        byte[] zeroPacked = {1, 1};
        decoder.reset(zeroPacked, 0, 2, 1);
        assertThat(decoder.read(new int[1], 0, 1)).isFalse();
        byte[] overlong = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x7F, 1};
        decoder.reset(overlong, 0, overlong.length, 1);
        assertThat(decoder.read(new int[1], 0, 1)).isFalse();
        byte[] empty = {};
        decoder.reset(empty, 0, 0, 0);
        assertThat(decoder.read(new int[1], 0, 1)).isFalse();
    }

    @Test
    void stopsAtTheRequestedValuesInsideARun() {
        // RLE run of 10 x 5 (width 3), then a bit-packed group that is never needed
        byte[] bytes = {20, 5, 3, 0x01, 0x02, 0x03};
        HybridRunDecoder decoder = new HybridRunDecoder();
        decoder.reset(bytes, 0, bytes.length, 3);
        int[] out = new int[4];
        assertThat(decoder.read(out, 0, 4)).isTrue();
        assertThat(out).containsExactly(5, 5, 5, 5);
    }

    /**
     * Reads and skips in random stretches (starting and ending inside bit-packed groups, inside RLE
     * runs, spanning runs, skipping whole runs): every value read is the one at its place, at every
     * width.
     */
    @ParameterizedTest
    @MethodSource("widths")
    void readsOnFromWhereAReadOrSkipStoppedAnywhereInARunOrGroup(int width) throws Exception {
        for (int n : new int[] {1, 9, 100, 1000, 4099}) {
            int[] expected = values(width, n, width * 13L + n);
            byte[] bytes = encode(width, expected);
            Random random = new Random(width * 7L + n);
            for (int trial = 0; trial < 20; trial++) {
                HybridRunDecoder decoder = new HybridRunDecoder();
                decoder.reset(bytes, 0, bytes.length, width);
                int[] out = new int[n];
                Arrays.fill(out, -7);
                boolean[] wanted = new boolean[n];
                int at = 0;
                while (at < n) {
                    int stretch = 1 + random.nextInt(trial < 10 ? 20 : 300);
                    stretch = Math.min(stretch, n - at);
                    if (random.nextBoolean()) {
                        // every id of the width lies below the bound: all are checked, none fails
                        int bound = width <= 30 ? 1 << width : -1;
                        assertThat(decoder.read(out, at, stretch, bound))
                                .as("width %d, read [%d, +%d)", width, at, stretch)
                                .isTrue();
                        Arrays.fill(wanted, at, at + stretch, true);
                    } else {
                        assertThat(decoder.skip(stretch))
                                .as("width %d, skip [%d, +%d)", width, at, stretch)
                                .isTrue();
                    }
                    at += stretch;
                }
                for (int i = 0; i < n; i++) {
                    if (wanted[i]) {
                        assertThat(out[i])
                                .as("width %d, value %d", width, i)
                                .isEqualTo(expected[i]);
                    } else {
                        assertThat(out[i])
                                .as("width %d, value %d untouched", width, i)
                                .isEqualTo(-7);
                    }
                }
                // past the last value there are none to read or skip
                assertThat(decoder.skip(1) && decoder.read(new int[8], 0, 8)).isFalse();
            }
        }
    }

    /**
     * {@link HybridRunDecoder#uniformRun} takes a stretch only when one RLE run holds it all, with
     * that run's value, and otherwise consumes nothing: reads after it, in random stretches mixed
     * with it, still yield every value at its place, at every width.
     */
    @ParameterizedTest
    @MethodSource("widths")
    void takesAStretchAsOneRunOnlyWhenOneRleRunHoldsIt(int width) throws Exception {
        int uniform = 0;
        for (int n : new int[] {1, 9, 100, 1000, 4099}) {
            int[] expected = values(width, n, width * 11L + n);
            byte[] bytes = encode(width, expected);
            Random random = new Random(width * 5L + n);
            for (int trial = 0; trial < 20; trial++) {
                HybridRunDecoder decoder = new HybridRunDecoder();
                decoder.reset(bytes, 0, bytes.length, width);
                int at = 0;
                while (at < n) {
                    int stretch = Math.min(1 + random.nextInt(trial < 10 ? 8 : 60), n - at);
                    int value = decoder.uniformRun(stretch);
                    assertThat(value)
                            .as("width %d, stretch [%d, +%d)", width, at, stretch)
                            .isNotEqualTo(HybridRunDecoder.MALFORMED);
                    if (value != HybridRunDecoder.MIXED) {
                        uniform++;
                        for (int i = at; i < at + stretch; i++) {
                            assertThat(expected[i])
                                    .as("width %d, value %d", width, i)
                                    .isEqualTo(value);
                        }
                    } else {
                        int[] out = new int[stretch];
                        assertThat(decoder.read(out, 0, stretch)).isTrue();
                        assertThat(out)
                                .as("width %d, read [%d, +%d)", width, at, stretch)
                                .isEqualTo(Arrays.copyOfRange(expected, at, at + stretch));
                    }
                    at += stretch;
                }
                // past the last value: no run (or only a bit-packed group's padding)
                assertThat(decoder.uniformRun(64)).isNegative();
            }
        }
        assertThat(uniform).as("width %d: some stretches lie in one run", width).isPositive();
    }

    /**
     * Long bit-packed runs (no repeats) at every width, the run ending exactly at the end of the
     * bytes (where whole groups are no longer unpacked by 8-byte reads) or before a few more: the
     * values read in random stretches are parquet-column's, and a value past the bound in the last
     * group is still caught.
     */
    @ParameterizedTest
    @MethodSource("widths")
    void unpacksLongPackedRunsUpToTheLastByteLikeParquetColumn(int width) throws Exception {
        Random random = new Random(width * 3L + 1);
        for (int n : new int[] {8, 64, 504, 2000, 8192}) {
            int[] values = new int[n];
            for (int i = 0; i < n; i++) {
                values[i] = width == 0 ? 0 : (int) (random.nextLong() & ((1L << width) - 1));
            }
            byte[] bytes = encode(width, values);
            RunLengthBitPackingHybridDecoder peer =
                    new RunLengthBitPackingHybridDecoder(width, new ByteArrayInputStream(bytes));
            int[] expected = new int[n];
            for (int i = 0; i < n; i++) {
                expected[i] = peer.readInt();
            }
            assertThat(expected).isEqualTo(values);
            for (int extra : new int[] {0, 3, 9}) {
                byte[] framed = Arrays.copyOf(bytes, bytes.length + extra);
                HybridRunDecoder decoder = new HybridRunDecoder();
                decoder.reset(framed, 0, bytes.length, width);
                int[] out = new int[n];
                int at = 0;
                while (at < n) {
                    int stretch = Math.min(n - at, 1 + random.nextInt(600));
                    assertThat(decoder.read(out, at, stretch)).isTrue();
                    at += stretch;
                }
                assertThat(out)
                        .as("width %d, %d values, %d bytes after", width, n, extra)
                        .isEqualTo(expected);
            }
            if (width > 0 && width < 31) {
                int[] damaged = values.clone();
                damaged[n - 1] = (1 << width) - 1;
                int bound = (1 << width) - 1; // the last id lies one past the dictionary
                for (int i = 0; i < n - 1; i++) {
                    damaged[i] = Math.min(damaged[i], bound - 1);
                }
                byte[] b = encode(width, damaged);
                HybridRunDecoder decoder = new HybridRunDecoder();
                decoder.reset(b, 0, b.length, width);
                assertThat(decoder.read(new int[n], 0, n - 1, bound)).isTrue();
                assertThat(decoder.read(new int[1], 0, 1, bound)).isFalse();
            }
        }
    }

    /** A page of one level (no nulls, or nulls only) is one RLE run: taken whole. */
    @Test
    void takesAPageOfOneLevelAsOneRun() throws Exception {
        int[] ones = new int[20_000];
        Arrays.fill(ones, 1);
        byte[] bytes = encode(1, ones);
        HybridRunDecoder decoder = new HybridRunDecoder();
        decoder.reset(bytes, 0, bytes.length, 1);
        assertThat(decoder.uniformRun(20_000)).isEqualTo(1);
        decoder.reset(bytes, 0, bytes.length, 1);
        assertThat(decoder.uniformRun(20_001)).isEqualTo(HybridRunDecoder.MIXED);
        assertThat(decoder.read(new int[20_001], 0, 20_001)).isFalse(); // one value too few
        // an RLE run of a 4-byte value with its sign bit set is left to read()
        byte[] negative = {4, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
        decoder.reset(negative, 0, negative.length, 32);
        assertThat(decoder.uniformRun(2)).isEqualTo(HybridRunDecoder.MIXED);
        int[] out = new int[2];
        assertThat(decoder.read(out, 0, 2)).isTrue();
        assertThat(out).containsExactly(-1, -1);
    }

    /** A skip passes over ids it never checks; the id past the bound is caught once read. */
    @Test
    void skipsPastAnIdOutsideTheBoundWithoutCheckingIt() throws Exception {
        int[] ids = new int[64];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i % 5; // one bit-packed run
        }
        ids[37] = 5;
        byte[] bytes = encode(3, ids);
        HybridRunDecoder decoder = new HybridRunDecoder();
        decoder.reset(bytes, 0, bytes.length, 3);
        int[] out = new int[64];
        assertThat(decoder.read(out, 0, 35, 5)).isTrue(); // ends inside group 4
        assertThat(decoder.skip(4)).isTrue(); // 35..38, ending inside group 4 as well
        assertThat(decoder.read(out, 39, 25, 5)).isTrue();
        for (int i = 0; i < 64; i++) {
            if (i < 35 || i >= 39) {
                assertThat(out[i]).as("id %d", i).isEqualTo(ids[i]);
            }
        }
        decoder.reset(bytes, 0, bytes.length, 3);
        assertThat(decoder.skip(37)).isTrue();
        assertThat(decoder.read(out, 0, 1, 5)).isFalse();
    }

    /** A skip that needs a group past the bytes fails, as a read of it does. */
    @Test
    void refusesToSkipIntoAGroupPastTheEnd() throws Exception {
        int[] values = new int[64];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 7;
        }
        byte[] bytes = encode(3, values);
        byte[] cut = Arrays.copyOf(bytes, bytes.length - 3); // the last group lost
        HybridRunDecoder decoder = new HybridRunDecoder();
        decoder.reset(cut, 0, cut.length, 3);
        assertThat(decoder.skip(56)).isTrue();
        assertThat(decoder.skip(1)).isFalse();
        decoder.reset(cut, 0, cut.length, 3);
        assertThat(decoder.skip(50)).isTrue();
        assertThat(decoder.read(new int[8], 0, 6)).isTrue();
        assertThat(decoder.read(new int[8], 0, 1)).isFalse();
    }

    /**
     * A selective read: a skip ending at every place inside a bit-packed group, then a read of a
     * value or a stretch running on into the next groups, and a skip from inside such a group; what
     * the skip left packed reads as parquet-column decodes it, also in the section's last bytes (no
     * byte after them) and on a decoder reused from a page left mid-group.
     */
    @ParameterizedTest
    @MethodSource("widths")
    void readsValuesOfAGroupASkipEndedInside(int width) throws Exception {
        int n = 1200;
        int[] expected = new int[n];
        Random random = new Random(width * 101L);
        for (int i = 0; i < n; i++) {
            // noise only: bit-packed runs throughout
            expected[i] = width == 0 ? 0 : (int) (random.nextLong() & ((1L << width) - 1));
        }
        byte[] bytes = encode(width, expected);
        HybridRunDecoder decoder = new HybridRunDecoder();
        for (int gap : new int[] {0, 1, 3, 7, 8, 9, 15, 99}) {
            for (int length : new int[] {1, 2, 7, 8, 13}) {
                int bound = width <= 30 ? 1 << width : -1;
                // the decoder was left inside a group of the page before
                decoder.reset(bytes, 0, bytes.length, width);
                assertThat(decoder.skip(5)).isTrue();
                decoder.reset(bytes, 0, bytes.length, width);
                int at = 0;
                int[] out = new int[length];
                while (at + gap + length <= n) {
                    assertThat(decoder.skip(gap)).isTrue();
                    at += gap;
                    Arrays.fill(out, -7);
                    assertThat(decoder.read(out, 0, length, bound))
                            .as("width %d, gap %d, read [%d, +%d)", width, gap, at, length)
                            .isTrue();
                    assertThat(out)
                            .as("width %d, gap %d, read [%d, +%d)", width, gap, at, length)
                            .isEqualTo(Arrays.copyOfRange(expected, at, at + length));
                    at += length;
                }
                // the rest, skipped whole but the last value, which is the section's last
                if (at < n) {
                    assertThat(decoder.skip(n - at - 1)).isTrue();
                    int[] last = new int[1];
                    assertThat(decoder.read(last, 0, 1)).isTrue();
                    assertThat(last[0]).isEqualTo(expected[n - 1]);
                }
            }
        }
    }
}
