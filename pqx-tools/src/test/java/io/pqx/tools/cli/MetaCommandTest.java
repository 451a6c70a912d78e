package io.pqx.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pqx meta}: what the footer says, on corpus files with known footers (read with
 * parquet-java).
 */
class MetaCommandTest {

    private static final String ALLTYPES = corpus("alltypes_plain.parquet");

    @TempDir Path tmp;

    @Test
    void metaShowsFileRowGroupAndColumnChunkFacts() {
        TestingCliRun run = TestingCliRun.of("meta", ALLTYPES);
        assertThat(run.status()).isZero();
        assertThat(run.out())
                .contains("rows:          8\n")
                .contains("row groups:    1\n")
                .contains("size:          1851 bytes\n")
                .contains(
                        "created_by:    impala version 1.3.0-INTERNAL (build"
                                + " 8a48ddb1eff84592b3fc06bc6f51ec120e1fffc9)\n")
                .contains("key-value:     (none)\n")
                .contains("  optional int96 timestamp_col;\n")
                .contains(
                        "row group 0:\n"
                                + "  rows:          8\n"
                                + "  bytes:         671 uncompressed, 671 compressed\n"
                                + "  sorting:       (none)\n")
                .contains(
                        "  column id:\n"
                                + "    type:          optional INT32\n"
                                + "    codec:         UNCOMPRESSED\n"
                                + "    encodings:     RLE, PLAIN_DICTIONARY, PLAIN\n"
                                + "    bytes:         73 compressed, 73 uncompressed\n"
                                + "    values:        8\n")
                .contains(
                        "    page index:    column index no, offset index no\n"
                                + "    bloom filter:  no\n");
    }

    @Test
    void metaShowsStatisticsSortingColumnsPageIndexAndBloomFilter() {
        TestingCliRun sorted = TestingCliRun.of("meta", corpus("sort_columns.parquet"));
        assertThat(sorted.status()).isZero();
        assertThat(sorted.out())
                .contains("  sorting:       a DESC NULLS FIRST, b ASC NULLS LAST\n")
                .contains("  column a:\n    type:          optional INT64\n")
                .contains("    statistics:    min=1 (exact), max=2 (exact), nulls=1\n")
                .contains("    statistics:    min=a, max=c, nulls=0\n")
                .contains("key-value:     ARROW:schema\n");
        TestingCliRun indexed =
                TestingCliRun.of("meta", corpus("data_index_bloom_encoding_stats.parquet"));
        assertThat(indexed.status()).isZero();
        assertThat(indexed.out())
                .contains("    statistics:    min=Hello, max=today, nulls=0\n")
                .contains(
                        "    page index:    column index yes, offset index yes\n"
                                + "    bloom filter:  yes\n")
                .contains("key-value:     parquet.avro.schema, writer.model.name\n");
    }

    @Test
    void metaMarksExactAndTruncatedBounds() {
        TestingCliRun run = TestingCliRun.of("meta", corpus("binary_truncated_min_max.parquet"));
        assertThat(run.status()).isZero();
        assertThat(run.out())
                .contains(
                        "  column utf8_full_truncation:\n"
                                + "    type:          required BYTE_ARRAY STRING\n")
                .contains("    statistics:    min=Al, max=Kf, nulls=0\n")
                .contains(
                        "    statistics:    min=Al, max=\uD83D\uDE80Kevin Bacon (exact), nulls=0\n")
                .contains("    statistics:    min=Al (exact), max=Ke (exact), nulls=0\n")
                .contains("    statistics:    min=0x416C, max=0xFFFF0102 (exact), nulls=0\n");
    }

    @Test
    void metaSaysWhyStatisticsAreUntrusted() {
        assertThat(TestingCliRun.of("meta", corpus("nan_in_stats.parquet")).out())
                .contains("    statistics:    nulls=0, untrusted: a bound is NaN\n");
        assertThat(TestingCliRun.of("meta", corpus("alltypes_plain.parquet")).out())
                .contains("    type:          optional INT96 (column order undefined)\n")
                .contains("    statistics:    untrusted: the chunk has no statistics\n");
    }

    /**
     * The page CRC line counts pages whose header sets a CRC (counted independently with
     * parquet-format's Thrift classes: rle-dict-snappy-checksum, from parquet-java 1.12, has CRCs
     * on its dictionary pages only, not on its v2 data pages).
     */
    @Test
    void metaShowsWhetherPagesCarryCrcs() {
        assertThat(
                        TestingCliRun.of(
                                        "meta", corpus("datapage_v1-uncompressed-checksum.parquet"))
                                .out())
                .contains("  column a:\n")
                .contains("    bloom filter:  no\n    page crc:      yes (2 of 2 pages)\n");
        assertThat(TestingCliRun.of("meta", corpus("rle-dict-snappy-checksum.parquet")).out())
                .contains("    page crc:      partly (1 of 2 pages)\n")
                .doesNotContain("page crc:      yes");
        assertThat(TestingCliRun.of("meta", ALLTYPES).out())
                .contains("  column bool_col:\n")
                .contains("    page crc:      no (0 of 1 page)\n")
                .doesNotContain("page crc:      yes");
    }

    /** pqx writes CRCs by default: a plain page of ids, a dictionary and a data page of names. */
    @Test
    void metaShowsThatPqxWritesPageCrcsByDefault() throws Exception {
        Path withCrc = writePqx("crc.parquet", WriteOptions.defaults());
        Path withoutCrc =
                writePqx("nocrc.parquet", WriteOptions.builder().pageChecksums(false).build());

        TestingCliRun on = TestingCliRun.of("meta", withCrc.toString());
        assertThat(on.status()).isZero();
        assertThat(on.out())
                .contains("    encodings:     PLAIN\n")
                .contains("    page crc:      yes (1 of 1 page)\n")
                .contains("    page crc:      yes (2 of 2 pages)\n")
                .doesNotContain("page crc:      no");
        TestingCliRun off = TestingCliRun.of("meta", withoutCrc.toString());
        assertThat(off.status()).isZero();
        assertThat(off.out())
                .contains("    page crc:      no (0 of 1 page)\n")
                .contains("    page crc:      no (0 of 2 pages)\n")
                .doesNotContain("page crc:      yes");
    }

    /** A damaged page header leaves the rest of the report, with the reason on the chunk's line. */
    @Test
    void metaSaysWhyItCannotTellAboutCrcs() throws Exception {
        Path file = writePqx("damaged.parquet", WriteOptions.defaults());
        byte[] bytes = Files.readAllBytes(file);
        // the first chunk's first page header starts right after the 4-byte magic
        bytes[4] = 0;
        Files.write(file, bytes);

        TestingCliRun run = TestingCliRun.of("meta", file.toString());
        assertThat(run.status()).isZero();
        assertThat(run.out())
                .containsPattern(
                        "  column id:\n(    .*\n)*    page crc:      unknown: Cannot read page"
                                + " header: invalid header at offset 4: .* \\(file:\\S*"
                                + "damaged.parquet, row group 0, column id\\)\n")
                .contains("  column name:\n")
                .contains("    page crc:      yes (2 of 2 pages)\n");
    }

    private Path writePqx(String name, WriteOptions options) throws Exception {
        RowType type =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                        DataTypes.FIELD("name", DataTypes.STRING()))
                                .getLogicalType();
        Path file = tmp.resolve(name);
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (int i = 0; i < 10; i++) {
                writer.write(GenericRowData.of((long) i, StringData.fromString("n" + i % 3)));
            }
        }
        return file;
    }

    private static String corpus(String name) {
        return TestingParquetFiles.data(name).toFile().getAbsolutePath();
    }
}
