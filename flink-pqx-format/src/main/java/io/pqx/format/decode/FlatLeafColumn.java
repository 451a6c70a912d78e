package io.pqx.format.decode;

import io.pqx.format.error.FileContext;
import io.pqx.format.page.ChunkPageReader;
import io.pqx.format.schema.PrimitiveNode;
import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;
import javax.annotation.Nullable;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.column.ColumnReadStore;

/**
 * A top-level primitive field of the projection (not repeated, so one entry per row): writes its
 * rows straight into the batch column. When its chunk qualifies ({@link FlatChunkReader#supports})
 * it decodes whole pages in bulk through a {@link FlatChunkReader}; otherwise it runs one tight
 * loop per read over parquet-column's {@code ColumnReader}. Row and value accounting are the same
 * for both paths, so both read, skip and fail identically.
 */
final class FlatLeafColumn extends LeafColumn {
    /** Off switch for comparisons: {@code -Dpqx.decode.gather=false} (stretch by stretch). */
    static volatile boolean gatherEnabled =
            !"false".equals(System.getProperty("pqx.decode.gather"));

    /** Stretches read by gathering (for tests: that a selection took the path). */
    static final LongAdder GATHERED = new LongAdder();

    @Nullable private FlatChunkReader bulk;

    FlatLeafColumn(PrimitiveNode node, FileContext ctx) {
        super(node, ctx);
    }

    /** Opens the leaf on its fast path {@code bulk}, or on a column reader from {@code store}. */
    void open(
            ColumnReadStore store,
            ChunkPageReader pages,
            ValueDecoder decoder,
            boolean paged,
            @Nullable FlatChunkReader bulk)
            throws IOException {
        this.bulk = bulk;
        openChunk(store, pages, decoder, paged, bulk);
    }

    /** Gives its bulk reader's decode arrays back; the leaf must not be read after. */
    void release() {
        if (bulk != null) {
            bulk.release();
        }
    }

    /** Whether the leaf decodes in bulk ({@link FlatChunkReader}) rather than value by value. */
    boolean bulk() {
        return bulk != null;
    }

    /** Writes the next {@code rows} rows into {@code vector} from {@code pos}. */
    void read(WritableColumnVector vector, int pos, int rows) throws IOException {
        checkRemaining(rows);
        try {
            if (bulk != null) {
                bulk.read(vector, pos, rows);
            } else {
                decoder.decodeFlat(reader, vector, pos, rows, maxDefinitionLevel);
            }
        } catch (RuntimeException e) {
            throw DecodeFailure.of(ctx, pages.currentPageOrdinal(), e);
        }
        consumed += rows;
        rowsRead(rows);
    }

    /**
     * Reads stretches {@code [k, count)} of a batch, stretch {@code j} being rows {@code [rows[j],
     * rows[j] + lengths[j])} (in order, apart) into {@code vector[at[j]...]}, {@code at} running
     * back to back; as {@link #skipTo} and {@link #read} of each in turn would, but the stretches
     * that lie on one page, apart from the first, are gathered in one pass where the page allows
     * ({@link FlatChunkReader#gather}): a selective read of scattered rows otherwise pays a chain
     * of calls, a skip and a one-value read, per selected row and column.
     *
     * <p>Measured (source suite, case codecs, 1,000,000 rows, 3 rounds, reader thread CPU, the
     * unsorted 1 % query, one run before and one after on the shared 2-core machine, together with
     * the arrays kept across readers, {@link ParkedArrays}): over the UNCOMPRESSED copy 0.045 s
     * before, 0.040 s after (late materialization against none 1.12 before, 1.34 after); over the
     * LZ4_RAW copy 0.050 and 0.045 s (1.22 and 1.30). Before, JFR put a quarter of the query's
     * samples in that chain for dictionary-encoded columns alone.
     */
    void readStretches(WritableColumnVector vector, long[] rows, int[] at, int[] lengths, int count)
            throws IOException {
        int k = 0;
        while (k < count) {
            skipTo(rows[k]);
            // (a row past the stretch's start would mean its page is missing: read as before)
            int m =
                    bulk == null || count - k < 2 || !gatherEnabled || row != rows[k]
                            ? 0
                            : onPage(rows, lengths, k, count);
            if (m >= 2 && gatherOnPage(vector, rows, at, lengths, k, m)) {
                k += m;
                continue;
            }
            read(vector, at[k], lengths[k]);
            k++;
        }
    }

    /**
     * How many stretches from {@code k} lie within the current page, ending before its last entry
     * (a read that ends a page moves to the next one; that stays with {@link #read}).
     */
    private int onPage(long[] rows, int[] lengths, int k, int count) {
        long limit = row + Math.min(bulk.pageLeft(), totalValues - consumed) - 1;
        int j = k;
        while (j < count && rows[j] + lengths[j] <= limit) {
            j++;
        }
        return j - k;
    }

    private int[] offsets = new int[0];
    private int[] gatherLengths = new int[0];

    private boolean gatherOnPage(
            WritableColumnVector vector, long[] rows, int[] at, int[] lengths, int k, int m)
            throws IOException {
        if (offsets.length < m) {
            offsets = new int[Math.max(m, 2 * offsets.length)];
            gatherLengths = new int[offsets.length];
        }
        long base = row;
        for (int j = 0; j < m; j++) {
            offsets[j] = (int) (rows[k + j] - base);
            gatherLengths[j] = lengths[k + j];
        }
        long span = rows[k + m - 1] + lengths[k + m - 1] - base;
        boolean done;
        try {
            done = bulk.gather(offsets, gatherLengths, m, vector, at[k]);
        } catch (RuntimeException e) {
            throw DecodeFailure.of(ctx, pages.currentPageOrdinal(), e);
        }
        if (done) {
            GATHERED.add(m);
            consumed += span;
            row += span; // within the page: no page came
        }
        return done;
    }

    @Override
    void skipRows(long rows) throws IOException {
        checkRemaining(rows);
        if (bulk != null) {
            bulk.skip(rows);
            consumed += rows;
            return;
        }
        for (long i = 0; i < rows; i++) {
            skipEntry();
        }
    }

    /**
     * On the fast path, drops whole stretches of a page at once, tracking the row as the base does.
     */
    @Override
    void skipPagedTo(long target) throws IOException {
        if (bulk == null) {
            super.skipPagedTo(target);
            return;
        }
        while (row < target) {
            if (consumed == totalValues) {
                throw endedEarly();
            }
            int n = (int) Math.min(Math.min(target - row, bulk.pageLeft()), totalValues - consumed);
            bulk.skip(n);
            consumed += n;
            if (pages.pagesReturned() != pagesSeen) {
                pagesSeen = pages.pagesReturned();
                row = pages.currentPageFirstRow();
            } else {
                // the per-entry loop counts no row for an entry that ends the chunk
                row += consumed < totalValues ? n : n - 1;
            }
        }
    }
}
