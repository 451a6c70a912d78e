package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetTail;
import io.pqx.format.ParquetWriter;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.Compression;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.RowGroupSplit;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A split that carries its file's footer tail (as the enumerator sends it) opens the file with no
 * request for the footer or the page indexes; a split restored from a reader checkpoint carries
 * none and reads the footer; a damaged tail is refused and the footer read from the file.
 */
class FooterTailReadTest {
    private static final int ROWS = 100_000;

    // id in [10,500, 12,000): two pages of row group 0, the other row groups proven empty
    private static final Predicate ONE_PERCENT =
            Predicates.and(
                    Predicates.greaterOrEqual("id", 10_500L), Predicates.lessThan("id", 12_000L));

    @TempDir Path dir;

    private Path file;
    private String uri;
    private long length;
    private ParquetTail tail;

    @BeforeEach
    void writeFileAndReadItsTail() throws Exception {
        file = dir.resolve("orders.parquet");
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
        uri = RangeRecordingFileSystem.uri(file);
        length = Files.size(file);
        // what the enumerator keeps of its footer read
        try (ParquetReader reader =
                ParquetReader.openKeepingTail(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(uri), length),
                        ReadOptions.defaults(),
                        1 << 20)) {
            tail = reader.tail().orElseThrow();
        }
        assertThat(tail.fileLength()).isEqualTo(length);
        RangeRecordingFileSystem.reset();
    }

    private RowGroupSplit split() throws Exception {
        return RowGroupSplit.of(
                uri, length, Files.getLastModifiedTime(file).toMillis(), Map.of(), 0, 3);
    }

    @Test
    void aSplitCarryingItsTailAsksTheFileForNoFooterNorPageIndex() throws Exception {
        RowGroupSplit carrying = split().withFooterTail(tail);
        ReaderMetrics metrics = ReaderMetrics.unregistered();
        Read read = read(carrying, metrics);

        assertThat(read.rows).isEqualTo(expected(10_500, 12_000));
        assertThat(read.footersRead).isZero();
        assertThat(metrics.footersFromSplit()).isEqualTo(1);
        assertThat(carrying.footerTail()).as("taken off once used").isEmpty();
        assertThat(RangeRecordingFileSystem.reads())
                .as("only pages: nothing of the tail (footer, page indexes) is read")
                .isNotEmpty()
                .allMatch(r -> r.end() <= tail.start());
    }

    @Test
    void withoutATailTheSameSplitReadsItsFooterAsBefore() throws Exception {
        ReaderMetrics metrics = ReaderMetrics.unregistered();
        Read read = read(split(), metrics);

        assertThat(read.rows).isEqualTo(expected(10_500, 12_000));
        assertThat(read.footersRead).isEqualTo(1);
        assertThat(metrics.footersFromSplit()).isZero();
        assertThat(RangeRecordingFileSystem.reads()).anyMatch(r -> r.end() == length);
    }

    @Test
    void aSplitRestoredFromAReaderCheckpointHasNoTailAndReadsItsFooter() throws Exception {
        RowGroupSplit carrying = split().withFooterTail(tail);
        // what the reader checkpoints: the split at its position (here 100 rows into the run)
        RowGroupSplitState state = new RowGroupSplitState(carrying);
        state.emitted(0, 10_600);
        SimpleVersionedSerializer<RowGroupSplit> serializer = RowGroupSplit.serializer();
        byte[] checkpointed = serializer.serialize(state.toSplit());
        assertThat(checkpointed.length).as("no tail in the checkpoint").isLessThan(tail.length());
        RowGroupSplit restored = serializer.deserialize(serializer.getVersion(), checkpointed);
        assertThat(restored.footerTail()).isEmpty();

        ReaderMetrics metrics = ReaderMetrics.unregistered();
        Read read = read(restored, metrics);
        assertThat(read.rows).isEqualTo(expected(10_600, 12_000));
        assertThat(read.footersRead).isEqualTo(1);
        assertThat(metrics.footersFromSplit()).isZero();
    }

    @Test
    void aDamagedTailIsRefusedAndTheFooterReadFromTheFile() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        tail.writeBytesTo(new DataOutputStream(bytes));
        byte[] damaged = bytes.toByteArray();
        damaged[damaged.length - 1] = 'X'; // the magic PAR1 at the end
        RowGroupSplit carrying = split().withFooterTail(ParquetTail.of(tail.start(), damaged));
        ReaderMetrics metrics = ReaderMetrics.unregistered();
        Read read = read(carrying, metrics);

        assertThat(read.rows).isEqualTo(expected(10_500, 12_000));
        assertThat(metrics.footerTailsRefused()).isEqualTo(1);
        assertThat(metrics.footersFromSplit()).isZero();
        assertThat(read.footersRead).isEqualTo(1);
    }

    private record Read(List<String> rows, long footersRead) {}

    private static Read read(RowGroupSplit split, ReaderMetrics metrics) throws Exception {
        ReaderSettings settings =
                new ReaderSettings(
                        ReaderSettings.Rows.filtered(
                                TestingSourceFiles.ORDERS,
                                List.of(),
                                TestingSourceFiles.ORDERS,
                                ONE_PERCENT),
                        new ReaderSettings.Decoding(64, true, 16, true, true, 64 << 20),
                        Long.MAX_VALUE);
        List<String> rows = new ArrayList<>();
        try (PqxSplitReader reader = new PqxSplitReader(settings, metrics, new LiveSlots())) {
            reader.handleSplitsChanges(new SplitsAddition<>(List.of(split)));
            for (int fetches = 0; fetches < 10_000; fetches++) {
                RecordsWithSplitIds<RowAtPosition> records = reader.fetch();
                while (records.nextSplit() != null) {
                    RowAtPosition r;
                    while ((r = records.nextRecordFromSplit()) != null) {
                        rows.add(TestingSourceFiles.describe(r.row));
                    }
                }
                records.recycle();
                if (records.finishedSplits().contains(split.splitId())) {
                    return new Read(rows, reader.footersRead());
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
}
