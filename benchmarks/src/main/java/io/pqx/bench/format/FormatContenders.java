package io.pqx.bench.format;

import java.util.ArrayList;
import java.util.List;

/**
 * Who takes part in the {@code format} suite: pqx first, then parquet-java; only parquet-java with
 * {@code --peer-only}. Every contender is given the same {@link FormatSettings}.
 */
final class FormatContenders {

    static final String PQX = "pqx";
    static final String PEER = "parquetjava";

    private FormatContenders() {}

    static List<TableWriter> writers(FormatSettings settings, boolean peerOnly) {
        List<TableWriter> writers = new ArrayList<>();
        if (!peerOnly) {
            writers.add(new PqxTableWriter(settings));
        }
        writers.add(new ParquetJavaTableWriter(settings));
        return writers;
    }

    static List<TableScanner> scanners(boolean peerOnly) {
        List<TableScanner> scanners = new ArrayList<>();
        if (!peerOnly) {
            scanners.add(new PqxTableScanner());
        }
        scanners.add(new ParquetJavaTableScanner());
        return scanners;
    }
}
