package io.pqx.bench.sink;

import io.pqx.format.ParquetReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;

/**
 * What a partitioned case's sink committed under its directory, read back with pqx's {@link
 * ParquetReader} (the {@code id} column of every visible file): files, bytes, rows, and whether
 * every id {@code 0..rows-1} is there exactly once, each in the directory of its partition ({@code
 * p=<id mod P>}). Hidden files (a leading {@code .} or {@code _}: in-progress parts) are counted
 * but not read. Immutable.
 *
 * @param files committed files
 * @param bytes their total size
 * @param rows rows read from them
 * @param idSum the sum of the ids read (a checksum beside the exact check)
 * @param duplicates ids read more than once
 * @param missing ids of {@code 0..expected-1} not read
 * @param outOfRange ids read outside {@code 0..expected-1}
 * @param misplaced rows in another partition's directory
 * @param hiddenFiles hidden files left in the tree
 */
record CommittedIds(
        int files,
        long bytes,
        long rows,
        long idSum,
        long duplicates,
        long missing,
        long outOfRange,
        long misplaced,
        int hiddenFiles) {

    /**
     * Reads every committed file under {@code dir} of a job that wrote ids {@code 0..expected-1}.
     */
    static CommittedIds read(Path dir, long expected, int partitions) throws Exception {
        List<Path> all;
        try (Stream<Path> paths = Files.walk(dir)) {
            all = paths.filter(Files::isRegularFile).sorted().toList();
        }
        BitSet seen = new BitSet();
        int files = 0;
        int hidden = 0;
        long bytes = 0;
        long rows = 0;
        long sum = 0;
        long duplicates = 0;
        long outOfRange = 0;
        long misplaced = 0;
        for (Path file : all) {
            if (isHidden(dir, file)) {
                hidden++;
                continue;
            }
            files++;
            bytes += Files.size(file);
            String directory = file.getParent().getFileName().toString();
            try (ParquetReader reader =
                            ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
                    CloseableIterator<RowData> it = reader.rows(reader.project(List.of("id")))) {
                while (it.hasNext()) {
                    long id = it.next().getLong(0);
                    rows++;
                    sum += id;
                    if (!directory.equals(
                            PartitionedRows.PARTITION_COLUMN + "=" + id % partitions)) {
                        misplaced++;
                    }
                    if (id < 0 || id >= expected) {
                        outOfRange++;
                    } else if (seen.get((int) id)) {
                        duplicates++;
                    } else {
                        seen.set((int) id);
                    }
                }
            }
        }
        long missing = expected - seen.cardinality();
        return new CommittedIds(
                files, bytes, rows, sum, duplicates, missing, outOfRange, misplaced, hidden);
    }

    /** The sum of {@code 0..n-1}. */
    static long expectedSum(long n) {
        return n * (n - 1) / 2;
    }

    /** Empty when every id is there exactly once, in its partition; else what is wrong. */
    Optional<String> problem(long expected) {
        if (duplicates == 0
                && missing == 0
                && outOfRange == 0
                && misplaced == 0
                && rows == expected
                && idSum == expectedSum(expected)) {
            return Optional.empty();
        }
        return Optional.of(
                String.format(
                        "%d rows read from %d files, want %d: %d duplicate ids, %d missing, %d out"
                                + " of range, %d in another partition's directory, id sum %d"
                                + " (want %d)",
                        rows,
                        files,
                        expected,
                        duplicates,
                        missing,
                        outOfRange,
                        misplaced,
                        idSum,
                        expectedSum(expected)));
    }

    /** Mean size of a committed file, in bytes. */
    double meanFileBytes() {
        return files == 0 ? 0 : (double) bytes / files;
    }

    private static boolean isHidden(Path root, Path file) {
        for (Path part : root.relativize(file)) {
            String name = part.toString();
            if (name.startsWith(".") || name.startsWith("_")) {
                return true;
            }
        }
        return false;
    }
}
