package io.pqx.format.io;

import org.apache.flink.annotation.PublicEvolving;

/**
 * How a reader should plan many range reads of one {@link InputFile}: how many reads it may have in
 * flight at once, how large a gap between two wanted ranges it reads through rather than asking for
 * the ranges apart, and into how large parts it splits one long read so that the parts can be
 * fetched side by side. Immutable.
 *
 * <p>{@link #SEQUENTIAL} (every file's default: local disks and memory) keeps reads as they were:
 * only touching ranges merged, one read after another, nothing split. {@link #REMOTE} is for object
 * stores and distributed file systems, where each request costs a round trip of tens of
 * milliseconds and a single connection is bandwidth-capped, but several connections are not.
 *
 * @param concurrency reads in flight at once for one batch of ranges (1: one after another); an
 *     {@link InputFile} whose policy says more than 1 accepts that many concurrent {@code
 *     readFully} calls
 * @param gapBytes largest gap between two wanted ranges that is read through (its bytes are fetched
 *     and dropped) instead of splitting the read; 0 merges only touching ranges
 * @param partBytes longest read handed to the file at once when {@code concurrency > 1}: a longer
 *     merged read is fetched as parts of this size in parallel, into the same buffer
 */
@PublicEvolving
public record RangeReadPolicy(int concurrency, int gapBytes, int partBytes) {

    /** One read after another, touching ranges merged; what local files use. */
    public static final RangeReadPolicy SEQUENTIAL = new RangeReadPolicy(1, 0, Integer.MAX_VALUE);

    /**
     * Object stores: 8 reads in flight, gaps up to 128 KiB read through, reads split into 4 MiB
     * parts. With reads in flight side by side a separate range costs a request, not a round trip,
     * so the gap is kept small (about a few milliseconds of one connection's bandwidth): it saves
     * requests for the small holes between pages and chunks without fetching much that is thrown
     * away. A 4 MiB part takes 40 to 80 ms at 100 to 50 MB/s per connection, two to four round
     * trips, so splitting longer reads into such parts costs few requests and multiplies the
     * bandwidth of one connection: a row group of tens of MB arrives in a few round trips.
     */
    public static final RangeReadPolicy REMOTE = new RangeReadPolicy(8, 128 << 10, 4 << 20);

    public RangeReadPolicy {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be positive, got " + concurrency);
        }
        if (gapBytes < 0) {
            throw new IllegalArgumentException("gapBytes must not be negative, got " + gapBytes);
        }
        if (partBytes < 1) {
            throw new IllegalArgumentException("partBytes must be positive, got " + partBytes);
        }
    }
}
