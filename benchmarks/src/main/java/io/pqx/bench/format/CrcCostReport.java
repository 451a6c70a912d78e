package io.pqx.bench.format;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.Throughput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * The lines of {@link CrcCostRounds}' figures: per measurement the rounds, the cost of CRCs in
 * wall, process-CPU, thread-CPU time and paired, against the page-CRC cost target of 3 %, the
 * CRC-32 work alone, and the {@code RESULT format_crc_write} and {@code format_crc_read} lines (pqx
 * with CRCs against pqx without, wall clock). {@link FormatRounds} calls its parts where they go
 * among the suite's lines.
 */
final class CrcCostReport {

    /** Most CRC cost (1 - on/off throughput) accepted: page CRCs on by default must stay cheap. */
    static final double COST_TARGET = 0.03;

    /** The measurements with their CRC-off contenders, in the order they are printed. */
    private static final String[][] MEASUREMENTS = {
        {CrcCostRounds.WRITE, FormatContenders.PQX_NO_CRC},
        {CrcCostRounds.READ, FormatContenders.PQX_NO_VERIFY}
    };

    private final BenchmarkReport report;
    private final long rows;
    private final Path pqxFile;
    private final RoundFigures figures;
    private final Map<String, List<Double>> pairRatios;

    CrcCostReport(
            TableRuns runs,
            Path pqxFile,
            RoundFigures figures,
            Map<String, List<Double>> pairRatios) {
        this.report = runs.report();
        this.rows = runs.table().size();
        this.pqxFile = pqxFile;
        this.figures = figures;
        this.pairRatios = pairRatios;
    }

    /** The {@code INFO rounds} lines of each measurement, wall clock and process CPU. */
    void printRounds() {
        figures.wall().keySet().forEach(measurement -> figures.printRounds(report, measurement));
    }

    /**
     * The CPU-time ratios of CRCs on over off (process and calling thread) and the cost against the
     * 3 % target; the wall-clock ratios are the {@code RESULT format_crc_*} lines. The verdict goes
     * by the median over the back-to-back pairs of their thread-CPU ratio (a pair runs within
     * seconds, so the machine's drift between rounds cancels); all the costs are printed. Then the
     * CRC-32 work alone ({@link #printCrcWork}).
     */
    void printCost() throws IOException {
        for (String[] m : MEASUREMENTS) {
            Optional<Comparison> wall = comparison(m[0], m[1], figures.wall());
            Optional<Comparison> cpu = comparison(m[0], m[1], figures.cpu());
            Optional<Comparison> thread = comparison(m[0], m[1], figures.threadCpu());
            if (wall.isEmpty() || cpu.isEmpty() || thread.isEmpty()) {
                continue;
            }
            report.info(
                    "rounds %s%s unit=rows/thread-cpu-s",
                    m[0], RoundFigures.roundsOf(figures.threadCpu().get(m[0])));
            report.info(
                    "cpu %s",
                    cpu.get()
                            .resultLine()
                            .substring("RESULT ".length())
                            .replace("unit=rows/s", "unit=rows/cpu-s"));
            report.info(
                    "thread-cpu %s",
                    thread.get()
                            .resultLine()
                            .substring("RESULT ".length())
                            .replace("unit=rows/s", "unit=rows/thread-cpu-s"));
            List<Double> ratios = new ArrayList<>(pairRatios.get(m[0]));
            Collections.sort(ratios);
            double pairMedian =
                    ratios.size() % 2 == 1
                            ? ratios.get(ratios.size() / 2)
                            : (ratios.get(ratios.size() / 2 - 1) + ratios.get(ratios.size() / 2))
                                    / 2;
            report.info(
                    "crc_pairs %s thread-cpu ratios on/off=%s median=%.3f",
                    m[0],
                    ratios.stream().map(r -> String.format(Locale.ROOT, "%.3f", r)).toList(),
                    pairMedian);
            double pairCost = 1 - pairMedian;
            report.info(
                    "crc_cost %s wall=%.1f%% cpu=%.1f%% thread-cpu=%.1f%% paired=%.1f%%"
                            + " target<%.0f%%: %s",
                    m[0],
                    100 * (1 - wall.get().ratio()),
                    100 * (1 - cpu.get().ratio()),
                    100 * (1 - thread.get().ratio()),
                    100 * pairCost,
                    100 * COST_TARGET,
                    pairCost < COST_TARGET ? "met" : "NOT met");
        }
        printCrcWork();
    }

    /** The {@code RESULT} line of each measurement: pqx against its CRC-off self, wall clock. */
    void printResults() {
        for (String[] m : MEASUREMENTS) {
            comparison(m[0], m[1], figures.wall()).ifPresent(report::result);
        }
    }

    /**
     * The CRC-32 work alone, without the noise of whole writes and scans: the best of five runs of
     * {@link CRC32} over all of pqx's file (more than its page bodies, which are what is
     * checksummed), against pqx's median write and scan times.
     */
    private void printCrcWork() throws IOException {
        byte[] bytes = Files.readAllBytes(pqxFile);
        long best = Long.MAX_VALUE;
        long value = 0;
        for (int i = 0; i < 5; i++) {
            long start = System.nanoTime();
            CRC32 crc = new CRC32();
            crc.update(bytes, 0, bytes.length);
            value = crc.getValue();
            best = Math.min(best, System.nanoTime() - start);
        }
        double writeNanos = medianNanos(CrcCostRounds.WRITE);
        double readNanos = medianNanos(CrcCostRounds.READ);
        report.info(
                "crc32_work bytes=%d best=%.1f ms (%.2f GB/s) = %.2f%% of pqx's median write,"
                        + " %.2f%% of its median scan (crc %08x)",
                bytes.length,
                best / 1e6,
                bytes.length / (double) best,
                100 * best / writeNanos,
                100 * best / readNanos,
                value);
    }

    private double medianNanos(String measurement) {
        return rows / figures.wall().get(measurement).get(FormatContenders.PQX).median() * 1e9;
    }

    /** pqx (CRCs on) against {@code off} in {@code measurement}, when both took part. */
    private static Optional<Comparison> comparison(
            String measurement, String off, Map<String, Map<String, Throughput>> from) {
        Map<String, Throughput> byContender = from.getOrDefault(measurement, Map.of());
        if (!byContender.containsKey(FormatContenders.PQX) || !byContender.containsKey(off)) {
            return Optional.empty();
        }
        return Optional.of(
                new Comparison(
                        measurement,
                        off,
                        byContender.get(FormatContenders.PQX).median(),
                        byContender.get(off).median()));
    }
}
