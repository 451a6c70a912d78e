package io.pqx.e2e.s3;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * What the local S3 server did, as its blob store saw it: every object GET (key, the range asked,
 * the bytes actually streamed back), the most GETs in flight at once, HEADs, PUTs and multipart
 * uploads started, completed and aborted.
 *
 * <p>Written by the server's request threads ({@link CountingBlobStore}), read by the test thread;
 * thread-safe. {@link #reset()} starts a new count (between the phases of a test).
 */
final class S3Traffic {

    /** One GET of an object: its key, whether a byte range was asked, and the bytes sent. */
    record Get(String key, String range, AtomicLong bytes) {
        boolean ranged() {
            return range != null;
        }
    }

    /** The GETs of some objects, summed: requests, ranged requests, bytes served. */
    record Reads(long requests, long rangedRequests, long bytes) {
        @Override
        public String toString() {
            return requests + " GETs (" + rangedRequests + " ranged), " + bytes + " bytes served";
        }
    }

    private final List<Get> gets = new CopyOnWriteArrayList<>();
    private final AtomicLong heads = new AtomicLong();
    private final AtomicInteger getsInFlight = new AtomicInteger();
    private final AtomicInteger mostGetsInFlight = new AtomicInteger();
    private final AtomicLong puts = new AtomicLong();
    private final AtomicLong uploadsStarted = new AtomicLong();
    private final AtomicLong uploadsCompleted = new AtomicLong();
    private final AtomicLong uploadsAborted = new AtomicLong();
    private final AtomicLong partsUploaded = new AtomicLong();

    /** Records a GET; the caller adds the bytes to the returned record as they are streamed. */
    Get get(String key, String range) {
        Get get = new Get(key, range, new AtomicLong());
        gets.add(get);
        return get;
    }

    /** A GET's body starts streaming. */
    void getStarted() {
        mostGetsInFlight.accumulateAndGet(getsInFlight.incrementAndGet(), Math::max);
    }

    /** A GET's body is done. */
    void getEnded() {
        getsInFlight.decrementAndGet();
    }

    /** The most GET bodies streaming at once since the last {@link #reset()}. */
    int mostGetsInFlight() {
        return mostGetsInFlight.get();
    }

    void head() {
        heads.incrementAndGet();
    }

    void put() {
        puts.incrementAndGet();
    }

    void uploadStarted() {
        uploadsStarted.incrementAndGet();
    }

    void uploadCompleted() {
        uploadsCompleted.incrementAndGet();
    }

    void uploadAborted() {
        uploadsAborted.incrementAndGet();
    }

    void partUploaded() {
        partsUploaded.incrementAndGet();
    }

    /** The GETs of the objects whose key the filter accepts. */
    Reads reads(Predicate<String> keys) {
        long requests = 0;
        long ranged = 0;
        long bytes = 0;
        for (Get get : gets) {
            if (keys.test(get.key())) {
                requests++;
                ranged += get.ranged() ? 1 : 0;
                bytes += get.bytes().get();
            }
        }
        return new Reads(requests, ranged, bytes);
    }

    long heads() {
        return heads.get();
    }

    long puts() {
        return puts.get();
    }

    long uploadsStarted() {
        return uploadsStarted.get();
    }

    long uploadsCompleted() {
        return uploadsCompleted.get();
    }

    long uploadsAborted() {
        return uploadsAborted.get();
    }

    long partsUploaded() {
        return partsUploaded.get();
    }

    void reset() {
        gets.clear();
        mostGetsInFlight.set(getsInFlight.get());
        for (AtomicLong counter :
                List.of(
                        heads,
                        puts,
                        uploadsStarted,
                        uploadsCompleted,
                        uploadsAborted,
                        partsUploaded)) {
            counter.set(0);
        }
    }

    @Override
    public String toString() {
        return reads(key -> true)
                + ", "
                + heads
                + " HEADs, "
                + puts
                + " PUTs, multipart uploads: "
                + uploadsStarted
                + " started, "
                + uploadsCompleted
                + " completed, "
                + uploadsAborted
                + " aborted, "
                + partsUploaded
                + " parts";
    }
}
