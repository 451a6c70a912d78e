package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.options.ReadOptions;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParquetReader#openKeepingTail} and {@link ParquetReader#open(InputFile, ParquetTail,
 * ReadOptions)}: the tail one reader read opens the file again with no read, and a damaged tail is
 * refused as the file with the same damage is.
 */
class ParquetReaderTailTest {
    private static final int MIB = 1 << 20;

    @TempDir Path dir;

    @Test
    void opensFromATailReadBeforeReadingNothingForFooterOrPageIndexes() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("numbered.parquet"), 2500);
        ParquetTail tail = keptTail(file, MIB);
        ParquetFooter footer;
        try (ParquetReader first =
                ParquetReader.open(TestingNumberedFile.open(file), ReadOptions.defaults())) {
            footer = first.footer();
        }
        assertThat(tail.fileLength()).isEqualTo(Files.size(file));
        assertThat(tail.start())
                .as("the page indexes before the footer are in the tail")
                .isLessThan(footer.metadata().footerOffset());

        try (TestingRecordingInputFile recording =
                        new TestingRecordingInputFile(TestingNumberedFile.open(file));
                ParquetReader reader =
                        ParquetReader.open(recording, tail, ReadOptions.defaults())) {
            assertThat(recording.reads()).as("opening reads nothing").isEmpty();
            assertThat(reader.metadata()).isEqualTo(footer.metadata());
            for (int g = 0; g < reader.metadata().rowGroups().size(); g++) {
                RowGroupPageIndexes indexes = reader.readPageIndexes(g, reader.schema());
                assertThat(indexes).isNotNull();
            }
            assertThat(recording.reads()).as("the page indexes came from the tail").isEmpty();
            assertThat(ids(reader)).isEqualTo(numbers(2500));
            assertThat(recording.reads()).noneMatch(r -> r[1] > tail.start());
        }
    }

    @Test
    void aTailOverItsCapKeepsTheFooterAloneOrNothing() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("numbered.parquet"), 2500);
        long length = Files.size(file);
        ParquetTail whole = keptTail(file, MIB);
        long footerStart;
        try (ParquetReader reader =
                ParquetReader.open(TestingNumberedFile.open(file), ReadOptions.defaults())) {
            footerStart = reader.metadata().footerOffset();
        }
        int footerOnly = (int) (length - footerStart);
        assertThat(whole.length()).isGreaterThan(footerOnly);

        ParquetTail capped = keptTail(file, whole.length() - 1);
        assertThat(capped.start()).isEqualTo(footerStart);
        assertThat(capped.length()).isEqualTo(footerOnly);
        try (TestingRecordingInputFile recording =
                        new TestingRecordingInputFile(TestingNumberedFile.open(file));
                ParquetReader reader =
                        ParquetReader.open(recording, capped, ReadOptions.defaults())) {
            assertThat(recording.reads()).isEmpty();
            assertThat(ids(reader)).isEqualTo(numbers(2500));
        }

        try (ParquetReader reader =
                ParquetReader.openKeepingTail(
                        TestingNumberedFile.open(file), ReadOptions.defaults(), footerOnly - 1)) {
            assertThat(reader.tail()).isEmpty();
        }
        try (ParquetReader reader =
                ParquetReader.open(TestingNumberedFile.open(file), ReadOptions.defaults())) {
            assertThat(reader.tail()).as("kept only when asked for").isEmpty();
        }
    }

    @Test
    void refusesATailThatDoesNotEndWhereTheFileEnds() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("numbered.parquet"), 1500);
        ParquetTail tail = keptTail(file, MIB);
        Path other = TestingNumberedFile.write(dir.resolve("other.parquet"), 1600);
        InputFile in = TestingNumberedFile.open(other);
        assertThatThrownBy(() -> ParquetReader.open(in, tail, ReadOptions.defaults()))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("do not end where the file of " + Files.size(other))
                .hasMessageContaining("another version of the file")
                .hasMessageEndingWith("(" + in.location() + ")");
        ParquetTail tooShort = ParquetTail.of(Files.size(file) - 3, new byte[3]);
        assertThatThrownBy(
                        () ->
                                ParquetReader.open(
                                        TestingNumberedFile.open(file),
                                        tooShort,
                                        ReadOptions.defaults()))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("too few for a footer's length and magic");
    }

    /**
     * A tail with a byte changed opens exactly when the file with the same byte changed does, and
     * fails with the same exception and message otherwise: the same validation, whichever way the
     * footer arrived.
     */
    @Test
    void aDamagedTailIsRefusedAsTheDamagedFileIs() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("numbered.parquet"), 2500);
        byte[] bytes = Files.readAllBytes(file);
        ParquetTail tail = keptTail(file, MIB);
        byte[] tailBytes = bytes(tail);
        Random random = new Random(20261205L);
        int refused = 0;
        for (int i = 0; i < 300; i++) {
            int at = tailBytes.length - 1 - random.nextInt(Math.min(tailBytes.length, 400));
            byte value = (byte) random.nextInt(256);
            byte[] damagedTail = tailBytes.clone();
            damagedTail[at] = value;
            byte[] damagedFile = bytes.clone();
            damagedFile[(int) (tail.start() + at)] = value;

            String fromFile =
                    outcome(
                            () ->
                                    ParquetReader.open(
                                            new ByteArrayInputFile("f", damagedFile),
                                            ReadOptions.defaults()));
            String fromTail =
                    outcome(
                            () ->
                                    ParquetReader.open(
                                            new ByteArrayInputFile("f", damagedFile),
                                            ParquetTail.of(tail.start(), damagedTail),
                                            ReadOptions.defaults()));
            assertThat(fromTail).as("byte %d set to %d", at, value).isEqualTo(fromFile);
            assertThat(fromTail).doesNotStartWith("unclean");
            if (!fromTail.equals("opened")) {
                refused++;
            }
        }
        assertThat(refused).as("damage the footer's checks catch").isPositive();
    }

    private interface Opening {
        ParquetReader open() throws IOException;
    }

    private static String outcome(Opening opening) {
        try (ParquetReader reader = opening.open()) {
            return "opened";
        } catch (IOException e) {
            // without identity hashes, which differ from run to run
            return e.getClass().getSimpleName()
                    + ": "
                    + String.valueOf(e.getMessage()).replaceAll("@[0-9a-f]+", "@");
        } catch (RuntimeException e) {
            return "unclean " + e;
        }
    }

    private static ParquetTail keptTail(Path file, int maxBytes) throws IOException {
        try (ParquetReader reader =
                ParquetReader.openKeepingTail(
                        TestingNumberedFile.open(file), ReadOptions.defaults(), maxBytes)) {
            return reader.tail().orElseThrow();
        }
    }

    private static byte[] bytes(ParquetTail tail) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        tail.writeBytesTo(new DataOutputStream(out));
        return out.toByteArray();
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
}
