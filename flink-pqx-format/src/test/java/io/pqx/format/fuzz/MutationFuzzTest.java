package io.pqx.format.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.TestingEncryptedFiles;
import io.pqx.format.TestingFuzzSeeds;
import io.pqx.format.TestingRowValues;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.footer.BoundedThrift;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.options.ReadOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;

/**
 * A small seeded run of the mutation fuzzer over the whole parquet-testing corpus and pqx's own
 * files (the large one is {@code benchmarks/run fuzz}), and the rules it judges outcomes by.
 */
class MutationFuzzTest {
    private static final long SEED = 7;

    @Test
    void everyMutantIsReadOrCleanlyRefused() {
        FuzzRun run =
                new FuzzRun(
                        List.of(TestingFuzzSeeds.corpus(), TestingFuzzSeeds.pqxFiles()),
                        SEED,
                        30_000);
        FuzzRun.Report report = run.run(0, 450, line -> {});
        assertThat(report.unclean()).as(String.join("\n", report.lines())).isEmpty();
        assertThat(report.uncleanCount()).isZero();
        // the run did damage: files were refused for several reasons, and some still read
        assertThat(report.counts()).containsKey("read to the end");
        assertThat(report.counts().keySet().stream().filter(k -> k.startsWith("corrupt: ")).count())
                .isGreaterThan(5);
    }

    /**
     * Mutants of the corpus's encrypted files only, each read with its keys: the damage meets the
     * decryption. 200 mutants here; {@code -Dpqx.fuzz.encryptedMutants=10000} for a long run.
     */
    @Test
    void everyEncryptedMutantIsReadOrCleanlyRefused() {
        int mutants = Integer.getInteger("pqx.fuzz.encryptedMutants", 200);
        FuzzRun run = new FuzzRun(List.of(TestingFuzzSeeds.encrypted()), SEED, 30_000);
        FuzzRun.Report report = run.run(0, mutants, line -> {});
        assertThat(report.unclean()).as(String.join("\n", report.lines())).isEmpty();
        assertThat(report.uncleanCount()).isZero();
        // the damage was found by authentication, in several kinds of module
        assertThat(
                        report.counts().keySet().stream()
                                .filter(k -> k.startsWith("corrupt: Cannot decrypt "))
                                .count())
                .as(String.join("\n", report.lines()))
                .isGreaterThan(3);
    }

    /**
     * In a file whose footer and columns are all AES-GCM encrypted, no byte can change the values
     * read: every mutant is refused, or reads the file's own rows (a change of the stored key
     * metadata, say, which explicit keys do not consult).
     */
    @Test
    void aUniformlyEncryptedFilesMutantsFailOrReadTheSameRows() throws Exception {
        FuzzRun.Seed seed =
                TestingFuzzSeeds.encrypted().stream()
                        .filter(s -> s.name().endsWith(TestingEncryptedFiles.UNIFORM))
                        .filter(s -> !s.name().contains("aes256"))
                        .findFirst()
                        .orElseThrow();
        ReadOptions options = ReadOptions.builder().decryption(seed.decryption()).build();
        int refused = 0;
        for (long i = 0; i < 150; i++) {
            TestingMutator.Mutant mutant =
                    TestingMutator.mutate(seed.bytes(), seed.layout(), SEED, i);
            List<List<Object>> rows;
            try {
                rows = rows(mutant.bytes(), options);
            } catch (CorruptFileException | UnsupportedFileException e) {
                refused++;
                continue;
            } catch (UncheckedIOException e) {
                assertThat(e.getCause())
                        .as(mutant.description())
                        .isInstanceOfAny(
                                CorruptFileException.class, UnsupportedFileException.class);
                refused++;
                continue;
            }
            assertThat(rows).as(mutant.description()).isEqualTo(TestingEncryptedFiles.sampleRows());
        }
        assertThat(refused).isGreaterThan(100);
    }

