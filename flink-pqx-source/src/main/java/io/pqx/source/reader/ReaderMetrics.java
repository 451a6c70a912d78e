package io.pqx.source.reader;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.ThreadSafeSimpleCounter;

/**
 * The reader side's counters, registered in the source reader's metric group ({@code
 * SourceReaderContext.metricGroup()}); the fetcher thread counts, reporters read. See the module
 * README for what each means.
 */
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

    final Counter rowsDecoded;
    final Counter rowsFiltered;
    final Counter rowsFullyMatched;
    final Counter bytesRead;

    private ReaderMetrics(Counter rowsDecoded, Counter rowsFiltered, Counter rowsFullyMatched,
            Counter bytesRead) {
        this.rowsDecoded = rowsDecoded;
        this.rowsFiltered = rowsFiltered;
        this.rowsFullyMatched = rowsFullyMatched;
        this.bytesRead = bytesRead;
    }

    /** The counters, registered in {@code group}. */
    public static ReaderMetrics register(MetricGroup group) {
        return new ReaderMetrics(
                group.counter(ROWS_DECODED, new ThreadSafeSimpleCounter()),
                group.counter(ROWS_FILTERED, new ThreadSafeSimpleCounter()),
                group.counter(ROWS_FULLY_MATCHED, new ThreadSafeSimpleCounter()),
                group.counter(BYTES_READ, new ThreadSafeSimpleCounter()));
    }

    /** Counters registered nowhere (tests). */
    public static ReaderMetrics unregistered() {
        return new ReaderMetrics(new ThreadSafeSimpleCounter(), new ThreadSafeSimpleCounter(),
                new ThreadSafeSimpleCounter(), new ThreadSafeSimpleCounter());
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
}
