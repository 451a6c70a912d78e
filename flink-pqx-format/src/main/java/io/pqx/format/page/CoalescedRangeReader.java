package io.pqx.format.page;

import io.pqx.format.io.ConcurrentReads;
import io.pqx.format.io.InputFile;
import io.pqx.format.io.RangeReadPolicy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * Reads many byte ranges of a file with as few round trips as the file's {@link RangeReadPolicy}
 * allows: ranges that touch, overlap or lie at most {@link RangeReadPolicy#gapBytes()} apart are
 * merged into one length-checked read (column chunks of a row group usually lie back to back; the
 * bytes of a gap are read and never handed out), and each range comes back as a slice of its merged
 * buffer. With {@link RangeReadPolicy#concurrency()} above 1, the merged reads, and parts of {@link
 * RangeReadPolicy#partBytes()} of a long one, are fetched side by side ({@link ConcurrentReads});
 * with the {@link RangeReadPolicy#SEQUENTIAL} policy of local files reads are exactly as before:
 * touching ranges merged, one read after another.
 *
 * <p>A merged read whose bytes the file already holds in an array of their own ({@link
 * InputFile#takeHeld}: a row group read ahead) is not read again: its ranges come back as slices of
 * that array.
 *
 * <p>Callers validate each range against the file and their limits first; this class only bounds
 * merged reads by the largest Java array. Stateless.
 */
@Internal
public final class CoalescedRangeReader {
    private static final long MAX_BUFFER = Integer.MAX_VALUE - 16;

    private CoalescedRangeReader() {}

    /** A range to read. */
    public record Range(long offset, int length) {}

    /** Where a range's bytes ended up. */
    public record Slice(byte[] buffer, int offset, int length) {}

    /** Reads {@code ranges} under the file's own policy; the result lines up with them. */
    public static List<Slice> read(InputFile file, List<Range> ranges) throws IOException {
        return read(file, ranges, file.rangeReadPolicy(), null);
    }

    /**
     * As {@link #read(InputFile, List)}, into arrays taken from {@code buffers} (when not null):
     * one array for all the merged reads of the call (an array per merged read only when together
     * they would exceed the largest Java array); the caller gives each distinct {@link
     * Slice#buffer()} back when nothing reads it any more.
     */
    public static List<Slice> read(
            InputFile file, List<Range> ranges, @Nullable RangeBuffers buffers) throws IOException {
        return read(file, ranges, file.rangeReadPolicy(), buffers);
    }

    /**
     * Reads {@code ranges} under {@code policy}; the result lines up with them. A policy with
     * concurrency above 1 needs a file that accepts that many concurrent reads.
     */
    public static List<Slice> read(InputFile file, List<Range> ranges, RangeReadPolicy policy)
            throws IOException {
        return read(file, ranges, policy, null);
    }

    /** As {@link #read(InputFile, List, RangeBuffers)}, under {@code policy} (for tests). */
    static List<Slice> read(
            InputFile file,
            List<Range> ranges,
            RangeReadPolicy policy,
            @Nullable RangeBuffers buffers)
            throws IOException {
        Integer[] order = new Integer[ranges.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong(i -> ranges.get(i).offset()));
        List<Merged> merged = new ArrayList<>();
        long unheld = 0;
        boolean toRead = false;
        int i = 0;
        while (i < order.length) {
            long start = ranges.get(order[i]).offset();
            long end = start + ranges.get(order[i]).length();
            int j = i + 1;
            while (j < order.length) {
                Range next = ranges.get(order[j]);
                long mergedEnd = Math.max(end, next.offset() + next.length());
                if (next.offset() - end > policy.gapBytes() || mergedEnd - start > MAX_BUFFER) {
                    break;
                }
                end = mergedEnd;
                j++;
            }
            int length = (int) (end - start);
            // bytes the file holds already (read ahead) are taken as they are, not copied
            InputFile.Held held = length > 0 ? file.takeHeld(start, length) : null;
            merged.add(new Merged(i, j, start, length, held));
            if (held == null) {
                unheld += length;
                toRead = true;
            }
            i = j;
        }
        // From a reader's buffers, one array for all the merged reads of the call: the chunks a
        // query reads are seldom all adjacent (9 of lineitem's 16 columns lie in 6 runs), and an
        // array per run would be more arrays than the buffers keep, so most row groups would
        // allocate (and zero) arrays again.
        byte[] shared =
                buffers != null && toRead && unheld <= MAX_BUFFER
                        ? buffers.take((int) unheld)
                        : null;
        int sharedAt = 0;
        Slice[] slices = new Slice[ranges.size()];
        List<ConcurrentReads.Read> reads = new ArrayList<>();
        long part = policy.concurrency() > 1 ? policy.partBytes() : MAX_BUFFER;
        for (Merged m : merged) {
            byte[] buffer;
            int base;
            if (m.held() != null) {
                buffer = m.held().buffer();
                base = m.held().offset();
            } else {
                if (shared != null) {
                    buffer = shared;
                    base = sharedAt;
                    sharedAt += m.length();
                } else {
                    buffer = buffers == null ? new byte[m.length()] : buffers.take(m.length());
                    base = 0;
                }
                long from = m.start();
                long end = m.start() + m.length();
                do { // at least one read, so that even an empty range is checked against the file
                    long position = from;
                    int partLength = (int) Math.min(part, end - from);
                    int at = base + (int) (from - m.start());
                    reads.add(() -> file.readFully(position, buffer, at, partLength));
                    from += part;
                } while (from < end);
            }
            for (int k = m.first(); k < m.last(); k++) {
                Range r = ranges.get(order[k]);
                slices[order[k]] =
                        new Slice(buffer, base + (int) (r.offset() - m.start()), r.length());
            }
        }
        ConcurrentReads.run(reads, policy.concurrency());
        return new ArrayList<>(List.of(slices));
    }

    /**
     * One merged read: the sorted ranges {@code [first, last)}, and the bytes the file held for it
     * (null: to be read).
     */
    private record Merged(int first, int last, long start, int length, InputFile.Held held) {}
}
