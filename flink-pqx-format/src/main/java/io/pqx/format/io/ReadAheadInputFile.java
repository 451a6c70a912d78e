package io.pqx.format.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * An {@link InputFile} that reads the next block of a planned sequence ahead, in the background,
 * while the caller works on the current one: a scan plans one block per row group (the byte spans
 * of its projected column chunks); once every byte of block {@code k} has been read, block {@code k
 * + 1} is fetched (on {@link ConcurrentReads}' shared daemon pool, under the file's {@link
 * RangeReadPolicy}) and the reads that later fall inside it are served from memory.
 *
 * <p>A group read together ({@link #readTogether}): spans that a caller will read in several steps,
 * one depending on the other (a filtered row group's predicate pages, then, for the rows they keep,
 * the other columns' pages), are all fetched in one wave, side by side, when the first read falls
 * into any of them; the later steps' reads are served from memory, each as often as asked. So the
 * steps cost one round trip instead of one each. A read waits for its own span's bytes only, not
 * for the whole wave: the first step's pages are decoded while the later steps' are arriving.
 *
 * <p>Guarantees: every read returns exactly the bytes the wrapped file holds (a block that failed
 * to fetch is dropped and the read goes to the file, so errors name the file as before); at most
 * one block is held at a time, and only a block of at most {@code budgetBytes} is read ahead (0:
 * never); a block is freed as soon as all its bytes were read, when a read falls in a later block,
 * or on {@link #close()}, which also waits for a fetch under way (no fetch outlives the file) and
 * skips one not started. At most one group read together is held besides, of at most {@code
 * budgetBytes}, until the next replaces it, {@link #readTogether} is given no spans, or the file is
 * closed. Safe for the concurrent reads the wrapped file's policy allows.
 */
@PublicEvolving
public final class ReadAheadInputFile extends ForwardingInputFile {
    private static final long MAX = Integer.MAX_VALUE - 16;
    private final long budgetBytes;
    private final List<Block> blocks = new ArrayList<>();
    private Block held; // the block read ahead, fetched or being fetched; guarded by this
    private Block together; // the group read together, if any; guarded by this
    private long groupsReadTogether; // guarded by this
    private boolean closed; // guarded by this
    private long blocksReadAhead; // guarded by this

    /** A byte span of a block: {@code [offset, offset + length)}. */
    @PublicEvolving
    public record Span(long offset, int length) {}

    /**
     * @param budgetBytes the largest block read ahead (0: none)
     */
    public ReadAheadInputFile(InputFile file, long budgetBytes) {
        super(file);
        if (budgetBytes < 0) {
            throw new IllegalArgumentException(
                    "read-ahead budget must not be negative, got " + budgetBytes);
        }
        this.budgetBytes = budgetBytes;
    }

    /**
     * Appends a block, the spans the caller will read as one step (a row group's column chunks), in
     * reading order. Spans closer than the file's {@link RangeReadPolicy#gapBytes()} are joined
     * (gap included), as a range reader joins them, so that any read the caller makes of them lies
     * in one span.
     */
    public synchronized void plan(List<Span> spans) {
        blocks.add(new Block(blocks.size(), join(spans)));
    }

    /**
     * Sets the spans the caller reads next in several dependent steps (joined as {@link #plan}
     * joins them): the first read that lies inside one of them fetches them all at once, and every
     * read inside them is then served from memory, until the next call replaces them (no spans:
     * none) or the file is closed. Spans adding up to more than the budget are not read together
     * (the reads go to the file as they come). Waits for a fetch of the group replaced that is
     * under way.
     */
    public void readTogether(List<Span> spans) {
        List<Span> joined = join(spans);
        long bytes = 0;
        for (Span s : joined) {
            bytes += s.length();
        }
        Block replaced;
        synchronized (this) {
            replaced = together;
            together =
                    closed || joined.isEmpty() || bytes > budgetBytes
                            ? null
                            : new Block(-1, joined);
        }
        if (replaced != null) {
            replaced.awaitQuietly(); // a fetch not started now never runs
            replaced.buffers = null;
        }
    }

    /** Groups fetched together so far; for tests and metrics. */
    public synchronized long groupsReadTogether() {
        return groupsReadTogether;
    }

    /** Spans sorted and joined across gaps up to the file's gap bytes. */
    private List<Span> join(List<Span> spans) {
        List<Span> sorted = new ArrayList<>(spans);
        sorted.sort(Comparator.comparingLong(Span::offset));
        long gap = delegate().rangeReadPolicy().gapBytes();
        List<Span> joined = new ArrayList<>();
        long start = -1;
        long end = -1;
        for (Span s : sorted) {
            if (start >= 0 && s.offset() - end <= gap && s.offset() + s.length() - start <= MAX) {
                end = Math.max(end, s.offset() + s.length());
                continue;
            }
            if (start >= 0) {
                joined.add(new Span(start, (int) (end - start)));
            }
            start = s.offset();
            end = s.offset() + s.length();
        }
        if (start >= 0) {
            joined.add(new Span(start, (int) (end - start)));
        }
        return joined;
    }

    /** Blocks fetched ahead so far; for tests and metrics. */
    public synchronized long blocksReadAhead() {
        return blocksReadAhead;
    }

    /** Bytes held ahead now (a block fetched or being fetched); for tests. */
    public synchronized long heldBytes() {
        return held == null ? 0 : held.bytes;
    }

    /** Bytes of the group read together now (fetched, being fetched or not yet); for tests. */
    public synchronized long togetherBytes() {
        return together == null ? 0 : together.bytes;
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
        if (readFromGroup(position, buffer, offset, length)) {
            return;
        }
        Block block = aheadBlock(position, length);
        byte[][] fetched = block == null ? null : block.await(delegate());
        byte[] bytes = null;
        int span = -1;
        if (fetched != null) {
            span = block.spanOf(position, length);
            synchronized (this) {
                bytes = fetched[span]; // null once handed over by takeHeld
            }
        } else if (block != null) {
            synchronized (this) {
                release(block); // its fetch failed: read what is asked, errors name the file
            }
        }
        if (bytes != null) {
            Span s = block.spans.get(span);
            System.arraycopy(bytes, (int) (position - s.offset()), buffer, offset, length);
        } else {
            super.readFully(position, buffer, offset, length);
        }
        Block planned = block != null ? block : plannedBlock(position, length);
        if (planned != null) {
            consumed(planned, length);
        }
    }

    /**
     * Hands over the array a block read ahead holds the range in, when the range is one whole span
     * of the block (as a range reader reads a planned row group: its column chunks, joined as
     * {@link #plan} joins them), instead of copying it out as {@link #readFully} does: a scan's row
     * group of tens of megabytes is then fetched into one array and decoded from it, not copied
     * into a second. Null when the range is not a whole span of a block read ahead (then read, and
     * served from memory, as before), or its span was handed over before (then read from the
     * wrapped file).
     */
    @Nullable
    @Override
    public Held takeHeld(long position, int length) throws IOException {
        Block block = aheadBlock(position, length);
        if (block == null) {
            return super.takeHeld(position, length);
        }
        byte[][] fetched = block.await(delegate());
        if (fetched == null) {
            synchronized (this) {
                release(block); // its fetch failed: the caller reads, errors name the file
            }
            return null;
        }
        int span = block.spanOf(position, length);
        Span s = block.spans.get(span);
        if (position != s.offset() || length != s.length()) {
            // a part of the span: the rest may still be read, from memory, so it stays here
            return null;
        }
        byte[] bytes;
        synchronized (this) {
            bytes = fetched[span];
            fetched[span] = null; // the caller's now: never served or handed over again
        }
        if (bytes == null) {
            return null;
        }
        consumed(block, length);
        return new Held(bytes, 0);
    }

    /**
     * The block read ahead that holds all of the range, if any; frees a block read ahead that the
     * scan moved past.
     */
    @Nullable
    private synchronized Block aheadBlock(long position, int length) {
        Block block = blockOf(position, length);
        if (block != null && held != null && held.index < block.index) {
            release(held); // the scan moved past it
        }
        return block != null && held == block ? block : null;
    }

    @Nullable
    private synchronized Block plannedBlock(long position, int length) {
        return blockOf(position, length);
    }

    /**
     * Serves the read from the group read together when it lies inside it (fetching the group first
     * if nobody has); false when it does not, or the group's fetch failed (then dropped).
     */
    private boolean readFromGroup(long position, byte[] buffer, int offset, int length)
            throws IOException {
        Block group;
        int span;
        synchronized (this) {
            group = together;
            span = group == null ? -1 : group.spanOf(position, length);
            if (span < 0) {
                return false;
            }
            if (!group.started) {
                group.started = true;
                groupsReadTogether++;
            }
        }
        // waits for this span's bytes only: the predicate's pages are decoded while the wave's
        // larger spans (the emitted columns' pages) are still arriving
        byte[] fetched = group.awaitSpan(delegate(), span);
        if (fetched == null) {
            synchronized (this) {
                if (together == group) {
                    together = null; // failed: read what is asked, errors name the file
                }
            }
            return false;
        }
        Span s = group.spans.get(span);
        System.arraycopy(fetched, (int) (position - s.offset()), buffer, offset, length);
        return true;
    }

    /** The planned block holding all of the range, if any. */
    private Block blockOf(long position, int length) {
        for (Block b : blocks) {
            if (b.spanOf(position, length) >= 0) {
                return b;
            }
        }
        return null;
    }

    private void consumed(Block block, int length) {
        Block next = null;
        synchronized (this) {
            block.consumed += length;
            if (block.consumed < block.bytes) {
                return;
            }
            if (held == block) {
                release(block);
            }
            int n = block.index + 1;
            if (!closed
                    && held == null
                    && n < blocks.size()
                    && blocks.get(n).bytes <= budgetBytes
                    && !blocks.get(n).started) {
                next = blocks.get(n);
                next.started = true;
                held = next;
                blocksReadAhead++;
            }
        }
        if (next != null) {
            Block fetching = next;
            ConcurrentReads.submit(() -> fetching.fetch(delegate()));
        }
    }

    private void release(Block block) {
        if (held == block) {
            held = null;
        }
        block.buffers = null;
    }

    /** Skips a fetch not started, waits for one under way, frees the block, closes the file. */
    @Override
    public void close() throws IOException {
        Block pending;
        Block group;
        synchronized (this) {
            closed = true;
            pending = held;
            held = null;
            group = together;
            together = null;
        }
        for (Block b : new Block[] {pending, group}) {
            if (b != null) {
                b.awaitQuietly(); // a fetch not started now never runs
                b.buffers = null;
            }
        }
        super.close();
    }

    /**
     * One planned block and, when read ahead, its bytes. Its spans are fetched side by side, each
     * in parts ({@link RangeReadPolicy#partBytes()}); a span's bytes can be taken as soon as its
     * own parts arrived ({@link #awaitSpan}), the whole block's once every part did ({@link
     * #await}).
     */
    private static final class Block {
        final int index;
        final List<Span> spans;
        final long bytes;
        final AtomicBoolean claim = new AtomicBoolean();
        final CountDownLatch done = new CountDownLatch(1); // every part read, or no fetch
        volatile byte[][] buffers;
        volatile boolean failed;
        long consumed; // guarded by the file
        boolean started; // guarded by the file
        @Nullable private int[] partsLeft; // per span, once the fetch started; guarded by this
        @Nullable private boolean[] spanFailed; // guarded by this
        private int readsLeft; // guarded by this

        Block(int index, List<Span> spans) {
            this.index = index;
            this.spans = spans;
            long sum = 0;
            for (Span s : spans) {
                sum += s.length();
            }
            this.bytes = sum;
        }

        int spanOf(long position, int length) {
            for (int i = 0; i < spans.size(); i++) {
                Span s = spans.get(i);
                if (position >= s.offset() && position + length <= s.offset() + s.length()) {
                    return i;
                }
            }
            return -1;
        }

        /**
         * Fetches the spans unless someone else claimed the fetch: starts the reads of their parts
         * and returns once none is left to take (the last to finish counts down {@link #done}).
         */
        void fetch(InputFile file) {
            if (!claim.compareAndSet(false, true)) {
                return;
            }
            List<Runnable> reads = new ArrayList<>();
            int concurrency = 1;
            try {
                RangeReadPolicy policy = file.rangeReadPolicy();
                concurrency = policy.concurrency();
                byte[][] fetched = new byte[spans.size()][];
                int[] parts = new int[spans.size()];
                for (int i = 0; i < spans.size(); i++) {
                    Span s = spans.get(i);
                    byte[] buffer = new byte[s.length()];
                    fetched[i] = buffer;
                    int part = concurrency > 1 ? policy.partBytes() : Integer.MAX_VALUE;
                    for (long at = 0; at < s.length(); at += part) {
                        int span = i;
                        int from = (int) at;
                        int length = (int) Math.min(part, s.length() - at);
                        parts[i]++;
                        reads.add(
                                () ->
                                        readPart(
                                                file,
                                                span,
                                                s.offset() + from,
                                                buffer,
                                                from,
                                                length));
                    }
                }
                buffers = fetched;
                synchronized (this) {
                    partsLeft = parts;
                    spanFailed = new boolean[spans.size()];
                    readsLeft = reads.size();
                }
            } catch (RuntimeException | OutOfMemoryError e) {
                failed = true;
                finished();
                return;
            }
            if (reads.isEmpty()) {
                finished();
                return;
            }
            ConcurrentReads.start(reads, concurrency);
        }

        /** One part of span {@code span}: read, then counted, whatever its outcome. */
        private void readPart(
                InputFile file, int span, long position, byte[] buffer, int from, int length) {
            boolean read = false;
            try {
                file.readFully(position, buffer, from, length);
                read = true;
            } catch (IOException | RuntimeException | Error e) {
                // the span is not served: its reads go to the file, whose errors name it (an
                // Error too: counted here, so that the block's fetch still ends)
            } finally {
                boolean last;
                synchronized (this) {
                    if (!read) {
                        spanFailed[span] = true;
                        failed = true;
                    }
                    partsLeft[span]--;
                    last = --readsLeft == 0;
                    notifyAll();
                }
                if (last) {
                    finished();
                }
            }
        }

        private void finished() {
            done.countDown();
            synchronized (this) {
                notifyAll();
            }
        }

        /**
         * The block's bytes, waited for; fetched here when no thread has started to (so a reader
         * never waits for a pool thread that is not running). Null when they are not there (the
         * fetch failed, or the block was freed).
         */
        byte[][] await(InputFile file) throws IOException {
            fetch(file);
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading ahead");
            }
            return failed ? null : buffers;
        }

        /**
         * The bytes of span {@code span}, waited for until its own parts arrived (fetching the
         * block here when no thread has started to); null when they are not there (its fetch
         * failed, no fetch ran, or the block was freed).
         */
        @Nullable
        byte[] awaitSpan(InputFile file, int span) throws IOException {
            fetch(file);
            synchronized (this) {
                while ((partsLeft == null || partsLeft[span] > 0) && done.getCount() > 0) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new InterruptedIOException("interrupted while reading ahead");
                    }
                }
                if (partsLeft == null || partsLeft[span] > 0 || spanFailed[span]) {
                    return null;
                }
            }
            byte[][] fetched = buffers;
            return fetched == null ? null : fetched[span];
        }

        /** Claims a fetch not started (it then never runs), or waits for the one under way. */
        void awaitQuietly() {
            if (claim.compareAndSet(false, true)) {
                finished();
                return;
            }
            boolean interrupted = false;
            while (true) {
                try {
                    done.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
