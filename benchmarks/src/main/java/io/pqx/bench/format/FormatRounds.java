package io.pqx.bench.format;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.JvmReport;
import io.pqx.bench.Throughput;
import io.pqx.bench.Timed;
import io.pqx.bench.format.FormatContenders.CrcContenders;

import org.apache.flink.table.data.RowData;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;

import javax.annotation.Nullable;

/**
 * The rounds of the {@code format} suite and their figures. A round has every writer write the
 * table to its own file, then every scanner read every file: {@code format_read} is the scan of
 * pqx's file, {@code format_read_peerfile} of parquet-java's, so each line compares both readers on
 * the same bytes.
 *
 * <p>With {@link CrcContenders}, each round ends with pqx against pqx without page CRCs, writing
 * ({@code format_crc_write}), and pqx against pqx without CRC verification, scanning pqx's file
 * ({@code format_crc_read}), back to back (see {@link #crcPairs}): the cost of CRCs is measured in
 * the same rounds, on the same table and file.
 *
 * <p>Every timed run starts after a full collection ({@link Timed#afterGc}) and contenders
 * alternate who goes first from round to round, so neither pays for the other's garbage. Every
 * timed scan is checked against the generator's checksum. Used by {@link FormatSuite} on its
 * thread; not thread-safe.
 */
final class FormatRounds {

    static final String WRITE = "format_write";
    static final String READ = "format_read";
    static final String READ_PEER_FILE = "format_read_peerfile";
    static final String CRC_WRITE = "format_crc_write";
    static final String CRC_READ = "format_crc_read";

    /** Write pairs (CRCs on, off) per round, for {@link #CRC_WRITE}. */
    static final int CRC_WRITE_PAIRS = 2;

    /** Scan pairs (CRC verification on, off) of pqx's file per round, for {@link #CRC_READ}. */
    static final int CRC_READ_PAIRS = 4;

    private static final ThreadMXBean THREAD = ManagementFactory.getThreadMXBean();

    /** Most CRC cost (1 - on/off throughput) issue 7 accepts. */
    static final double CRC_COST_TARGET = 0.03;

    private final List<RowData> table;
    private final TableChecksum expected;
    private final List<TableWriter> writers;
    private final List<TableScanner> scanners;
    @Nullable private final CrcContenders crcOff;
    private final Path dir;
    private final BenchmarkReport report;
    private final Map<String, Map<String, Throughput>> figures = new LinkedHashMap<>();
    private final Map<String, Map<String, Throughput>> cpuFigures = new LinkedHashMap<>();
    private final Map<String, Map<String, Throughput>> threadCpuFigures = new LinkedHashMap<>();
    private final Map<String, List<Double>> pairRatios = new LinkedHashMap<>();

    FormatRounds(
            List<RowData> table,
            List<TableWriter> writers,
            List<TableScanner> scanners,
            @Nullable CrcContenders crcOff,
            Path dir,
            BenchmarkReport report) {
        this.table = table;
        this.expected = TableChecksum.of(table, ScanDepth.LENGTHS);
        this.writers = writers;
        this.scanners = scanners;
        this.crcOff = crcOff;
        this.dir = dir;
        this.report = report;
    }

    /** The file {@code writer} writes in every round. */
    Path fileOf(TableWriter writer) {
        return dir.resolve(writer.name() + ".parquet");
    }

    /** Every writer whose file the report describes: the contenders, then pqx without CRCs. */
    List<TableWriter> allWriters() {
        List<TableWriter> all = new ArrayList<>(writers);
        if (crcOff != null) {
            all.add(crcOff.writer());
        }
        return all;
    }

    /** The read measurement over the file {@code writer} wrote. */
    static String readMeasurementOf(TableWriter writer) {
        return writer.name().equals(FormatContenders.PQX) ? READ : READ_PEER_FILE;
    }

    /** Runs round {@code index} (0-based); its figures count only when {@code measured}. */
    void round(int index, String label, boolean measured) throws Exception {
        boolean reversed = index % 2 == 1;
        List<String> line = new ArrayList<>();
        for (TableWriter writer : ordered(writers, reversed)) {
            line.add(figure(WRITE, writer.name(), write(writer), measured));
        }
        print(label, WRITE, line);
        for (TableWriter writer : writers) {
            line.clear();
            for (TableScanner scanner : ordered(scanners, reversed)) {
                line.add(scan(readMeasurementOf(writer), scanner, writer, measured));
            }
            print(label, readMeasurementOf(writer), line);
        }
        if (crcOff != null) {
            crcPairs(label, reversed, measured);
        }
    }

