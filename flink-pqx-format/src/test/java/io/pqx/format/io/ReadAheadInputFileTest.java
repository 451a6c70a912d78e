package io.pqx.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link ReadAheadInputFile}: a scan's next block is fetched in the background once the current one
 * was read, reads then come from memory with exactly the file's bytes; a block over the budget is
 * never read ahead and at most one block is held; a failed fetch falls back to reading the file;
 * close waits for a fetch under way and frees the block. A group read together is fetched whole, in
 * one wave, by the first read inside it, and serves every later read inside it from memory, as
 * often as asked.
 */
class ReadAheadInputFileTest {
    private static final int BLOCK = 10_000;
    private static final byte[] DATA = new byte[8 * BLOCK];

    static {
        new Random(5).nextBytes(DATA);
    }

    @Test
    void eachNextBlockIsFetchedInTheBackgroundAndServedFromMemory() throws IOException {
        Recording file = new Recording();
        ReadAheadInputFile ahead = planned(file, 2 * BLOCK);
        for (int b = 0; b < 4; b++) {
            readBlock(ahead, b);
            assertThat(ahead.heldBytes()).isLessThanOrEqualTo(2 * BLOCK);
        }
        assertThat(ahead.blocksReadAhead()).isEqualTo(3);
        // block 0 read as asked (two spans); blocks 1 to 3 fetched ahead, in parts of half a span,
        // once each: none of their spans read again as asked
        assertThat(file.lengths(BLOCK)).isEqualTo(2);
        assertThat(file.lengths(BLOCK / 2)).isEqualTo(12);
        ahead.close();
        assertThat(ahead.heldBytes()).isZero();
    }

    @Test
    void readsAcrossTouchingSpansStillCountAndAreServedAhead() throws IOException {
        Recording file = new Recording();
        ReadAheadInputFile ahead = planned(file, 2 * BLOCK);
        for (int b = 0; b < 4; b++) {
            // as a range reader reads touching chunks: one read over both spans of the block
            int start = b * 2 * BLOCK;
            byte[] buffer = new byte[2 * BLOCK];
            ahead.readFully(start, buffer, 0, 2 * BLOCK);
            assertThat(buffer).isEqualTo(Arrays.copyOfRange(DATA, start, start + 2 * BLOCK));
        }
        assertThat(ahead.blocksReadAhead()).isEqualTo(3);
        assertThat(file.lengths(2 * BLOCK)).as("only block 0 read as asked").isEqualTo(1);
        ahead.close();
    }

    /**
     * A block read ahead is handed over, not copied: the caller gets the fetched array itself, the
     * file forgets it (so the caller may reuse it for other bytes), counts its span as read (the
     * next block is fetched), and serves a later read of it from the file.
     */
    @Test
    void aBlockReadAheadIsHandedOverOnceAndThenForgotten() throws IOException {
        Recording file = new Recording();
        ReadAheadInputFile ahead = planned(file, 2 * BLOCK);
        List<Long> counted = Collections.synchronizedList(new ArrayList<>());
        CountingInputFile counting = new CountingInputFile(ahead, counted::add);
        assertThat(counting.takeHeld(0, 2 * BLOCK)).as("block 0 is not read ahead").isNull();
        readBlock(counting, 0); // block 1 is fetched
        counted.clear();

        assertThat(counting.takeHeld(2 * BLOCK + 100, BLOCK)).as("part of a span").isNull();
        InputFile.Held held = counting.takeHeld(2 * BLOCK, 2 * BLOCK);
        assertThat(held).isNotNull();
        assertThat(Arrays.copyOfRange(held.buffer(), held.offset(), held.offset() + 2 * BLOCK))
                .isEqualTo(Arrays.copyOfRange(DATA, 2 * BLOCK, 4 * BLOCK));
        assertThat(counted).as("handed-over bytes count as read").containsExactly(2L * BLOCK);
        assertThat(ahead.blocksReadAhead()).as("the whole span counts as read").isEqualTo(2);
        // counted by length: the fetch of block 2, started by the hand-over, reads parts of half a
        // span in the background meanwhile, and only reads as asked are a whole span long
        long askedBefore = file.lengths(BLOCK);

        Arrays.fill(held.buffer(), (byte) 0); // the caller's now: reused for other bytes
        assertThat(ahead.takeHeld(2 * BLOCK, 2 * BLOCK)).as("handed over once").isNull();
        readBlock(ahead, 1); // from the file, with the file's bytes
        assertThat(file.lengths(BLOCK)).isEqualTo(askedBefore + 2);
        assertThat(ahead.takeHeld(4 * BLOCK, 2 * BLOCK)).as("block 2, fetched ahead").isNotNull();
        ahead.close();
    }

    @Test
    void aBlockOverTheBudgetIsNotReadAhead() throws IOException {
        Recording file = new Recording();
        ReadAheadInputFile ahead = planned(file, 2 * BLOCK - 1);
        for (int b = 0; b < 4; b++) {
            readBlock(ahead, b);
            assertThat(ahead.heldBytes()).isZero();
        }
        assertThat(ahead.blocksReadAhead()).isZero();
        assertThat(file.lengths(BLOCK)).isEqualTo(8);
        assertThat(file.lengths(BLOCK / 2)).isZero();
        ahead.close();
    }

