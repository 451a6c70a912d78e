package io.pqx.bench.format;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;

/**
 * Who takes part in the {@code format} suite: pqx first, then parquet-java, then DuckDB when the
 * suite runs it (a {@link DuckDbSession}); without pqx with {@code --peer-only}. Every contender is
 * given the same {@link FormatSettings}. Besides, pqx without page CRCs ({@link #PQX_NO_CRC})
 * writes and pqx without CRC verification ({@link #PQX_NO_VERIFY}) reads pqx's file, to measure
 * what CRCs cost pqx (see {@link CrcContenders}).
 */
final class FormatContenders {

    static final String PQX = "pqx";
    static final String PEER = "parquetjava";
    static final String DUCKDB = "duckdb";
    static final String PQX_NO_CRC = "pqx_nocrc";
    static final String PQX_NO_VERIFY = "pqx_noverify";

    /**
     * pqx with CRCs off, set against pqx (CRCs on) in the same rounds.
     *
     * @param writer pqx's writer with {@code pageChecksums(false)}
     * @param scanner pqx's reader with {@code verifyChecksums(false)}, reading pqx's (CRC'd) file
     */
    record CrcContenders(TableWriter writer, TableScanner scanner) {}

    private FormatContenders() {}

    static List<TableWriter> writers(
            FormatSettings settings, boolean peerOnly, @Nullable DuckDbSession duckdb) {
        List<TableWriter> writers = new ArrayList<>();
        if (!peerOnly) {
            writers.add(new PqxTableWriter(settings));
        }
        writers.add(new ParquetJavaTableWriter(settings));
        if (duckdb != null) {
            writers.add(new DuckDbTableWriter(duckdb, settings));
        }
        return writers;
    }

    /** The CRC-off contenders; null with {@code --peer-only}. */
    static CrcContenders crcOff(FormatSettings settings, boolean peerOnly) {
        return peerOnly
                ? null
                : new CrcContenders(
                        PqxTableWriter.withoutChecksums(settings),
                        PqxTableScanner.withoutVerification());
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