    /**
     * pqx with CRCs against pqx without, back to back in alternating order: {@value
     * #CRC_WRITE_PAIRS} write pairs, then {@value #CRC_READ_PAIRS} scan pairs of pqx's (CRC'd)
     * file, verifying and not. The difference is small, so each run is also timed in CPU time of
     * the calling thread (where pqx writes and reads; nanosecond resolution, and free of the GC and
     * JIT threads that the process CPU time counts).
     */
    private void crcPairs(String label, boolean reversed, boolean measured) throws Exception {
        List<TableWriter> writing = List.of(writers.get(0), crcOff.writer());
        List<String> line = new ArrayList<>();
        for (int i = 0; i < CRC_WRITE_PAIRS; i++) {
            Map<String, Long> pair = new LinkedHashMap<>();
            for (TableWriter writer : ordered(writing, reversed ^ (i % 2 == 1))) {
                long threadBefore = THREAD.getCurrentThreadCpuTime();
                Timed<Void> write = write(writer);
                long thread = THREAD.getCurrentThreadCpuTime() - threadBefore;
                line.add(figure(CRC_WRITE, writer.name(), write, measured));
                threadFigure(CRC_WRITE, writer.name(), write, thread, measured);
                pair.put(writer.name(), thread);
            }
            pairRatio(CRC_WRITE, pair, FormatContenders.PQX_NO_CRC, measured);
        }
        print(label, CRC_WRITE, line);
        TableWriter pqx = writers.get(0);
        List<TableScanner> scanning = List.of(scanners.get(0), crcOff.scanner());
        line.clear();
        for (int i = 0; i < CRC_READ_PAIRS; i++) {
            Map<String, Long> pair = new LinkedHashMap<>();
            for (TableScanner scanner : ordered(scanning, reversed ^ (i % 2 == 1))) {
                System.gc();
                long threadBefore = THREAD.getCurrentThreadCpuTime();
                Timed<TableChecksum> scan =
                        Timed.run(() -> scanner.scan(fileOf(pqx), ScanDepth.LENGTHS));
                long thread = THREAD.getCurrentThreadCpuTime() - threadBefore;
                check(scanner, pqx, scan.value(), expected);
                line.add(figure(CRC_READ, scanner.name(), scan, measured));
                threadFigure(CRC_READ, scanner.name(), scan, thread, measured);
                pair.put(scanner.name(), thread);
            }
            pairRatio(CRC_READ, pair, FormatContenders.PQX_NO_VERIFY, measured);
        }
        print(label, CRC_READ, line);
    }

    /** Collects garbage, then writes the table to {@code writer}'s file, timed. */
    private Timed<Void> write(TableWriter writer) throws Exception {
        Path file = fileOf(writer);
        Files.deleteIfExists(file);
        System.gc();
        return Timed.run(
                () -> {
                    writer.write(table, file);
                    return null;
                });
    }

    /** Records pqx's throughput over {@code off}'s in one back-to-back pair (thread CPU time). */
    private void pairRatio(String measurement, Map<String, Long> pair, String off, boolean measured) {
        if (measured) {
            pairRatios.computeIfAbsent(measurement, m -> new ArrayList<>())
                    .add(pair.get(off) / (double) pair.get(FormatContenders.PQX));
        }
    }

    private void threadFigure(
            String measurement, String who, Timed<?> run, long threadNanos, boolean measured) {
        if (measured) {
            throughput(threadCpuFigures, measurement, who).add(table.size(), threadNanos);
        }
    }

    private String scan(
            String measurement, TableScanner scanner, TableWriter writer, boolean measured)
            throws Exception {
        Timed<TableChecksum> scan =
                Timed.afterGc(() -> scanner.scan(fileOf(writer), ScanDepth.LENGTHS));
        check(scanner, writer, scan.value(), expected);
        return figure(measurement, scanner.name(), scan, measured);
    }

    /** Scans every file with every scanner reading every byte, untimed; reports any mismatch. */
    void verifyContent() throws Exception {
        TableChecksum content = TableChecksum.of(table, ScanDepth.CONTENT);
        for (TableWriter writer : writers) {
            for (TableScanner scanner : scanners) {
                if (check(
                        scanner,
                        writer,
                        scanner.scan(fileOf(writer), ScanDepth.CONTENT),
                        content)) {
                    verified(scanner, writer);
                }
            }
        }
        if (crcOff != null) {
            // pqx (verifying) reads the file without CRCs; pqx without verification reads pqx's
            TableWriter pqx = writers.get(0);
            TableScanner pqxScanner = scanners.get(0);
            TableChecksum noCrcFile =
                    pqxScanner.scan(fileOf(crcOff.writer()), ScanDepth.CONTENT);
            if (check(pqxScanner, crcOff.writer(), noCrcFile, content)) {
                verified(pqxScanner, crcOff.writer());
            }
            TableChecksum unverified = crcOff.scanner().scan(fileOf(pqx), ScanDepth.CONTENT);
            if (check(crcOff.scanner(), pqx, unverified, content)) {
                verified(crcOff.scanner(), pqx);
            }
        }
    }

