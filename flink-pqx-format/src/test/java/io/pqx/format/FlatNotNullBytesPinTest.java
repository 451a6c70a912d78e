package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * Pins the bytes of flat NOT NULL INT, DATE, BIGINT, DOUBLE and STRING columns (low and high
 * cardinality, dictionary fallback included), cut by row count: the page statistics of such columns
 * are computed by pqx's own feeder loop, so their pages, statistics and page indexes must stay
 * exactly what parquet-column's statistics gave. The hash was recorded with the writer of caf3c26,
 * before that change.
 */
class FlatNotNullBytesPinTest {
    static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("i", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("day", DataTypes.DATE().notNull()),
                                    DataTypes.FIELD("key", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("price", DataTypes.DOUBLE().notNull()),
                                    DataTypes.FIELD("flag", DataTypes.STRING().notNull()),
                                    DataTypes.FIELD("comment", DataTypes.STRING().notNull()))
                            .getLogicalType();

    static RowData row(long i) {
        return GenericRowData.of(
                (int) (i * 7919 % 200_003 - 100_000),
                (int) (18_000 + i % 2_500),
                i * 104_729 % 9_999_991 - (i % 7 == 0 ? 5_000_000 : 0),
                (i % 1_000) * 0.25 - 100,
                StringData.fromString(i % 3 == 0 ? "A" : (i % 3 == 1 ? "N" : "R")),
                StringData.fromString(
                        "c" + (i * 31 % 100_000) + (i % 9 == 0 ? "é-long-" + i : "")));
    }

    @Test
    void flatNotNullColumnsKeepTheirBytes() throws Exception {
        WriteOptions options =
                WriteOptions.builder()
                        .createdBy("pqx version 0.0.0 (build pin)")
                        .rowGroupRows(40_000)
                        .pageRowLimit(5_000)
                        .build();
        String expected = "a10679f9af4b395dba0714efff83af6dd2af320dd1a78aa5bf426c96a16b9cf5";
        assertThat(sha256(write(options, null))).as("caller runs").isEqualTo(expected);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            assertThat(sha256(write(options, pool))).as("4 threads").isEqualTo(expected);
        } finally {
            pool.shutdownNow();
        }
    }

    private static byte[] write(WriteOptions options, ExecutorService pool) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                pool == null
                        ? ParquetWriter.builder(TYPE).options(options).open(bytes, "pin.parquet")
                        : ParquetWriter.builder(TYPE)
                                .options(options)
                                .encodingOn(pool)
                                .open(bytes, "pin.parquet")) {
            for (long i = 0; i < 100_000; i++) {
                writer.write(row(i));
            }
        }
        return bytes.toByteArray();
    }

    private static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
