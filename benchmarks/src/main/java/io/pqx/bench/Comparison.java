package io.pqx.bench;

import java.util.Locale;

/**
 * The outcome of one measurement: pqx's and a peer's median throughput, in rows per second.
 *
 * <p>{@link #resultLine()} is the machine-read contract of every suite: exactly one line {@code
 * RESULT <name> pqx=<rows/s> <peer>=<rows/s> ratio=<pqx/peer> unit=rows/s} (or {@code
 * unit=rows/cpu-s} for a CPU-time comparison); a ratio above 1 means pqx is faster. Immutable.
 *
 * @param name the measurement, e.g. {@code format_write}
 * @param peer the peer's name, e.g. {@code parquetjava}
 * @param pqxRowsPerSecond pqx's median throughput
 * @param peerRowsPerSecond the peer's median throughput
 * @param unit what the throughputs count: {@code rows/s} (wall clock) unless a suite says
 *     otherwise, e.g. {@code rows/cpu-s}
 */
public record Comparison(
        String name, String peer, double pqxRowsPerSecond, double peerRowsPerSecond, String unit) {

    /** A wall-clock comparison, in rows per second. */
    public Comparison(String name, String peer, double pqxRowsPerSecond, double peerRowsPerSecond) {
        this(name, peer, pqxRowsPerSecond, peerRowsPerSecond, "rows/s");
    }

    /** pqx's throughput over the peer's. */
    public double ratio() {
        return pqxRowsPerSecond / peerRowsPerSecond;
    }

    /** The {@code RESULT ...} line, without a line terminator. */
    public String resultLine() {
        return String.format(
                Locale.ROOT,
                "RESULT %s pqx=%.0f %s=%.0f ratio=%.3f unit=%s",
                name,
                pqxRowsPerSecond,
                peer,
                peerRowsPerSecond,
                ratio(),
                unit);
    }
}