    private void verified(TableScanner scanner, TableWriter writer) {
        report.info(
                "verified %s reads %s's file: %d rows, every value equal to the generated ones",
                scanner.name(), writer.name(), table.size());
    }

    /**
     * Prints each measurement's rounds and CPU-time figures, then one RESULT line per measurement
     * both pqx and the peer took part in (wall-clock medians).
     */
    void printResults() throws IOException {
        figures.forEach(
                (measurement, wall) -> {
                    Map<String, Throughput> cpu = cpuFigures.get(measurement);
                    report.info("rounds %s%s unit=rows/s", measurement, roundsOf(wall));
                    report.info("rounds %s%s unit=rows/cpu-s", measurement, roundsOf(cpu));
                    if (compared(wall)) {
                        report.info(
                                "cpu %s",
                                comparison(measurement, cpu)
                                        .resultLine()
                                        .substring("RESULT ".length())
                                        .replace("unit=rows/s", "unit=rows/cpu-s"));
                    } else if (!measurement.startsWith("format_crc_")) {
                        wall.forEach(
                                (who, t) ->
                                        report.info(
                                                "%s-only %s %s=%.0f unit=rows/s",
                                                who, measurement, who, t.median()));
                    }
                });
        printOwnFileReads();
        printCrcCost();
        if (crcOff != null) {
            printCrcWork();
        }
        figures.forEach(
                (measurement, wall) -> {
                    if (compared(wall)) {
                        report.result(comparison(measurement, wall));
                    }
                });
        crcComparison(CRC_WRITE, CRC_WRITE, FormatContenders.PQX_NO_CRC, figures)
                .ifPresent(report::result);
        crcComparison(CRC_READ, CRC_READ, FormatContenders.PQX_NO_VERIFY, figures)
                .ifPresent(report::result);
    }

