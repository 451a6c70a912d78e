package io.pqx.bench.format;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.JvmReport;
import io.pqx.bench.Throughput;
import io.pqx.bench.Timed;

import org.apache.flink.table.data.RowData;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rounds of the {@code format} suite and their figures. A round has every writer write the
 * table to its own file, then every scanner read every file: {@code format_read} is the scan of
 * pqx's file, {@code format_read_peerfile} of parquet-java's, so each line compares both readers on
 * the same bytes.
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

    private final List<RowData> table;
    private final TableChecksum expected;
    private final List<TableWriter> writers;
    private final List<TableScanner> scanners;
    private final Path dir;
    private final BenchmarkReport report;
    private final Map<String, Map<String, Throughput>> figures = new LinkedHashMap<>();
    private final Map<String, Map<String, Throughput>> cpuFigures = new LinkedHashMap<>();

    FormatRounds(
            List<RowData> table,
            List<TableWriter> writers,
            List<TableScanner> scanners,
            Path dir,
            BenchmarkReport report) {
        this.table = table;
        this.expected = TableChecksum.of(table, ScanDepth.LENGTHS);
        this.writers = writers;
        this.scanners = scanners;
        this.dir = dir;
        this.report = report;
    }

    /** The file {@code writer} writes in every round. */
    Path fileOf(TableWriter writer) {
        return dir.resolve(writer.name() + ".parquet");
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
            Path file = fileOf(writer);
            Files.deleteIfExists(file);
            Timed<Void> write =
                    Timed.afterGc(
                            () -> {
                                writer.write(table, file);
                                return null;
                            });
            line.add(figure(WRITE, writer.name(), write, measured));
        }
        print(label, WRITE, line);
        for (TableWriter writer : writers) {
            line.clear();
            for (TableScanner scanner : ordered(scanners, reversed)) {
                Timed<TableChecksum> scan =
                        Timed.afterGc(() -> scanner.scan(fileOf(writer), ScanDepth.LENGTHS));
                check(scanner, writer, scan.value(), expected);
                line.add(figure(readMeasurementOf(writer), scanner.name(), scan, measured));
            }
            print(label, readMeasurementOf(writer), line);
        }
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
                    report.info(
                            "verified %s reads %s's file: %d rows, every value equal to the"
                                + " generated ones",
                            scanner.name(), writer.name(), table.size());
                }
            }
        }
    }

    /**
     * Prints each measurement's rounds and CPU-time figures, then one RESULT line per measurement
     * both pqx and the peer took part in (wall-clock medians).
     */
    void printResults() {
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
                    } else {
                        wall.forEach(
                                (who, t) ->
                                        report.info(
                                                "%s-only %s %s=%.0f unit=rows/s",
                                                who, measurement, who, t.median()));
                    }
                });
        printOwnFileReads();
        figures.forEach(
                (measurement, wall) -> {
                    if (compared(wall)) {
                        report.result(comparison(measurement, wall));
                    }
                });
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

    private static <T> List<T> ordered(List<T> contenders, boolean reversed) {
        List<T> copy = new ArrayList<>(contenders);
        if (reversed) {
            Collections.reverse(copy);
        }
        return copy;
    }
}