    @Test
    void aFailedFetchFallsBackToReadingTheFile() throws IOException {
        Recording file = new Recording();
        file.failParts = true;
        ReadAheadInputFile ahead = planned(file, 2 * BLOCK);
        for (int b = 0; b < 4; b++) {
            readBlock(ahead, b); // checks the bytes
        }
        assertThat(ahead.blocksReadAhead()).isEqualTo(3);
        assertThat(file.lengths(BLOCK)).as("every span read as asked").isEqualTo(8);
        ahead.close();
    }

    @Test
    void closeWaitsForAFetchUnderWayAndFreesItsBlock() throws Exception {
        Recording file = new Recording();
        file.poolGate = new CountDownLatch(1);
        ReadAheadInputFile ahead = planned(file, 2 * BLOCK);
        readBlock(ahead, 0); // starts the fetch of block 1, held at the gate
        assertThat(file.poolStarted.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ahead.heldBytes()).isEqualTo(2 * BLOCK);
        Thread closer =
                new Thread(
                        () -> {
                            try {
                                ahead.close();
                            } catch (IOException e) {
                                throw new RuntimeException(e);
                            }
                        });
        closer.start();
        closer.join(300);
        assertThat(closer.isAlive()).as("close waits for the fetch under way").isTrue();
        file.poolGate.countDown();
        closer.join(10_000);
        assertThat(closer.isAlive()).isFalse();
        assertThat(file.closed).isTrue();
        assertThat(file.readsInFlight.get()).isZero();
        assertThat(ahead.heldBytes()).isZero();
    }

    @Test
    void aGroupReadTogetherIsFetchedOnceByItsFirstReadAndServesEveryLaterRead() throws IOException {
        Recording file = new Recording();
        ReadAheadInputFile ahead = new ReadAheadInputFile(file, 3 * BLOCK);
        // a predicate's page, then an emitted column's page far from it, then the first again
        List<ReadAheadInputFile.Span> group =
                List.of(
                        new ReadAheadInputFile.Span(BLOCK, BLOCK),
                        new ReadAheadInputFile.Span(5L * BLOCK, BLOCK));
        ahead.readTogether(group);
        assertThat(ahead.togetherBytes()).isEqualTo(2 * BLOCK);
        readSpan(ahead, BLOCK, BLOCK);
        assertThat(file.lengths(BLOCK / 2))
                .as("both spans fetched by the first read, in parts")
                .isEqualTo(4);
        readSpan(ahead, 5 * BLOCK + 100, BLOCK - 200);
        readSpan(ahead, BLOCK, BLOCK);
        assertThat(file.reads).as("nothing read as asked").hasSize(4);
        assertThat(ahead.groupsReadTogether()).isEqualTo(1);

        readSpan(ahead, 3 * BLOCK, BLOCK); // outside the group: read as asked
        assertThat(file.lengths(BLOCK)).isEqualTo(1);

        ahead.readTogether(List.of()); // the next row group reads no group: freed
        assertThat(ahead.togetherBytes()).isZero();
        readSpan(ahead, BLOCK, BLOCK);
        assertThat(file.lengths(BLOCK)).isEqualTo(2);
        ahead.close();
    }

