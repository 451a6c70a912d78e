package io.pqx.e2e.interop;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.pqx.e2e.interop.PeerConsensus.Expected;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * pqx reads every Parquet file of the parquet-testing corpus's {@code data/} (the {@code
 * shredded_variant/} files: see {@link #comparedFiles}) with the same row count and values as
 * DuckDB and parquet-java (rendered alike, JSON-RENDERING.md), where {@link PeerConsensus} decides
 * the expected values; the files it cannot read are exactly those of {@link #PQX_CANNOT_READ}, each
 * failing with the declared exception, and the only value losses are those of {@link
 * #PQX_KNOWN_LOSSES}. Writes {@code target/parquet-testing-compatibility.md} for the README.
 */
class ParquetTestingCorpusITCase {

    /** A corpus file pqx cannot read: the exception it must throw, a message fragment, and why. */
    record PqxFailure(Class<? extends IOException> type, String messagePart, String reason) {}

    private static final String ENCRYPTED =
            "Parquet Modular Encryption: read here without keys, pqx refuses the file (or, with a"
                    + " plaintext footer, its encrypted columns) by name; with its keys it reads"
                    + " (format's EncryptedCorpusReaderTest)";

    /**
     * THE table of corpus files pqx cannot read. Every other corpus file must read like the peers.
     */
    static final Map<String, PqxFailure> PQX_CANNOT_READ =
            Map.ofEntries(
                    encrypted("data/aes256/encrypt_columns_and_footer.parquet.encrypted"),
                    encrypted("data/aes256/encrypt_columns_and_footer_ctr.parquet.encrypted"),
                    encrypted(
                            "data/aes256/encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted"),
                    encrypted("data/aes256/encrypt_columns_plaintext_footer.parquet.encrypted"),
                    encrypted("data/aes256/uniform_encryption.parquet.encrypted"),
                    encrypted("data/encrypt_columns_and_footer.parquet.encrypted"),
                    encrypted("data/encrypt_columns_and_footer_aad.parquet.encrypted"),
                    encrypted("data/encrypt_columns_and_footer_bloom_filter.parquet.encrypted"),
                    encrypted("data/encrypt_columns_and_footer_ctr.parquet.encrypted"),
                    encrypted(
                            "data/encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted"),
                    encrypted("data/encrypt_columns_plaintext_footer.parquet.encrypted"),
                    encrypted("data/external_key_material_java.parquet.encrypted"),
                    encrypted("data/uniform_encryption.parquet.encrypted"),
                    entry(
                            "data/large_string_map.brotli.parquet",
                            new PqxFailure(
                                    UnsupportedFileException.class,
                                    "maxPageBytes",
                                    "holds two 1 GiB strings: its 1 GiB pages exceed the reader's"
                                            + " page size limit (ReadOptions.maxPageBytes, 512 MiB);"
                                            + " pqx reads BROTLI itself")),
                    entry(
                            "data/datapage_v1-corrupt-checksum.parquet",
                            new PqxFailure(
                                    CorruptFileException.class,
                                    "CRC-32 mismatch",
                                    "a data page's CRC-32 does not match its bytes; pqx verifies"
                                            + " page CRCs by default (ReadOptions.verifyChecksums),"
                                            + " DuckDB and parquet-java do not and return the damaged"
                                            + " values")),
                    entry(
                            "data/rle-dict-uncompressed-corrupt-checksum.parquet",
                            new PqxFailure(
                                    CorruptFileException.class,
                                    "CRC-32 mismatch",
                                    "the dictionary page's CRC-32 does not match its bytes; pqx"
                                            + " verifies page CRCs by default"
                                            + " (ReadOptions.verifyChecksums), DuckDB and parquet-java"
                                            + " do not and return the damaged values")),
                    entry(
                            "data/nation.dict-malformed.parquet",
                            new PqxFailure(
                                    CorruptFileException.class,
                                    "exceeds",
                                    "the chunk metadata of column name declares 322 bytes, its"
                                            + " pages take 337 (parquet-java fails too; DuckDB ignores"
                                            + " the declared size)")));

    /**
     * Files pqx reads with a declared loss against the peers, and the expected lines after that
     * loss. The test checks that the loss is real (pqx differs from the peers) and the only one.
     */
    record KnownLoss(UnaryOperator<String> expectedAfterLoss, String reason) {}

    static final Map<String, KnownLoss> PQX_KNOWN_LOSSES = Map.of();

    private static final CompatibilityReport REPORT = new CompatibilityReport();
    private static DuckDbJsonRenderer duckDb;
    private static PeerConsensus consensus;
    private static Path root;

    private static Map.Entry<String, PqxFailure> encrypted(String file) {
        return entry(file, new PqxFailure(UnsupportedFileException.class, "encrypt", ENCRYPTED));
    }

    @BeforeAll
    static void openPeers() throws Exception {
        root = TestingParquetFiles.root();
        duckDb = DuckDbJsonRenderer.open();
        consensus = new PeerConsensus(root, duckDb);
    }

    @AfterAll
    static void writeReport() throws Exception {
        if (duckDb != null) {
            duckDb.close();
        }
        REPORT.write(
                Path.of("target", "parquet-testing-compatibility.md"),
                "pqx on the parquet-testing corpus",
                "Generated by ParquetTestingCorpusITCase: each file read by pqx and compared, value"
                        + " for value (JSON-RENDERING.md), with DuckDB and parquet-java.");
    }

    static List<String> corpusFiles() {
        return TestingParquetFiles.relativeNames();
    }

    /**
     * The files compared line by line with the peers: all but shredded_variant/, whose VARIANT
     * column pqx reads as Flink VARIANT values, which neither peer renders alike (DuckDB has its
     * own VARIANT type, parquet-java's generic records show the physical struct); those are
     * compared value by value with parquet-java's variant reassembly by ShreddedVariantOracleTest
     * and with the spec case by case by the format's ShreddedVariantCorpusTest.
     */
    static List<String> comparedFiles() {
        return corpusFiles().stream().filter(f -> !f.startsWith(VARIANT_DIR)).toList();
    }

    static List<String> variantFiles() {
        return corpusFiles().stream().filter(f -> f.startsWith(VARIANT_DIR)).toList();
    }

    private static final String VARIANT_DIR = "shredded_variant/";

    @ParameterizedTest(name = "{0}")
    @MethodSource("variantFiles")
    void variantFilesAreReportedAsCheckedElsewhere(String file) throws Exception {
        Path path = root.resolve(file);
        REPORT.add(
                file,
                Long.toString(PqxJsonRenderer.footerRows(path)),
                "VARIANT",
                "read as Flink VARIANT or refused as the shredding spec's invalid cases; values"
                        + " compared with parquet-java's variant reassembly"
                        + " (ShreddedVariantOracleTest) and the spec (ShreddedVariantCorpusTest)");
        assertThat(variantFiles()).hasSize(137);
    }

    @Test
    void corpusHoldsEveryInventoriedFile() {
        assertThat(corpusFiles()).hasSize(TestingParquetFiles.INVENTORY_FILE_COUNT);
        assertThat(corpusFiles())
                .containsAll(PQX_CANNOT_READ.keySet())
                .containsAll(PQX_KNOWN_LOSSES.keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("comparedFiles")
    void pqxReadsEveryFileLikeThePeers(String file) throws Exception {
        Expected expected = consensus.expected(file);
        Path path = root.resolve(file);
        PqxFailure failure = PQX_CANNOT_READ.get(file);
        if (failure != null) {
            Throwable thrown = catchThrowable(() -> PqxJsonRenderer.render(path));
            assertThat(thrown)
                    .as("pqx reading %s, declared unreadable: %s", file, failure.reason())
                    .isInstanceOf(failure.type())
                    .hasMessageContaining(path.getFileName().toString())
                    .hasMessageContaining(failure.messagePart());
            REPORT.add(
                    file,
                    "",
                    "cannot read",
                    failure.reason()
                            + ". Message: "
                            + thrown.getMessage().lines().findFirst().orElse(""));
            return;
        }
        assertThat(expected.lines())
                .as("expected values for %s: %s", file, expected.source())
                .isNotNull();
        List<String> pqx = PqxJsonRenderer.render(path);
        KnownLoss loss = PQX_KNOWN_LOSSES.get(file);
        if (loss != null) {
            assertThat(pqx)
                    .as("%s is declared lossy (%s) but pqx reads it exactly", file, loss.reason())
                    .isNotEqualTo(expected.lines());
            List<String> afterLoss =
                    expected.lines().stream().map(loss.expectedAfterLoss()).toList();
            LineDiff.assertSameLines(
                    file + ": pqx vs " + expected.source() + " after the known loss",
                    pqx,
                    afterLoss);
            assertThat(PqxJsonRenderer.footerRows(path))
                    .as("row count in pqx's footer")
                    .isEqualTo(pqx.size());
            REPORT.add(
                    file,
                    Integer.toString(pqx.size()),
                    "reads, with a loss",
                    loss.reason() + "; otherwise same values as " + expected.source());
            return;
        }
        LineDiff.assertSameLines(file + ": pqx vs " + expected.source(), pqx, expected.lines());
        assertThat(PqxJsonRenderer.footerRows(path))
                .as("row count in pqx's footer")
                .isEqualTo(pqx.size());
        REPORT.add(
                file, Integer.toString(pqx.size()), "reads", "same values as " + expected.source());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "data/datapage_v1-corrupt-checksum.parquet",
                "data/rle-dict-uncompressed-corrupt-checksum.parquet"
            })
    void pqxRejectsCorruptPageChecksumsWhenVerifying(String file) {
        Path path = root.resolve(file);
        assertThat(
                        catchThrowable(
                                () ->
                                        PqxJsonRenderer.render(
                                                path,
                                                ReadOptions.builder()
                                                        .verifyChecksums(true)
                                                        .build())))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining(path.getFileName().toString());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "data/datapage_v1-uncompressed-checksum.parquet",
                "data/datapage_v1-snappy-compressed-checksum.parquet",
                "data/plain-dict-uncompressed-checksum.parquet",
                "data/rle-dict-snappy-checksum.parquet"
            })
    void pqxAcceptsValidPageChecksumsWhenVerifying(String file) throws Exception {
        Path path = root.resolve(file);
        assertThat(
                        PqxJsonRenderer.render(
                                path, ReadOptions.builder().verifyChecksums(true).build()))
                .isEqualTo(ParquetJavaJsonRenderer.render(path));
    }
}
