package io.pqx.bench.source;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The least time a selective query's job can take on case {@code objectstore}'s store, from the
 * same job on the local file: the local job's time, plus the round trips a file path needs one
 * after another ({@value #FILE_PATH_ROUND_TRIPS}: the file's status for its length, the footer at
 * the end of that length, the pages the footer points at) at the store's latency and the transfer
 * of the largest request of each wave of requests at one connection's bandwidth, less the part of
 * them that runs while the job starts up (from the enumerator's start, where the first request can
 * go out, to the source task's start, where the local job's reader asks for its split: the local
 * job waits for that anyway). Never less than the local job's time. Immutable.
 *
 * @param localNanos the local job's time
 * @param startupOverlapNanos the local job's time from the enumerator's start to the source task's
 * @param transferNanos the largest request of each wave at the bandwidth cap, summed
 * @param waves how many waves of requests the job on the store made one after another (requests
 *     that overlap in time are one wave); for the report, not in the floor
 * @param latencyNanos the store's time to first byte per request
 */
record StoreFloor(
        long localNanos,
        long startupOverlapNanos,
        long transferNanos,
        int waves,
        long latencyNanos) {

    /** Round trips a file path costs one after another through Flink's {@code FileSystem}. */
    static final int FILE_PATH_ROUND_TRIPS = 3;

    /**
     * The floor from a job on the store's requests (as {@link LatencyFileSystem#trace()} gives
     * them, in any order) and the local job's figures.
     */
    static StoreFloor of(
            long localNanos,
            long startupOverlapNanos,
            List<LatencyFileSystem.Request> storeRequests,
            long latencyNanos,
            long bytesPerSecond) {
        List<LatencyFileSystem.Request> sorted = new ArrayList<>(storeRequests);
        sorted.sort(Comparator.comparingLong(LatencyFileSystem.Request::startNanos));
        int waves = 0;
        long transfer = 0;
        long waveEnd = Long.MIN_VALUE;
        long waveLargest = 0;
        for (LatencyFileSystem.Request r : sorted) {
            if (r.startNanos() >= waveEnd) { // started after every request of the wave ended
                transfer += waveLargest * 1_000_000_000L / bytesPerSecond;
                waveLargest = 0;
                waves++;
            }
            waveEnd = Math.max(waveEnd, r.endNanos());
            waveLargest = Math.max(waveLargest, r.bytes());
        }
        transfer += waveLargest * 1_000_000_000L / bytesPerSecond;
        return new StoreFloor(localNanos, startupOverlapNanos, transfer, waves, latencyNanos);
    }

    /** The request chain's own time: the round trips and their transfer. */
    long chainNanos() {
        return FILE_PATH_ROUND_TRIPS * latencyNanos + transferNanos;
    }

    /** The least job time on the store. */
    long floorNanos() {
        return localNanos + Math.max(0, chainNanos() - startupOverlapNanos);
    }
}
