package io.pqx.bench.lookup;

import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.table.data.RowData;

/**
 * One way of answering lookups into the dimension table, measured by {@link LookupRounds}: opened
 * (not timed), asked key after key (each call timed), closed. A contender is either synchronous
 * ({@link #lookup}) or asynchronous ({@link #lookupAsync}, with a bounded number in flight). Not
 * thread-safe, except that an asynchronous contender's futures may complete on other threads.
 */
interface LookupContender extends AutoCloseable {

    /** The name printed in RESULT and INFO lines, e.g. {@code pqx}. */
    String name();

    /** Makes it ready to answer: opens files, functions, caches. Not timed. */
    void open() throws Exception;

    /** Whether {@link #lookupAsync} is the way to ask it. */
    default boolean async() {
        return false;
    }

    /** The rows whose key is {@code key}; empty when none. */
    Collection<RowData> lookup(long key) throws Exception;

    /** The rows whose key is {@code key}, when they are known; only for {@link #async()} ones. */
    default CompletableFuture<Collection<RowData>> lookupAsync(long key) throws Exception {
        throw new UnsupportedOperationException(name() + " is synchronous");
    }

    /** What it did since {@link #open} worth printing (e.g. cache hits), or an empty string. */
    default String facts() {
        return "";
    }

    @Override
    void close() throws Exception;
}
