package io.pqx.format.decode;

import java.lang.ref.SoftReference;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The decode arrays, page buffers and row-group buffers of closed readers ({@link
 * DecodeArrays#park}), kept for the next reader to start with ({@link DecodeArrays#forReader}).
 *
 * <p>Why: a reader is opened per file (per split in a job, per query in the benchmarks), and a
 * fresh reader otherwise allocates, and the JVM zeroes, its page buffers and row-group buffers
 * again: for DuckDB's 1,000,000-row lineitem file (one row group, each column one page; 16 columns
 * about 60 MB decompressed, 25 MB compressed) about 90 MB per file, a fresh 30 MB array for the
 * largest page alone. Measured on repeated full scans of that file, a reader per scan (the source
 * suite's reader, JFR allocation samples and thread CPU, 2026-12-05): allocation per scan from
 * about 92 MB to 8 MB, thread CPU per scan about 3 to 5 % lower (0.100 to 0.105 s before, 0.097 s
 * after, on the shared 2-core machine under load; pqx's JVM touched its heap at start, as the
 * benchmarks do, so this is the zeroing and cache misses of fresh arrays, not page faults).
 *
 * <p>Guarantees: a set of arrays is handed to one reader at a time, only after the reader that
 * parked it was closed and only what its decoders had given back (so nothing reads them any more;
 * no vector points into them, as {@link DecodeArrays} says). At most {@link #MAX_KEPT} readers'
 * arrays and {@link #MAX_BYTES} bytes are kept, and only softly: the collector drops them before it
 * would run out of memory. Thread-safe.
 */
final class ParkedArrays {
    /** Closed readers whose arrays are kept (the newest). */
    static final int MAX_KEPT = 4;

    /**
     * Bytes kept at most, over all parked readers: above it the oldest are dropped. One reader of
     * DuckDB's 5,000,000-row file (row groups of 1,000,000 rows) parks about 110 MB.
     */
    static final long MAX_BYTES = 256L << 20;

    /** One closed reader's arrays. */
    record Contents(
            Map<PrimitiveTypeName, ArrayDeque<DecodeArrays.Set>> sets,
            Map<Integer, byte[]> pageBuffers,
            List<byte[]> rangeBuffers) {

        long bytes() {
            long n = 0;
            for (byte[] b : pageBuffers.values()) {
                n += b.length;
            }
            for (byte[] b : rangeBuffers) {
                n += b.length;
            }
            for (ArrayDeque<DecodeArrays.Set> deque : sets.values()) {
                for (DecodeArrays.Set s : deque) {
                    n += s.nulls().length + s.booleans().length;
                    n += 4L * (s.scratch().length + s.ints().length + s.floats().length);
                    n += 4L * (s.starts().length + s.lengths().length);
                    n += 8L * (s.longs().length + s.doubles().length);
                }
            }
            return n;
        }

        boolean isEmpty() {
            return sets.isEmpty() && pageBuffers.isEmpty() && rangeBuffers.isEmpty();
        }
    }

    private record Kept(SoftReference<Contents> contents, long bytes) {}

    private static final ArrayDeque<Kept> KEPT = new ArrayDeque<>();
    private static long keptBytes;

    private ParkedArrays() {}

    /** Keeps {@code contents} (no longer anyone's) for a later reader, within the bounds. */
    static synchronized void park(Contents contents) {
        long bytes = contents.bytes();
        if (contents.isEmpty() || bytes > MAX_BYTES) {
            return;
        }
        KEPT.addLast(new Kept(new SoftReference<>(contents), bytes));
        keptBytes += bytes;
        while (KEPT.size() > MAX_KEPT || keptBytes > MAX_BYTES) {
            keptBytes -= KEPT.removeFirst().bytes();
        }
    }

    /** The newest parked arrays still kept, now the caller's alone; null when there are none. */
    @Nullable
    static synchronized Contents take() {
        while (!KEPT.isEmpty()) {
            Kept kept = KEPT.removeLast();
            keptBytes -= kept.bytes();
            Contents contents = kept.contents().get();
            if (contents != null) {
                return contents;
            }
        }
        return null;
    }

    /** Drops everything kept (for tests). */
    static synchronized void clear() {
        KEPT.clear();
        keptBytes = 0;
    }
}