    /**
     * The CPU-time ratios of CRCs on over off (process and calling thread) and the cost against
     * issue 7's target; the wall-clock ratios are the {@code RESULT format_crc_*} lines. The verdict
     * goes by the median over the back-to-back pairs of their thread-CPU ratio (a pair runs within
     * seconds, so the machine's drift between rounds cancels); all the costs are printed.
     */
    private void printCrcCost() {
        String[][] pairs = {
            {CRC_WRITE, CRC_WRITE, FormatContenders.PQX_NO_CRC},
            {CRC_READ, CRC_READ, FormatContenders.PQX_NO_VERIFY}
        };
        for (String[] m : pairs) {
            Optional<Comparison> wall = crcComparison(m[0], m[1], m[2], figures);
            Optional<Comparison> cpu = crcComparison(m[0], m[1], m[2], cpuFigures);
            Optional<Comparison> thread = crcComparison(m[0], m[1], m[2], threadCpuFigures);
            if (wall.isEmpty() || cpu.isEmpty() || thread.isEmpty()) {
                continue;
            }
            report.info(
                    "rounds %s%s unit=rows/thread-cpu-s",
                    m[0],
                    roundsOf(threadCpuFigures.get(m[1])));
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
            double pairMedian = ratios.size() % 2 == 1
                    ? ratios.get(ratios.size() / 2)
                    : (ratios.get(ratios.size() / 2 - 1) + ratios.get(ratios.size() / 2)) / 2;
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
                    100 * CRC_COST_TARGET,
                    pairCost < CRC_COST_TARGET ? "met" : "NOT met");
        }
    }

    /**
     * The CRC-32 work alone, without the noise of whole writes and scans: the best of five runs of
     * {@link CRC32} over all of pqx's file (more than its page bodies, which are what is
     * checksummed), against pqx's median write and scan times.
     */
    private void printCrcWork() throws IOException {
        byte[] bytes = Files.readAllBytes(fileOf(writers.get(0)));
        long best = Long.MAX_VALUE;
        long value = 0;
        for (int i = 0; i < 5; i++) {
            long start = System.nanoTime();
            CRC32 crc = new CRC32();
            crc.update(bytes, 0, bytes.length);
            value = crc.getValue();
            best = Math.min(best, System.nanoTime() - start);
        }
        double writeNanos = medianNanos(CRC_WRITE);
        double readNanos = medianNanos(CRC_READ);
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
        return table.size() / figures.get(measurement).get(FormatContenders.PQX).median() * 1e9;
    }

    /** pqx (CRCs on) against {@code off} in {@code measurement}, when both took part. */
    private static Optional<Comparison> crcComparison(
            String name,
            String measurement,
            String off,
            Map<String, Map<String, Throughput>> from) {
        Map<String, Throughput> byContender = from.getOrDefault(measurement, Map.of());
        if (!byContender.containsKey(FormatContenders.PQX) || !byContender.containsKey(off)) {
            return Optional.empty();
        }
        return Optional.of(
                new Comparison(
                        name,
                        off,
                        byContender.get(FormatContenders.PQX).median(),
                        byContender.get(off).median()));
    }

    private void printOwnFileReads() {
        Map<String, Throughput> read = figures.getOrDefault(READ, Map.of());
        Map<String, Throughput> peerFile = figures.getOrDefault(READ_PEER_FILE, Map.of());
        if (read.containsKey(FormatContenders.PQX) && peerFile.containsKey(FormatContenders.PEER)) {
            double own = read.get(FormatContenders.PQX).median();
            double peerOwn = peerFile.get(FormatContenders.PEER).median();
            report.info(
                    "own-file read pqx(pqx file)=%.0f parquetjava(parquetjava file)=%.0f ratio=%.3f"
                        + " unit=rows/s",
                    own, peerOwn, own / peerOwn);
        }
    }

    private static boolean compared(Map<String, Throughput> byContender) {
        return byContender.containsKey(FormatContenders.PQX)
                && byContender.containsKey(FormatContenders.PEER);
    }

    private static Comparison comparison(String measurement, Map<String, Throughput> byContender) {
        return new Comparison(
                measurement,
                FormatContenders.PEER,
                byContender.get(FormatContenders.PQX).median(),
                byContender.get(FormatContenders.PEER).median());
    }

    /** Each contender's rounds, pqx first whichever ran first in the first measured round. */
    private static String roundsOf(Map<String, Throughput> byContender) {
        StringBuilder rounds = new StringBuilder();
        byContender.entrySet().stream()
                .sorted(Comparator.comparing(e -> !e.getKey().equals(FormatContenders.PQX)))
                .forEach(
                        e ->
                                rounds.append(' ')
                                        .append(e.getKey())
                                        .append('=')
                                        .append(e.getValue().rounds(",")));
        return rounds.toString();
    }

    private String figure(String measurement, String who, Timed<?> run, boolean measured) {
        if (measured) {
            throughput(figures, measurement, who).add(table.size(), run.nanos());
            throughput(cpuFigures, measurement, who).add(table.size(), run.cpuNanos());
        }
        return String.format(
                Locale.ROOT,
                "%s=%.0f (%.2f s, cpu %.2f s, alloc %d MiB, heap peak %d MiB live %d MiB)",
                who,
                table.size() / run.seconds(),
                run.seconds(),
                run.cpuSeconds(),
                JvmReport.mib(run.allocatedBytes()),
                JvmReport.mib(run.peakHeapBytes()),
                JvmReport.mib(run.peakLiveBytes()));
    }

    private static Throughput throughput(
            Map<String, Map<String, Throughput>> all, String measurement, String who) {
        return all.computeIfAbsent(measurement, m -> new LinkedHashMap<>())
                .computeIfAbsent(who, w -> new Throughput());
    }

    private void print(String label, String measurement, List<String> figuresOfRound) {
        report.info("%s %s %s", label, measurement, String.join(" ", figuresOfRound));
    }

    private boolean check(
            TableScanner scanner, TableWriter writer, TableChecksum actual, TableChecksum wanted) {
        if (actual.equals(wanted)) {
            return true;
        }
        report.failure(
                "%s read %s's file wrongly: got %s, want %s",
                scanner.name(), writer.name(), actual, wanted);
        return false;
    }

    /** {@code contenders} with {@code off} right after pqx (the first), so the two run adjacent. */
    private static <T> List<T> withCrcOff(List<T> contenders, @Nullable T off) {
        List<T> copy = new ArrayList<>(contenders);
        if (off != null) {
            copy.add(1, off);
        }
        return copy;
    }

    private static <T> List<T> ordered(List<T> contenders, boolean reversed) {
        List<T> copy = new ArrayList<>(contenders);
        if (reversed) {
            Collections.reverse(copy);
        }
        return copy;
    }
}
