package io.pqx.bench.format;

import io.pqx.bench.Timed;
import io.pqx.bench.format.FormatContenders.CrcContenders;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What page CRCs cost pqx, measured at the end of each round of the {@code format} suite: pqx
 * against pqx without page CRCs, writing ({@value #WRITE}), and pqx against pqx without CRC
 * verification, scanning pqx's (CRC'd) file ({@value #READ}), back to back in alternating order
 * (see {@link #round}); so the cost is measured in the same rounds, on the same table and file, as
 * the suite's other measurements. {@link CrcCostReport} prints the figures. Used by {@link
 * FormatRounds} on the suite's thread; not thread-safe.
 */
final class CrcCostRounds {

    static final String WRITE = "format_crc_write";
    static final String READ = "format_crc_read";

    /** Write pairs (CRCs on, off) per round, for {@link #WRITE}. */
    static final int WRITE_PAIRS = 2;

    /** Scan pairs (CRC verification on, off) of pqx's file per round, for {@link #READ}. */
    static final int READ_PAIRS = 4;

    private static final ThreadMXBean THREAD = ManagementFactory.getThreadMXBean();

    private final TableRuns runs;
    private final TableWriter pqx;
    private final TableScanner pqxScanner;
    private final CrcContenders off;
    private final RoundFigures figures;
    private final Map<String, List<Double>> pairRatios = new LinkedHashMap<>();

    /**
     * @param pqx pqx's writer (CRCs on), the suite's first writer: its file is the one scanned
     * @param pqxScanner pqx's reader (verifying CRCs)
     * @param off pqx without CRCs, writing and reading
     */
    CrcCostRounds(TableRuns runs, TableWriter pqx, TableScanner pqxScanner, CrcContenders off) {
        this.runs = runs;
        this.pqx = pqx;
        this.pqxScanner = pqxScanner;
        this.off = off;
        this.figures = new RoundFigures(runs.table().size());
    }

    /** pqx without page CRCs, whose file the report describes besides the suite's writers'. */
    TableWriter writer() {
        return off.writer();
    }

    /**
     * pqx with CRCs against pqx without, back to back in alternating order: {@value #WRITE_PAIRS}
     * write pairs, then {@value #READ_PAIRS} scan pairs of pqx's (CRC'd) file, verifying and not.
     * The difference is small, so each run is also timed in CPU time of the calling thread (where
     * pqx writes and reads; nanosecond resolution, and free of the GC and JIT threads that the
     * process CPU time counts).
     */
    void round(String label, boolean reversed, boolean measured) throws Exception {
        List<TableWriter> writing = List.of(pqx, off.writer());
        List<String> line = new ArrayList<>();
        for (int i = 0; i < WRITE_PAIRS; i++) {
            Map<String, Long> pair = new LinkedHashMap<>();
            for (TableWriter writer : TableRuns.ordered(writing, reversed ^ (i % 2 == 1))) {
                long threadBefore = THREAD.getCurrentThreadCpuTime();
                Timed<Void> write = runs.write(writer);
                long thread = THREAD.getCurrentThreadCpuTime() - threadBefore;
                line.add(figures.add(WRITE, writer.name(), write, thread, measured));
                pair.put(writer.name(), thread);
            }
            pairRatio(WRITE, pair, FormatContenders.PQX_NO_CRC, measured);
        }
        runs.print(label, WRITE, line);
        List<TableScanner> scanning = List.of(pqxScanner, off.scanner());
        line.clear();
        for (int i = 0; i < READ_PAIRS; i++) {
            Map<String, Long> pair = new LinkedHashMap<>();
            for (TableScanner scanner : TableRuns.ordered(scanning, reversed ^ (i % 2 == 1))) {
                System.gc();
                long threadBefore = THREAD.getCurrentThreadCpuTime();
                Timed<TableChecksum> scan =
                        Timed.run(() -> scanner.scan(runs.fileOf(pqx), ScanDepth.LENGTHS));
                long thread = THREAD.getCurrentThreadCpuTime() - threadBefore;
                runs.check(scanner, pqx, scan.value(), runs.expected());
                line.add(figures.add(READ, scanner.name(), scan, thread, measured));
                pair.put(scanner.name(), thread);
            }
            pairRatio(READ, pair, FormatContenders.PQX_NO_VERIFY, measured);
        }
        runs.print(label, READ, line);
    }

    /**
     * Untimed, every byte: pqx (verifying) reads the file without CRCs, pqx without verification
     * reads pqx's; each must give {@code content}.
     */
    void verifyContent(TableChecksum content) throws Exception {
        TableChecksum noCrcFile = pqxScanner.scan(runs.fileOf(off.writer()), ScanDepth.CONTENT);
        if (runs.check(pqxScanner, off.writer(), noCrcFile, content)) {
            runs.verified(pqxScanner, off.writer());
        }
        TableChecksum unverified = off.scanner().scan(runs.fileOf(pqx), ScanDepth.CONTENT);
        if (runs.check(off.scanner(), pqx, unverified, content)) {
            runs.verified(off.scanner(), pqx);
        }
    }

    /** The report of the measured rounds so far. */
    CrcCostReport report() {
        return new CrcCostReport(runs, runs.fileOf(pqx), figures, pairRatios);
    }

    /** Records pqx's throughput over {@code off}'s in one back-to-back pair (thread CPU time). */
    private void pairRatio(
            String measurement, Map<String, Long> pair, String off, boolean measured) {
        if (measured) {
            pairRatios
                    .computeIfAbsent(measurement, m -> new ArrayList<>())
                    .add(pair.get(off) / (double) pair.get(FormatContenders.PQX));
        }
    }
}
