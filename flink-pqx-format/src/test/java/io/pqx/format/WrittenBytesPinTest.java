package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.SortingColumnSpec;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins the bytes {@link ParquetWriter} writes for fixed inputs whose row groups are cut by row
 * count, with the SHA-256 recorded before the format's write API was reworked: a refactoring of the
 * write path must leave every one of these files byte-identical, on one encoding thread and on
 * four. A hash changes only with a deliberate change of the encoding; then record the new hashes in
 * the same commit and say why.
 *
 * <p>The rows come from formulas in this class (not from shared fixtures), so that changing a test
 * fixture elsewhere never moves these hashes.
 */
class WrittenBytesPinTest {
    static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("s", DataTypes.STRING()),
                                    DataTypes.FIELD("d", DataTypes.DOUBLE()),
                                    DataTypes.FIELD("dec", DataTypes.DECIMAL(18, 4)),
                                    DataTypes.FIELD("ts", DataTypes.TIMESTAMP(6)),
                                    DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())),
                                    DataTypes.FIELD(
                                            "m",
                                            DataTypes.MAP(DataTypes.STRING(), DataTypes.INT())),
                                    DataTypes.FIELD(
                                            "r",
                                            DataTypes.ROW(
                                                    DataTypes.FIELD("a", DataTypes.INT()),
                                                    DataTypes.FIELD("b", DataTypes.BYTES()))))
                            .getLogicalType();

    private static ExecutorService pool;

    @BeforeAll
    static void startPool() {
        pool = Executors.newFixedThreadPool(4);
    }

    @AfterAll
    static void stopPool() {
        pool.shutdownNow();
    }

    /** Row {@code i} of the pinned input: nulls, repeats, empty and long values, all from i. */
    static RowData row(long i) {
        GenericRowData row = new GenericRowData(8);
        row.setField(0, i * 7919 % 100_003);
        row.setField(
                1,
                i % 11 == 0
                        ? null
                        : StringData.fromString("s" + (i % 37) + (i % 5 == 0 ? "-" + i : "")));
        row.setField(2, i % 13 == 0 ? null : (i % 17 == 0 ? Double.NaN : (i - 5000) * 0.25));
        row.setField(
                3,
                i % 19 == 0
                        ? null
                        : DecimalData.fromBigDecimal(
                                BigDecimal.valueOf(i * 104_729 - 3_000_000, 4), 18, 4));
        row.setField(
                4,
                i % 23 == 0
                        ? null
                        : TimestampData.fromEpochMillis(
                                1_700_000_000_000L + i * 1013, (int) (i % 1000) * 1000));
        if (i % 29 == 0) {
            row.setField(5, null);
        } else {
            StringData[] tags = new StringData[(int) (i % 4)];
            for (int t = 0; t < tags.length; t++) {
                tags[t] = t == 1 && i % 3 == 0 ? null : StringData.fromString("t" + ((i + t) % 9));
            }
            row.setField(5, new GenericArrayData(tags));
        }
        Map<StringData, Integer> m = new LinkedHashMap<>();
        for (int k = 0; k < i % 3; k++) {
            m.put(StringData.fromString("k" + k), k == 1 ? null : (int) (i * k));
        }
        row.setField(6, i % 31 == 0 ? null : new GenericMapData(m));
        row.setField(
                7,
                i % 37 == 0
                        ? null
                        : GenericRowData.of(
                                i % 41 == 0 ? null : (int) (i % 1000),
                                new byte[] {(byte) i, (byte) (i >> 8)}));
        return row;
    }

    static List<RowData> rows(int count) {
        List<RowData> rows = new ArrayList<>(count);
        for (long i = 0; i < count; i++) {
            rows.add(row(i));
        }
        return rows;
    }

    private static WriteOptions.Builder pinned() {
        return WriteOptions.builder().createdBy("pqx version 0.0.0 (build pin)");
    }

    static Stream<Arguments> layouts() {
        return Stream.of(
                Arguments.of(
                        "defaults, 6000-row groups",
                        pinned().rowGroupRows(6_000).build(),
                        "32de2f4645263d74037fa306b2a476da681d5a85823b23b3354800aeb87b2e42"),
                Arguments.of(
                        "snappy, v2 pages, no dictionary, small pages, bloom filter, sorting column",
                        pinned().codec(Compression.SNAPPY)
                                .pageVersion(PageVersion.V2)
                                .dictionaryEnabled(false)
                                .pageRowLimit(1_000)
                                .rowGroupRows(7_000)
                                .bloomFilter("id", new BloomFilterSpec(20_000, 0.01))
                                .sortingColumn(new SortingColumnSpec("id", false, true))
                                .build(),
                        "33d920272fd13fb63f34a801ea4866435c271d88a2497e4be13a881de0e648c8"),
                Arguments.of(
                        "uncompressed, no statistics, no page index, no checksums",
                        pinned().codec(Compression.UNCOMPRESSED)
                                .statisticsEnabled(false)
                                .pageIndexEnabled(false)
                                .pageChecksums(false)
                                .rowGroupRows(20_000)
                                .build(),
                        "7f348f08d366aaa193bf9110e7e45e05a85a0c09e5c09965a855b647094687e0"),
                Arguments.of(
                        "gzip 9, one row group",
                        pinned().codec(Compression.GZIP).compressionLevel(9).build(),
                        "6835bced24bdb16664a657e55f8f0371f5e21008e8570fcacde5a27baab38b22"),
                Arguments.of(
                        "lz4_raw, 3000-row groups of 500-row pages",
                        pinned().codec(Compression.LZ4_RAW)
                                .rowGroupRows(3_000)
                                .pageRowLimit(500)
                                .build(),
                        "39f21c3f7c43d9cfe230366f63cd740d6bf7cce40c16cc0f2c4f25f5de03d7cd"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    void writesTheBytesRecordedBeforeTheWriteApiChanged(
            String name, WriteOptions options, String expected) throws IOException {
        List<RowData> rows = rows(20_000);
        String oneThread = sha256(TestingWriters.bytes(TYPE, options, rows, Runnable::run));
        String fourThreads = sha256(TestingWriters.bytes(TYPE, options, rows, pool));
        assertThat(fourThreads).as("four encoding threads").isEqualTo(oneThread);
        assertThat(oneThread).as(name).isEqualTo(expected);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
