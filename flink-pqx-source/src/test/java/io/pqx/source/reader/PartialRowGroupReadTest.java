package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.Compression;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.RowGroupSplit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A row group read filtered and in part from a remote file: the selected pages of every decoded
 * column are fetched together once, so late materialization's second step (the emitted columns'
 * pages for the rows kept, the predicate's column again among them) asks the file for no byte a
 * second time; the rows are those the predicate keeps.
 */
class PartialRowGroupReadTest {
    private static final int ROWS = 100_000;

    @TempDir Path dir;

    /**
     * 4 row groups of 25,000 orders, pages of 1,000 rows, uncompressed (the data lies before the
     * tail read).
     */
    private Path file() throws Exception {
        Path file = dir.resolve("orders.parquet");
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupRows(25_000)
                        .pageRowLimit(1000)
                        .codec(Compression.UNCOMPRESSED)
                        .build();
        try (ParquetWriter w =
                ParquetWriter.builder(TestingSourceFiles.ORDERS)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowData row : TestingSourceFiles.orders(0, ROWS)) {
                w.write(row);
            }
        }
        return file;
    }

    private static List<String> read(Path file, Predicate predicate, long readAheadBytes)
            throws Exception {
        return read(
                file,
                TestingSourceFiles.ORDERS,
                TestingSourceFiles::describe,
                predicate,
                readAheadBytes);
    }

    private static List<String> read(
            Path file,
            RowType type,
            Function<RowData, String> show,
            Predicate predicate,
            long readAheadBytes)
            throws Exception {
        ReaderSettings settings =
                new ReaderSettings(
                        ReaderSettings.Rows.filtered(type, List.of(), type, predicate),
                        new ReaderSettings.Decoding(64, true, 0, true, true, readAheadBytes),
                        Long.MAX_VALUE);
        RowGroupSplit split =
                RowGroupSplit.of(
                        RangeRecordingFileSystem.uri(file),
                        Files.size(file),
                        Files.getLastModifiedTime(file).toMillis(),
                        Map.of(),
                        0,
                        3);
        List<String> rows = new ArrayList<>();
        try (PqxSplitReader reader = new PqxSplitReader(settings)) {
            reader.handleSplitsChanges(new SplitsAddition<>(List.of(split)));
            for (int fetches = 0; fetches < 10_000; fetches++) {
                RecordsWithSplitIds<RowAtPosition> records = reader.fetch();
                while (records.nextSplit() != null) {
                    RowAtPosition r;
                    while ((r = records.nextRecordFromSplit()) != null) {
                        rows.add(show.apply(r.row));
                    }
                }
                records.recycle();
                if (records.finishedSplits().contains(split.splitId())) {
                    return rows;
                }
            }
        }
        throw new AssertionError("the split never finished");
    }

    private static List<String> expected(long from, long to) {
        List<String> out = new ArrayList<>();
        for (long id = from; id < to; id++) {
            out.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
        }
        return out;
    }

    /** The most times any byte of the file was read. */
    private static int mostReadsOfAByte(long fileLength) {
        int[] times = new int[(int) fileLength];
        int most = 0;
        for (RangeRecordingFileSystem.Range r : RangeRecordingFileSystem.reads()) {
            for (long b = r.offset(); b < r.end(); b++) {
                most = Math.max(most, ++times[(int) b]);
            }
        }
        return most;
    }

    @Test
    void thePartlySelectedRowGroupIsFetchedOnceForBothSteps() throws Exception {
        Path file = file();
        long length = Files.size(file);
        assertThat(length).as("the data lies before the footer's tail read").isGreaterThan(1 << 20);
        // id in [10,500, 12,000): pages 10 and 11 of row group 0; the others proven empty
        Predicate p =
                Predicates.and(
                        Predicates.greaterOrEqual("id", 10_500L),
                        Predicates.lessThan("id", 12_000L));
        RangeRecordingFileSystem.reset();
        assertThat(read(file, p, 64 << 20)).isEqualTo(expected(10_500, 12_000));
        assertThat(mostReadsOfAByte(length)).as("no byte asked of the file twice").isEqualTo(1);

        // without read-ahead the predicate's pages are read again for the rows kept, as before
        RangeRecordingFileSystem.reset();
        assertThat(read(file, p, 0)).isEqualTo(expected(10_500, 12_000));
        assertThat(mostReadsOfAByte(length)).isEqualTo(2);
    }

    @Test
    void anEmittedColumnWithFinerPagesThanTheFilterIsReadAfterTheFilterDecided() throws Exception {
        // k BIGINT (8 bytes a row), s STRING (64 bytes a row): in 4 KiB pages, s has about 8
        // pages for each of k's
        RowType type =
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(false), new VarCharType(false, VarCharType.MAX_LENGTH)
                        },
                        new String[] {"k", "s"});
        Path file = dir.resolve("wide.parquet");
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupRows(25_000)
                        .pageSizeBytes(4096)
                        .dictionaryEnabled(false)
                        .codec(Compression.UNCOMPRESSED)
                        .build();
        List<String> expected = new ArrayList<>();
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (long k = 0; k < ROWS; k++) {
                String s = String.format("%064d", k * 7919);
                w.write(GenericRowData.of(k, StringData.fromString(s)));
                if (k >= 10_500 && k < 12_000) {
                    expected.add(k + "|" + s);
                }
            }
        }
        Predicate p =
                Predicates.and(
                        Predicates.greaterOrEqual("k", 10_500L), Predicates.lessThan("k", 12_000L));
        Function<RowData, String> show = r -> r.getLong(0) + "|" + r.getString(1);
        RangeRecordingFileSystem.reset();
        assertThat(read(file, type, show, p, 0)).isEqualTo(expected);
        List<String> withoutReadAhead = sortedReads();
        RangeRecordingFileSystem.reset();
        assertThat(read(file, type, show, p, 64 << 20)).isEqualTo(expected);
        assertThat(sortedReads())
                .as(
                        "s's pages read for the rows kept only, after the filter: as without read-ahead")
                .isEqualTo(withoutReadAhead);
    }

    private static List<String> sortedReads() {
        List<String> reads = new ArrayList<>();
        for (RangeRecordingFileSystem.Range r : RangeRecordingFileSystem.reads()) {
            reads.add(String.format("%012d+%d", r.offset(), r.length()));
        }
        reads.sort(null);
        return reads;
    }
}
