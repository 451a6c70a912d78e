package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.ForwardingInputFile;
import io.pqx.format.io.RangeReadPolicy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link CoalescedRangeReader}: ranges closer than the policy's gap share one read and no more;
 * every range comes back in the caller's order with exactly its bytes (a gap's bytes never handed
 * out); long reads are split into parts fetched side by side under a concurrent policy; ranges
 * outside the file are still refused.
 */
class CoalescedRangeReaderTest {
    private static final byte[] DATA = new byte[1 << 20];

    static {
        new Random(7).nextBytes(DATA);
    }

    /**
     * A merged read whose bytes the file holds in an array of their own (read ahead) is taken as it
     * is: its ranges are slices of that array, at the offset the file gives, and the file is not
     * read for them; other merged reads are read as usual.
     */
    @Test
    void bytesTheFileHoldsAreTakenNotReadAgain() throws IOException {
        byte[] heldArray = new byte[500];
        System.arraycopy(DATA, 1000, heldArray, 50, 300);
        Recording file =
                new Recording(null) {
                    @Override
                    public Held takeHeld(long position, int length) {
                        return position == 1000 && length == 300 ? new Held(heldArray, 50) : null;
                    }
                };
        List<CoalescedRangeReader.Range> ranges =
                List.of(range(1000, 100), range(1100, 200), range(5000, 10));
        List<CoalescedRangeReader.Slice> slices =
                CoalescedRangeReader.read(file, ranges, RangeReadPolicy.SEQUENTIAL);
        assertThat(file.reads).containsExactly("5000+10");
        assertThat(slices.get(0).buffer()).isSameAs(heldArray);
        assertThat(slices.get(0).offset()).isEqualTo(50);
        assertThat(slices.get(1).offset()).isEqualTo(150);
        for (int i = 0; i < ranges.size(); i++) {
            CoalescedRangeReader.Slice s = slices.get(i);
            long at = ranges.get(i).offset();
            assertThat(Arrays.copyOfRange(s.buffer(), s.offset(), s.offset() + s.length()))
                    .isEqualTo(Arrays.copyOfRange(DATA, (int) at, (int) at + s.length()));
        }
    }

    /** Arrays come from the caller's buffers when given, sized at least to the merged read. */
    @Test
    void readsGoIntoArraysTakenFromTheBuffersGiven() throws IOException {
        RangeBuffers buffers = new RangeBuffers();
        byte[] lent = new byte[1000];
        Arrays.fill(lent, (byte) 7);
        buffers.give(lent);
        Recording file = new Recording(null);
        List<CoalescedRangeReader.Slice> slices =
                CoalescedRangeReader.read(file, List.of(range(100, 300), range(400, 100)), buffers);
        assertThat(slices.get(0).buffer()).isSameAs(lent);
        assertThat(slices.get(1).buffer()).isSameAs(lent);
        assertThat(Arrays.copyOfRange(lent, 0, 400)).isEqualTo(Arrays.copyOfRange(DATA, 100, 500));
        assertThat(buffers.reused()).isEqualTo(1);
        // too small for the next read: a new array (an eighth larger), not the smaller one
        buffers.give(new byte[10]);
        assertThat(CoalescedRangeReader.read(file, List.of(range(0, 20)), buffers).get(0).buffer())
                .hasSize(20 + 20 / 8);
    }