    private static List<List<Object>> rows(byte[] bytes, ReadOptions options) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(new ByteArrayInputFile("fuzz:uniform", bytes), options);
                CloseableIterator<RowData> it = reader.rows(reader.schema())) {
            while (it.hasNext()) {
                rows.add(TestingRowValues.of(it.next(), reader.schema().rowType()));
            }
        }
        return rows;
    }

    @Test
    void aMutantIsAFunctionOfSeedAndIndex() {
        FuzzRun one = new FuzzRun(List.of(TestingFuzzSeeds.pqxFiles()), SEED, 1000);
        FuzzRun two = new FuzzRun(List.of(TestingFuzzSeeds.pqxFiles()), SEED, 1000);
        for (long i = 0; i < 40; i++) {
            TestingMutator.Mutant a = one.mutant(i);
            TestingMutator.Mutant b = two.mutant(i);
            assertThat(a.bytes()).isEqualTo(b.bytes());
            assertThat(a.description()).isEqualTo(b.description());
            assertThat(a.bytes()).isNotEqualTo(one.seedFile(i).bytes());
            assertThat(a.kind()).isEqualTo(TestingMutator.Kind.values()[(int) (i % 9)]);
        }
        assertThat(
                        new FuzzRun(List.of(TestingFuzzSeeds.pqxFiles()), SEED + 1, 1000)
                                .mutant(3)
                                .bytes())
                .isNotEqualTo(one.mutant(3).bytes());
    }

    @Test
    void aFooterFieldEditKeepsTheFooterLengthTrue() {
        FuzzRun.Seed seed = TestingFuzzSeeds.pqxFiles().get(0);
        for (long i = 6; i < 200; i += 9) { // Kind.FOOTER_FIELD
            TestingMutator.Mutant m = TestingMutator.mutate(seed.bytes(), seed.layout(), SEED, i);
            assertThat(m.kind()).isEqualTo(TestingMutator.Kind.FOOTER_FIELD);
            FileLayout layout = FileLayout.of(m.bytes());
            assertThat(layout.footer().length())
                    .isEqualTo(
                            seed.layout().footer().length()
                                    + m.bytes().length
                                    - seed.bytes().length);
        }
    }

    @Test
    void judgesOutcomes() {
        String file = "fuzz:x.parquet";
        CorruptFileException clean =
                new CorruptFileException(
                        "Cannot read footer: bad (" + file + ")", new IOException("checked"));
        assertThat(FuzzOutcome.of(null, file)).isEqualTo(FuzzOutcome.READ);
        assertThat(FuzzOutcome.of(clean, file).clean()).isTrue();
        assertThat(FuzzOutcome.of(clean, file).key()).isEqualTo("corrupt: Cannot read footer");
        assertThat(FuzzOutcome.of(new UncheckedIOException(clean), file).clean()).isTrue();
        assertThat(
                        FuzzOutcome.of(
                                        new UnsupportedFileException(
                                                "Cannot read page 3: x (" + file + ")"),
                                        file)
                                .key())
                .isEqualTo("unsupported: Cannot read page N");

        CorruptFileException wrapped =
                new CorruptFileException(
                        "Cannot decode page 0: x (" + file + ")",
                        new IOException(new IndexOutOfBoundsException("5")));
        assertThat(FuzzOutcome.of(wrapped, file).clean()).isFalse();
        assertThat(FuzzOutcome.of(wrapped, file).key())
                .startsWith("UNCLEAN corrupt caused by IndexOutOfBoundsException");
        CorruptFileException suppressed =
                new CorruptFileException("Cannot decode page 0: x (" + file + ")");
        suppressed.addSuppressed(new IllegalStateException());
        assertThat(FuzzOutcome.of(suppressed, file).clean()).isFalse();
        assertThat(
                        FuzzOutcome.of(
                                        new CorruptFileException(
                                                "Cannot decode page 0: x (other.parquet)"),
                                        file)
                                .key())
                .startsWith("UNCLEAN message does not name the file");
        assertThat(
                        FuzzOutcome.of(
                                        new CorruptFileException(
                                                "Cannot decode page 0: IndexOutOfBoundsException: 7 ("
                                                        + file
                                                        + ")"),
                                        file)
                                .key())
                .startsWith("UNCLEAN corrupt message names IndexOutOfBoundsException");
        assertThat(FuzzOutcome.of(new OutOfMemoryError(), file).key())
                .startsWith("UNCLEAN escaped OutOfMemoryError");
        assertThat(FuzzOutcome.of(new IllegalArgumentException(), file).clean()).isFalse();
        assertThat(FuzzOutcome.hang(5).clean()).isFalse();
    }

    @Test
    void setsThriftFieldsToTheGivenValues() throws Exception {
        PageHeader header = new PageHeader(PageType.DATA_PAGE, 100, 90);
        header.setData_page_header(
                new DataPageHeader(7, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writePageHeader(header, out);
        byte[] bytes = out.toByteArray();
        ThriftFields.Walk walk = ThriftFields.walk(bytes, 0, bytes.length);
        assertThat(walk.end()).isEqualTo(bytes.length);
        // type, uncompressed and compressed size, then the data page header's four i32 fields
        assertThat(walk.fields()).hasSize(7).allMatch(f -> f.kind() == ThriftFields.Kind.INT);
        ThriftFields.Field compressed = walk.fields().get(2);
        for (long value : new long[] {0, -1, Integer.MAX_VALUE}) {
            byte[] encoded = ThriftFields.encode(compressed, value);
            ByteArrayOutputStream edited = new ByteArrayOutputStream();
            edited.write(bytes, 0, compressed.offset());
            edited.write(encoded);
            edited.write(
                    bytes,
                    compressed.offset() + compressed.length(),
                    bytes.length - compressed.offset() - compressed.length());
            PageHeader back = new PageHeader();
            byte[] editedBytes = edited.toByteArray();
            BoundedThrift.read(back, editedBytes, 0, editedBytes.length);
            assertThat(back.getCompressed_page_size()).isEqualTo((int) value);
            assertThat(back.getData_page_header().getNum_values()).isEqualTo(7);
        }
    }
}
