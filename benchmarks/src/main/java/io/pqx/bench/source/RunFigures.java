package io.pqx.bench.source;

/**
 * One run's figures in suite {@code source}: wall time, the process's CPU time, the calling
 * thread's CPU time (a reader runs on it; -1 for a job, which runs on the cluster's threads), and,
 * where the contender can tell, the bytes it read and the rows it decoded (-1 if unknown).
 * Immutable.
 */
record RunFigures(
        long wallNanos, long cpuNanos, long threadCpuNanos, long bytesRead, long rowsDecoded) {

    /** The cores the process kept busy during the run: its CPU time over the wall time. */
    double cores() {
        return (double) cpuNanos / Math.max(1, wallNanos);
    }
}
