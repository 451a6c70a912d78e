package io.pqx.format.page;

import io.pqx.format.io.InputFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * Reads many byte ranges of a file with as few reads as possible: ranges that touch or overlap are
 * merged into one length-checked read (column chunks of a row group usually lie back to back), and
 * each range comes back as a slice of the merged buffer.
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

    /** Reads {@code ranges}; the result lines up with them. */
    public static List<Slice> read(InputFile file, List<Range> ranges) throws IOException {
        Integer[] order = new Integer[ranges.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong(i -> ranges.get(i).offset()));
        Slice[] slices = new Slice[ranges.size()];
        int i = 0;
        while (i < order.length) {
            long start = ranges.get(order[i]).offset();
            long end = start + ranges.get(order[i]).length();
            int j = i + 1;
            while (j < order.length) {
                Range next = ranges.get(order[j]);
                long mergedEnd = Math.max(end, next.offset() + next.length());
                if (next.offset() > end || mergedEnd - start > MAX_BUFFER) {
                    break;
                }
                end = mergedEnd;
                j++;
            }
            byte[] buffer = file.readFully(start, (int) (end - start));
            for (int k = i; k < j; k++) {
                Range r = ranges.get(order[k]);
                slices[order[k]] = new Slice(buffer, (int) (r.offset() - start), r.length());
            }
            i = j;
        }
        return new ArrayList<>(List.of(slices));
    }
}