    @Test
    void aReadInAGroupWaitsForItsOwnSpanOnlyNotTheWholeWave() throws Exception {
        Recording file = new Recording();
        file.concurrency = 4;
        file.holdFrom = 5L * BLOCK; // the emitted column's pages arrive late
        file.holdGate = new CountDownLatch(1);
        ReadAheadInputFile ahead = new ReadAheadInputFile(file, 3 * BLOCK);
        ahead.readTogether(
                List.of(
                        new ReadAheadInputFile.Span(BLOCK, BLOCK),
                        new ReadAheadInputFile.Span(5L * BLOCK, BLOCK)));
        Thread late =
                new Thread(
                        () -> {
                            try {
                                readSpan(ahead, 5 * BLOCK, BLOCK); // starts the wave
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        });
        late.start();
        assertThat(file.poolStarted.await(10, TimeUnit.SECONDS)).isTrue();
        long started = System.nanoTime();
        readSpan(ahead, BLOCK, BLOCK); // the predicate's pages: not held
        assertThat(System.nanoTime() - started)
                .as("served before the held span arrived")
                .isLessThan(TimeUnit.SECONDS.toNanos(5));
        assertThat(late.isAlive()).as("the held span is still awaited").isTrue();
        assertThat(file.lengths(BLOCK)).as("served from the wave, not read as asked").isZero();
        file.holdGate.countDown();
        late.join(10_000);
        assertThat(late.isAlive()).isFalse();
        assertThat(file.lengths(BLOCK / 2)).as("one wave of four parts").isEqualTo(4);
        assertThat(file.lengths(BLOCK)).isZero();
        ahead.close();
        assertThat(file.readsInFlight.get()).isZero();
    }

    @Test
    void aGroupOverTheBudgetIsNotReadTogether() throws IOException {
        Recording file = new Recording();
        ReadAheadInputFile ahead = new ReadAheadInputFile(file, 2 * BLOCK - 1);
        ahead.readTogether(
                List.of(
                        new ReadAheadInputFile.Span(BLOCK, BLOCK),
                        new ReadAheadInputFile.Span(5L * BLOCK, BLOCK)));
        assertThat(ahead.togetherBytes()).isZero();
        readSpan(ahead, BLOCK, BLOCK);
        readSpan(ahead, 5 * BLOCK, BLOCK);
        assertThat(file.lengths(BLOCK)).isEqualTo(2);
        assertThat(ahead.groupsReadTogether()).isZero();
        ahead.close();
    }

    @Test
    void aGroupThatFailsToFetchFallsBackToReadingTheFile() throws IOException {
        Recording file = new Recording();
        file.failParts = true;
        ReadAheadInputFile ahead = new ReadAheadInputFile(file, 3 * BLOCK);
        ahead.readTogether(
                List.of(
                        new ReadAheadInputFile.Span(BLOCK, BLOCK),
                        new ReadAheadInputFile.Span(5L * BLOCK, BLOCK)));
        readSpan(ahead, BLOCK, BLOCK); // checks the bytes
        readSpan(ahead, 5 * BLOCK, BLOCK);
        assertThat(file.lengths(BLOCK)).as("every read as asked").isEqualTo(2);
        assertThat(ahead.togetherBytes()).isZero();
        ahead.close();
        assertThat(file.closed).isTrue();
    }

    private static void readSpan(InputFile file, int start, int length) throws IOException {
        byte[] buffer = new byte[length + 3];
        file.readFully(start, buffer, 3, length);
        assertThat(Arrays.copyOfRange(buffer, 3, length + 3))
                .isEqualTo(Arrays.copyOfRange(DATA, start, start + length));
    }

    /** Blocks of two spans each: {@code [b * 2 * BLOCK, ...)} in two halves. */
    private static ReadAheadInputFile planned(InputFile file, long budget) {
        ReadAheadInputFile ahead = new ReadAheadInputFile(file, budget);
        for (int b = 0; b < 4; b++) {
            ahead.plan(
                    List.of(
                            new ReadAheadInputFile.Span((long) b * 2 * BLOCK, BLOCK),
                            new ReadAheadInputFile.Span((long) b * 2 * BLOCK + BLOCK, BLOCK)));
        }
        return ahead;
    }

    /** Reads block {@code b} as a loader would (each span in two reads), checking the bytes. */
    private static void readBlock(InputFile file, int b) throws IOException {
        for (int half = 0; half < 2; half++) {
            int start = b * 2 * BLOCK + half * BLOCK;
            byte[] buffer = new byte[BLOCK + 3];
            file.readFully(start, buffer, 3, BLOCK);
            assertThat(Arrays.copyOfRange(buffer, 3, BLOCK + 3))
                    .isEqualTo(Arrays.copyOfRange(DATA, start, start + BLOCK));
        }
    }

    /**
     * A file in memory that records the length of every read, and can fail or hold the reads of
     * parts (half a span: the read-ahead's).
     */
    private static final class Recording extends ForwardingInputFile {
        final List<Integer> reads = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger readsInFlight = new AtomicInteger();
        final CountDownLatch poolStarted = new CountDownLatch(1);
        volatile boolean failParts;
        volatile CountDownLatch poolGate;
        volatile boolean closed;
        volatile int concurrency = 2;
        volatile long holdFrom = Long.MAX_VALUE; // reads from here on wait for holdGate
        volatile CountDownLatch holdGate;

        Recording() {
            super(new ByteArrayInputFile("memory://t.parquet", DATA));
        }

        @Override
        public RangeReadPolicy rangeReadPolicy() {
            return new RangeReadPolicy(concurrency, 0, BLOCK / 2);
        }

        @Override
        public void readFully(long position, byte[] buffer, int offset, int length)
                throws IOException {
            boolean part = length == BLOCK / 2;
            readsInFlight.incrementAndGet();
            try {
                reads.add(length);
                if (holdGate != null && position >= holdFrom) {
                    holdGate.await(10, TimeUnit.SECONDS);
                }
                if (part) {
                    poolStarted.countDown();
                    if (failParts) {
                        throw new IOException("fetch failed");
                    }
                    if (poolGate != null) {
                        poolGate.await(10, TimeUnit.SECONDS);
                    }
                }
                super.readFully(position, buffer, offset, length);
            } catch (InterruptedException e) {
                throw new IOException(e);
            } finally {
                readsInFlight.decrementAndGet();
            }
        }

        long lengths(int length) {
            synchronized (reads) {
                return reads.stream().filter(l -> l == length).count();
            }
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
