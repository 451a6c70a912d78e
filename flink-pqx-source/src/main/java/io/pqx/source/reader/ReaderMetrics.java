package io.pqx.source.reader;

import java.util.function.Function;
import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.ThreadSafeSimpleCounter;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;

/**
 * The reader side's counters, registered in the source reader's metric group ({@code
 * SourceReaderContext.metricGroup()}); the fetcher thread counts, reporters read. See the module
 * README for what each means. Besides pqx's own counters, Flink's standard connector metrics
 * (FLIP-33) of the group: {@code numBytesIn} counts the bytes read from the files, as {@link
 * #BYTES_READ} does, and {@code pendingRecords} ({@link PendingRecords}) is registered by the
 * source reader from {@link #splitRows}.
 */
@Internal
public final class ReaderMetrics {
    /**
     * Rows of which the format decoded a column: with a row filter, every row it decided (its
     * columns decoded; late materialization decodes the others only for the rows kept); without,
     * every row read.
     */
    public static final String ROWS_DECODED = "pqxRowsDecoded";

    /** Decoded rows the row filter dropped (the predicate was FALSE or UNKNOWN on them). */
    public static final String ROWS_FILTERED = "pqxRowsFilteredOut";

    /** Decoded rows of fully matching row groups, emitted without the row filter. */
    public static final String ROWS_FULLY_MATCHED = "pqxRowsFullyMatched";

    /** Bytes read from the files (footers, indexes, pages). */
    public static final String BYTES_READ = "pqxBytesRead";

    /** Row groups of started splits skipped at their boundary by a runtime filter that arrived. */
    public static final String ROW_GROUPS_PRUNED_RUNTIME_FILTER =
            "pqxRowGroupsPrunedByRuntimeFilter";

    /** Row groups skipped because a bloom filter proves an {@code =}/{@code IN} value absent. */
    public static final String ROW_GROUPS_PRUNED_BLOOM_FILTER = "pqxRowGroupsPrunedByBloomFilter";

    /** Row groups skipped because no page's column-index bounds let a row match. */
    public static final String ROW_GROUPS_PRUNED_PAGE_INDEX = "pqxRowGroupsPrunedByPageIndex";

    /**
     * Data pages the page index proved unneeded (of the predicate's columns; the others' follow).
     */
    public static final String PAGES_PRUNED_PAGE_INDEX = "pqxPagesPrunedByPageIndex";

    /**
     * Files opened from the footer tail their split carried (the enumerator's read of the tail),
     * with no footer request of their own.
     */
    public static final String FOOTERS_FROM_SPLIT = "pqxFootersFromSplit";

    /**
     * Footer tails carried by a split that failed the footer's checks: the footer was read from the
     * file instead (and is refused there too if the file is damaged).
     */
    public static final String FOOTER_TAILS_REFUSED = "pqxFooterTailsRefused";

    /** Reader-side pruning steps that failed and so kept the data (a bad index, a bloom filter). */
    public static final String PRUNING_ERRORS = "pqxReaderPruningErrors";

    /**
     * Splits added to the reader (a source with a watermark column) whose least event time to come
     * was at or below the watermark the reader had emitted, or that had no event times once a
     * watermark was emitted: read in full, their earlier rows are late downstream.
     */
    public static final String LATE_SPLITS = "pqxLateSplits";

    final Counter rowsDecoded;
    final Counter rowsFiltered;
    final Counter rowsFullyMatched;
    final Counter bytesRead;
    final Counter rowGroupsPrunedByRuntimeFilter;
    final Counter rowGroupsPrunedByBloomFilter;
    final Counter rowGroupsPrunedByPageIndex;
    final Counter pagesPrunedByPageIndex;
    final Counter pruningErrors;
    final Counter footersFromSplit;
    final Counter footerTailsRefused;
    final Counter lateSplits;

    /** Flink's {@code numBytesIn} of the reader's IO group, or a counter registered nowhere. */
    private final Counter numBytesIn;

    /** The row counts of the splits opened, for {@code pendingRecords}. */
    final SplitRows splitRows = new SplitRows();

    private ReaderMetrics(Function<String, Counter> counter, Counter numBytesIn) {
        this.numBytesIn = numBytesIn;
        this.rowsDecoded = counter.apply(ROWS_DECODED);
        this.rowsFiltered = counter.apply(ROWS_FILTERED);
        this.rowsFullyMatched = counter.apply(ROWS_FULLY_MATCHED);
        this.bytesRead = counter.apply(BYTES_READ);
        this.rowGroupsPrunedByRuntimeFilter = counter.apply(ROW_GROUPS_PRUNED_RUNTIME_FILTER);
        this.rowGroupsPrunedByBloomFilter = counter.apply(ROW_GROUPS_PRUNED_BLOOM_FILTER);
        this.rowGroupsPrunedByPageIndex = counter.apply(ROW_GROUPS_PRUNED_PAGE_INDEX);
        this.pagesPrunedByPageIndex = counter.apply(PAGES_PRUNED_PAGE_INDEX);
        this.pruningErrors = counter.apply(PRUNING_ERRORS);
        this.footersFromSplit = counter.apply(FOOTERS_FROM_SPLIT);
        this.footerTailsRefused = counter.apply(FOOTER_TAILS_REFUSED);
        this.lateSplits = counter.apply(LATE_SPLITS);
    }

    /**
     * pqx's counters, registered in {@code group}, and Flink's {@code numBytesIn} of its IO group
     * counting alongside {@link #BYTES_READ}.
     */
    public static ReaderMetrics register(SourceReaderMetricGroup group) {
        return new ReaderMetrics(
                name -> group.counter(name, new ThreadSafeSimpleCounter()),
                group.getIOMetricGroup().getNumBytesInCounter());
    }

    /** Counters registered nowhere (tests). */
    public static ReaderMetrics unregistered() {
        return new ReaderMetrics(
                name -> new ThreadSafeSimpleCounter(), new ThreadSafeSimpleCounter());
    }

    /** Counts {@code bytes} read from a file: pqx's counter and Flink's {@code numBytesIn}. */
    void bytesRead(long bytes) {
        bytesRead.inc(bytes);
        numBytesIn.inc(bytes);
    }

    public long rowsDecoded() {
        return rowsDecoded.getCount();
    }

    public long rowsFiltered() {
        return rowsFiltered.getCount();
    }

    public long rowsFullyMatched() {
        return rowsFullyMatched.getCount();
    }

    public long bytesRead() {
        return bytesRead.getCount();
    }

    public long rowGroupsPrunedByRuntimeFilter() {
        return rowGroupsPrunedByRuntimeFilter.getCount();
    }

    public long rowGroupsPrunedByBloomFilter() {
        return rowGroupsPrunedByBloomFilter.getCount();
    }

    public long rowGroupsPrunedByPageIndex() {
        return rowGroupsPrunedByPageIndex.getCount();
    }

    public long pagesPrunedByPageIndex() {
        return pagesPrunedByPageIndex.getCount();
    }

    public long pruningErrors() {
        return pruningErrors.getCount();
    }

    public long footersFromSplit() {
        return footersFromSplit.getCount();
    }

    public long footerTailsRefused() {
        return footerTailsRefused.getCount();
    }

    public long lateSplits() {
        return lateSplits.getCount();
    }
}
