package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.io.ForwardingInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParquetReader#open(InputFile, ParquetFooter, ReadOptions)}: a footer read once opens the
 * file again.
 */
class ParquetReaderFooterReuseTest {
    @TempDir Path dir;

    @Test
    void opensWithAFooterReadBeforeWithoutReadingTheFooterAgain() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("numbered.parquet"), 2500);
        ParquetFooter footer;
        try (TestingRecordingInputFile planning =
                new TestingRecordingInputFile(TestingNumberedFile.open(file))) {
            footer = ParquetInspector.read(planning, ReadOptions.defaults()).footer();
            assertThat(touchesFooter(planning, footer)).as("the planner's read").isTrue();
        }
        assertThat(footer.metadata().rowGroups()).hasSize(3);

        try (TestingRecordingInputFile recording =
                        new TestingRecordingInputFile(TestingNumberedFile.open(file));
                ParquetReader reader =
                        ParquetReader.open(recording, footer, ReadOptions.defaults())) {
            assertThat(recording.reads()).as("opening reads nothing").isEmpty();
            assertThat(reader.footer()).isSameAs(footer);
            assertThat(reader.metadata()).isEqualTo(footer.metadata());
            assertThat(ids(reader)).isEqualTo(numbers(2500));
            assertThat(recording.reads()).isNotEmpty();
            assertThat(touchesFooter(recording, footer))
                    .as("a read of the footer or its tail")
                    .isFalse();
            assertThat(recording.reads()).noneMatch(r -> r[0] < 4);
        }
    }

    @Test
    void aReaderHandsOutItsFooterForTheNextOpen() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("numbered.parquet"), 1200);
        ParquetFooter footer;
        try (ParquetReader first =
                ParquetReader.open(TestingNumberedFile.open(file), ReadOptions.defaults())) {
            footer = first.footer();
        }
        try (TestingRecordingInputFile recording =
                        new TestingRecordingInputFile(TestingNumberedFile.open(file));
                ParquetReader again =
                        ParquetReader.open(recording, footer, ReadOptions.defaults())) {
            assertThat(ids(again)).isEqualTo(numbers(1200));
            assertThat(touchesFooter(recording, footer)).isFalse();
        }
    }

    @Test
    void refusesAFileWhoseLengthIsNotTheFootersAndClosesIt() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("numbered.parquet"), 1500);
        ParquetFooter footer;
        try (InputFile in = TestingNumberedFile.open(file)) {
            footer = ParquetInspector.read(in, ReadOptions.defaults()).footer();
        }
        Path longer = TestingNumberedFile.write(dir.resolve("longer.parquet"), 1600);
        Files.move(longer, file, StandardCopyOption.REPLACE_EXISTING);
        long length = Files.size(file);
        assertThat(length).isNotEqualTo(footer.fileLength());
        ClosingFile replaced = new ClosingFile(TestingNumberedFile.open(file));

        assertThatThrownBy(() -> ParquetReader.open(replaced, footer, ReadOptions.defaults()))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith(
                        "Cannot open file with a footer read before: the file has "
                                + length
                                + " bytes, but the footer was read from a file of "
                                + footer.fileLength()
                                + " bytes")
                .hasMessageContaining("the file was replaced or changed since")
                .hasMessageEndingWith("(" + replaced.location() + ")");
        assertThat(replaced.closed).isTrue();
    }

    private static List<Long> ids(ParquetReader reader) throws Exception {
        List<Long> ids = new ArrayList<>();
        try (CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
            while (rows.hasNext()) {
                ids.add(rows.next().getLong(0));
            }
        }
        return ids;
    }

    private static List<Long> numbers(int n) {
        List<Long> out = new ArrayList<>(n);
        for (long i = 0; i < n; i++) {
            out.add(i);
        }
        return out;
    }

    /** Whether a read touched the footer, its length or the tail magic. */
    private static boolean touchesFooter(TestingRecordingInputFile file, ParquetFooter footer) {
        long from = footer.metadata().footerOffset();
        return file.reads().stream().anyMatch(r -> r[1] > from);
    }

    /** Records whether it was closed. */
    private static final class ClosingFile extends ForwardingInputFile {
        boolean closed;

        ClosingFile(InputFile delegate) {
            super(delegate);
        }

        @Override
        public void close() throws IOException {
            closed = true;
            super.close();
        }
    }
}
