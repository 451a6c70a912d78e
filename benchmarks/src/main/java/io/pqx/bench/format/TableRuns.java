package io.pqx.bench.format;

import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Timed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.flink.table.data.RowData;

/**
 * What the rounds of the {@code format} suite share, over one table in one directory: the file each
 * writer writes ({@code <writer>.parquet}), a timed write of the table after a full collection, the
 * check of a scan against the expected checksum (a mismatch is reported as a failure, never
 * ignored), and a round's {@code INFO} line. Used by {@link FormatRounds} and {@link CrcCostRounds}
 * on the suite's thread; not thread-safe.
 */
final class TableRuns {

    private final List<RowData> table;
    private final TableChecksum expected;
    private final Path dir;
    private final BenchmarkReport report;

    TableRuns(List<RowData> table, Path dir, BenchmarkReport report) {
        this.table = table;
        this.expected = TableChecksum.of(table, ScanDepth.LENGTHS);
        this.dir = dir;
        this.report = report;
    }

    List<RowData> table() {
        return table;
    }

    /** The generator's checksum at {@link ScanDepth#LENGTHS}, what every timed scan must give. */
    TableChecksum expected() {
        return expected;
    }

    BenchmarkReport report() {
        return report;
    }

    /** The file {@code writer} writes in every round. */
    Path fileOf(TableWriter writer) {
        return dir.resolve(writer.name() + ".parquet");
    }

    /** Collects garbage, then writes the table to {@code writer}'s file, timed. */
    Timed<Void> write(TableWriter writer) throws Exception {
        Path file = fileOf(writer);
        Files.deleteIfExists(file);
        System.gc();
        return Timed.run(
                () -> {
                    writer.write(table, file);
                    return null;
                });
    }

    /** Whether {@code actual} is {@code wanted}; reports a failure when not. */
    boolean check(
            TableScanner scanner, TableWriter writer, TableChecksum actual, TableChecksum wanted) {
        if (actual.equals(wanted)) {
            return true;
        }
        report.failure(
                "%s read %s's file wrongly: got %s, want %s",
                scanner.name(), writer.name(), actual, wanted);
        return false;
    }

    /** Reports that {@code scanner} read every value of {@code writer}'s file right. */
    void verified(TableScanner scanner, TableWriter writer) {
        report.info(
                "verified %s reads %s's file: %d rows, every value equal to the generated ones",
                scanner.name(), writer.name(), table.size());
    }

    /** The line of one measurement in one round: {@code <label> <measurement> <figures...>}. */
    void print(String label, String measurement, List<String> figuresOfRound) {
        report.info("%s %s %s", label, measurement, String.join(" ", figuresOfRound));
    }

    /** A copy of {@code contenders}, reversed when {@code reversed}. */
    static <T> List<T> ordered(List<T> contenders, boolean reversed) {
        List<T> copy = new ArrayList<>(contenders);
        if (reversed) {
            Collections.reverse(copy);
        }
        return copy;
    }
}
