package io.pqx.bench.format;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One contender's full scan in the {@code format} suite: reads every value of every column of a
 * {@link LineitemTable} file and folds it into a {@link TableChecksum}, so no work can be skipped
 * and both readers are checked against the generated data. Called from the suite's thread only.
 */
public interface TableScanner {

    /** The contender's name in the report, e.g. {@code pqx} or {@code parquetjava}. */
    String name();

    /** Scans all of {@code file}. */
    TableChecksum scan(Path file, ScanDepth depth) throws IOException;

    /**
     * Scans only column {@code column} of {@code file} (a projection: the other columns are not
     * read), folding string lengths ({@link ScanDepth#LENGTHS}); the checksum holds the rows and
     * that column's sum only (see {@link TableChecksum#ofColumn}).
     */
    TableChecksum scanColumn(Path file, String column) throws IOException;
}