    /**
     * Merged reads apart from each other (a query's columns that do not lie side by side) share one
     * array taken from the buffers, each read at its own place in it, however they are fetched; a
     * merged read the file holds is taken as it is and gets no room in that array.
     */
    @ParameterizedTest(name = "concurrency {0}")
    @ValueSource(ints = {1, 3})
    void mergedReadsApartShareOneArrayTakenFromTheBuffers(int concurrency) throws IOException {
        RangeBuffers buffers = new RangeBuffers();
        byte[] heldArray = new byte[100];
        System.arraycopy(DATA, 3000, heldArray, 10, 40);
        Recording file =
                new Recording(null) {
                    @Override
                    public Held takeHeld(long position, int length) {
                        return position == 3000 ? new Held(heldArray, 10) : null;
                    }
                };
        List<CoalescedRangeReader.Range> ranges =
                List.of(
                        range(9000, 700),
                        range(100, 300),
                        range(3000, 40),
                        range(400, 50),
                        range(20_000, 0),
                        range(5000, 1000));
        RangeReadPolicy policy = new RangeReadPolicy(concurrency, 0, 256);

        List<CoalescedRangeReader.Slice> slices =
                CoalescedRangeReader.read(file, ranges, policy, buffers);

        assertSlicesHold(ranges, slices);
        assertThat(slices.get(2).buffer()).isSameAs(heldArray);
        byte[] shared = slices.get(0).buffer();
        for (int i : new int[] {1, 3, 4, 5}) {
            assertThat(slices.get(i).buffer()).as("range %d", i).isSameAs(shared);
        }
        // 350 + 1000 + 700 bytes read (the empty range read too, to check it against the file),
        // one array for them: an eighth more than asked, as any array the buffers make
        assertThat(shared).hasSize(2050 + 2050 / 8);
        assertThat(buffers.taken()).isEqualTo(1);
        assertThat(file.reads).doesNotContain("3000+40");
    }

    @Test
    void aGapIsReadThroughUpToTheThresholdAndNotBeyond() throws IOException {
        List<CoalescedRangeReader.Range> ranges =
                List.of(range(1000, 100), range(1150, 100)); // 50 bytes apart

        Recording merged = new Recording(null);
        CoalescedRangeReader.read(merged, ranges, new RangeReadPolicy(1, 50, Integer.MAX_VALUE));
        assertThat(merged.reads).containsExactly("1000+250");

        Recording apart = new Recording(null);
        CoalescedRangeReader.read(apart, ranges, new RangeReadPolicy(1, 49, Integer.MAX_VALUE));
        assertThat(apart.reads).containsExactly("1000+100", "1150+100");

        Recording sequential = new Recording(null);
        CoalescedRangeReader.read(sequential, ranges, RangeReadPolicy.SEQUENTIAL);
        assertThat(sequential.reads).containsExactly("1000+100", "1150+100");
    }

    @Test
    void touchingAndOverlappingRangesShareOneReadUnderEveryPolicy() throws IOException {
        List<CoalescedRangeReader.Range> ranges =
                List.of(range(200, 100), range(100, 100), range(250, 10));
        for (RangeReadPolicy policy : List.of(RangeReadPolicy.SEQUENTIAL, RangeReadPolicy.REMOTE)) {
            Recording file = new Recording(null);
            List<CoalescedRangeReader.Slice> slices =
                    CoalescedRangeReader.read(file, ranges, policy);
            assertThat(file.reads).containsExactly("100+200");
            assertSlicesHold(ranges, slices);
        }
    }

    @Test
    void slicesLineUpWithTheRangesAndHoldOnlyTheirBytes() throws IOException {
        Random random = new Random(3);
        List<CoalescedRangeReader.Range> ranges = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            int length = random.nextInt(3000);
            ranges.add(range(random.nextInt(DATA.length - length), length));
        }
        Collections.shuffle(ranges, random);
        for (RangeReadPolicy policy :
                List.of(
                        RangeReadPolicy.SEQUENTIAL,
                        new RangeReadPolicy(1, 4096, Integer.MAX_VALUE),
                        new RangeReadPolicy(4, 4096, 1000))) {
            Recording file = new Recording(null);
            List<CoalescedRangeReader.Slice> slices =
                    CoalescedRangeReader.read(file, ranges, policy);
            assertSlicesHold(ranges, slices);
        }
    }

    @Test
    void aLongReadIsFetchedInPartsSideBySide() throws IOException {
        // Every read waits (up to 10 s) until a second one is in flight: under a sequential
        // reader the first would wait alone.
        Recording file = new Recording(new CountDownLatch(2));
        List<CoalescedRangeReader.Range> ranges = List.of(range(500, 10_000));
        List<CoalescedRangeReader.Slice> slices =
                CoalescedRangeReader.read(file, ranges, new RangeReadPolicy(4, 0, 3000));
        assertThat(file.reads)
                .containsExactlyInAnyOrder("500+3000", "3500+3000", "6500+3000", "9500+1000");
        assertThat(file.mostInFlight.get()).isBetween(2, 4);
        assertSlicesHold(ranges, slices);
    }

    @Test
    void independentRangesAreFetchedSideBySideUnderAConcurrentPolicy() throws IOException {
        Recording file = new Recording(new CountDownLatch(3));
        List<CoalescedRangeReader.Range> ranges =
                List.of(range(0, 10), range(100_000, 10), range(200_000, 10), range(300_000, 10));
        CoalescedRangeReader.read(file, ranges, new RangeReadPolicy(3, 1000, 1 << 20));
        assertThat(file.reads).hasSize(4);
        assertThat(file.mostInFlight.get()).isEqualTo(3);
    }

    @Test
    void aRangeOutsideTheFileIsRefusedEvenInsideAMergedRead() {
        List<CoalescedRangeReader.Range> lying =
                List.of(range(DATA.length - 100, 50), range(DATA.length - 40, 100));
        for (RangeReadPolicy policy :
                List.of(RangeReadPolicy.SEQUENTIAL, new RangeReadPolicy(4, 1 << 20, 16))) {
            assertThatThrownBy(() -> CoalescedRangeReader.read(new Recording(null), lying, policy))
                    .isInstanceOf(CorruptFileException.class)
                    .hasMessageContaining("t.parquet");
        }
        List<CoalescedRangeReader.Range> empty = List.of(range(DATA.length + 5, 0));
        assertThatThrownBy(
                        () ->
                                CoalescedRangeReader.read(
                                        new Recording(null), empty, RangeReadPolicy.REMOTE))
                .isInstanceOf(CorruptFileException.class);
    }

    @Test
    void aFailingPartFailsTheReadWithItsOwnException() {
        Recording file = new Recording(null);
        file.failAt = 6500;
        assertThatThrownBy(
                        () ->
                                CoalescedRangeReader.read(
                                        file,
                                        List.of(range(500, 10_000)),
                                        new RangeReadPolicy(4, 0, 3000)))
                .isInstanceOf(IOException.class)
                .hasMessage("broken at 6500");
    }

    private static CoalescedRangeReader.Range range(long offset, int length) {
        return new CoalescedRangeReader.Range(offset, length);
    }

    private static void assertSlicesHold(
            List<CoalescedRangeReader.Range> ranges, List<CoalescedRangeReader.Slice> slices) {
        assertThat(slices).hasSize(ranges.size());
        for (int i = 0; i < ranges.size(); i++) {
            CoalescedRangeReader.Range r = ranges.get(i);
            CoalescedRangeReader.Slice s = slices.get(i);
            assertThat(s.length()).isEqualTo(r.length());
            assertThat(Arrays.copyOfRange(s.buffer(), s.offset(), s.offset() + s.length()))
                    .isEqualTo(
                            Arrays.copyOfRange(
                                    DATA, (int) r.offset(), (int) r.offset() + r.length()));
        }
    }

    /** Records reads as "position+length"; thread-safe; optionally holds reads until N overlap. */
    private static class Recording extends ForwardingInputFile {
        final List<String> reads = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger mostInFlight = new AtomicInteger();
        final CountDownLatch overlap;
        volatile long failAt = -1;

        Recording(CountDownLatch overlap) {
            super(new ByteArrayInputFile("memory://t.parquet", DATA));
            this.overlap = overlap;
        }

        @Override
        public void readFully(long position, byte[] buffer, int offset, int length)
                throws IOException {
            reads.add(position + "+" + length);
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                if (overlap != null) {
                    overlap.countDown();
                    overlap.await(10, TimeUnit.SECONDS);
                }
                if (position == failAt) {
                    throw new IOException("broken at " + position);
                }
                super.readFully(position, buffer, offset, length);
            } catch (InterruptedException e) {
                throw new IOException(e);
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }
}
