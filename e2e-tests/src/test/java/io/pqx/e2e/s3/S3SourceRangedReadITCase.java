package io.pqx.e2e.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * pqx's source reading a table on S3 (Flink's S3 plugin against a local S3 server): a query that
 * selects 1% of a table sorted by its key gets S3 to serve at most 2% of the table's bytes, in
 * ranged GETs only, and returns exactly the rows of a full scan filtered by brute force; the full
 * scan is served the table's bytes about once.
 *
 * <p>The table: {@value #ROWS} rows sorted by {@code k}, in {@value #FILES} files of {@value
 * #GROUPS_PER_FILE} row groups, 64 KiB pages (pqx's default is 1 MiB; the page index is on, as by
 * default), about 75 MB: a 64-byte random payload per row keeps the bytes a query needs
 * proportional to its rows. A query pays a fixed cost besides (each file's footer and page indexes,
 * read once by the enumerator and sent with the file's first split to its reader, and the whole
 * pages around the rows selected; see {@code docs/object-stores.md}) of about 600 KiB, so the 2%
 * holds from about 65 MB up on this layout. S3 is read with Hadoop S3A's {@code random} input
 * policy ({@code s3.experimental.input.fadvise: random}, as {@code docs/object-stores.md}
 * recommends), from a server that answers like a remote store ({@link LocalS3#withLatency}: 20 ms
 * to first byte, 100 MB/s per request), where reading ranges one after another would leave the
 * network idle: the full scan has several GETs in flight at once, and the 1% query needs few
 * requests.
 */
class S3SourceRangedReadITCase {
    static final int ROWS = 1_000_000;
    static final int FILES = 2;
    static final int GROUPS_PER_FILE = 4;
    static final int PAYLOAD_BYTES = 64;
    static final String TABLE = "table/";

    /** The 1% the query selects: {@code k} in {@code [FROM, TO)}, inside the second file. */
    static final long FROM = 500_000;

    static final long TO = FROM + ROWS / 100;

    static final int MAX_PRUNED_REQUESTS = 10;

    /** The store answers like a remote one: 20 ms to first byte, 100 MB/s per GET. */
    static final Duration FIRST_BYTE = Duration.ofMillis(20);

    static final long BYTES_PER_SECOND = 100_000_000;

    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new DoubleType(false),
                        new VarCharType(false, VarCharType.MAX_LENGTH)
                    },
                    new String[] {"k", "v", "s"});

    @RegisterExtension
    @Order(1)
    static final LocalS3 S3 =
            LocalS3.onFreePort()
                    .with("s3.experimental.input.fadvise", "random")
                    .withLatency(FIRST_BYTE, BYTES_PER_SECOND);

    @RegisterExtension
    @Order(2)
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setConfiguration(S3.flinkConfiguration())
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @BeforeAll
    static void writeTable() throws Exception {
        int perFile = ROWS / FILES;
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupRows(perFile / GROUPS_PER_FILE)
                        .pageSizeBytes(64 << 10)
                        .build();
        for (int f = 0; f < FILES; f++) {
            Path file = new Path(S3.uri(TABLE + "part-" + f + ".parquet"));
            try (ParquetWriter writer = ParquetWriter.builder(TYPE).options(options).create(file)) {
                for (long k = (long) f * perFile; k < (long) (f + 1) * perFile; k++) {
                    writer.write(row(k));
                }
            }
        }
    }

    @Test
    void aOnePercentQueryIsServedAtMostTwoPercentOfTheTableInRangedGets() throws Exception {
        long tableBytes = tableBytes();

        S3.traffic().reset();
        List<String> all = read(null);
        S3Traffic.Reads fullScan = S3.traffic().reads(key -> key.startsWith(TABLE));
        assertThat(all).hasSize(ROWS);
        Set<Long> keys = new HashSet<>();
        List<String> bruteForce = new ArrayList<>();
        for (String line : all) {
            long k = Long.parseLong(line.substring(0, line.indexOf(',')));
            assertThat(line).isEqualTo(text(row(k)));
            keys.add(k);
            if (k >= FROM && k < TO) {
                bruteForce.add(line);
            }
        }
        assertThat(keys).as("keys read once each").hasSize(ROWS);

        S3.traffic().reset();
        List<String> selected =
                read(
                        Predicates.and(
                                Predicates.greaterOrEqual("k", FROM),
                                Predicates.lessThan("k", TO)));
        S3Traffic.Reads pruned = S3.traffic().reads(key -> key.startsWith(TABLE));
        S3Traffic.Reads otherFile = S3.traffic().reads(key -> key.equals(TABLE + "part-0.parquet"));

        String figures =
                String.format(
                        "table of %d rows, %d bytes in %d files; full scan: %s; k in [%d, %d):"
                                + " %d rows, %s (%.2f%% of the table)",
                        ROWS,
                        tableBytes,
                        FILES,
                        fullScan,
                        FROM,
                        TO,
                        selected.size(),
                        pruned,
                        100.0 * pruned.bytes() / tableBytes);
        System.out.println("S3SourceRangedReadITCase: " + figures);
        assertThat(bruteForce).hasSize(ROWS / 100);
        assertThat(selected).containsExactlyInAnyOrderElementsOf(bruteForce);
        assertThat(pruned.bytes()).as(figures).isLessThanOrEqualTo(tableBytes / 50);
        assertThat(pruned.rangedRequests()).as(figures).isEqualTo(pruned.requests());
        // The file without a matching row is pruned by its footer: nothing of its data is read.
        assertThat(otherFile.bytes()).as(figures).isLessThan(tableBytes / FILES / 100);
        assertThat(fullScan.rangedRequests()).as(figures).isEqualTo(fullScan.requests());
        // Footer, page indexes, the key's pages, then the selected pages of every column (merged
        // where close): a handful of requests per reader, not one per page.
        assertThat(pruned.requests()).as(figures).isLessThanOrEqualTo(MAX_PRUNED_REQUESTS);
        // A full scan is served the table once, plus the footers: each read by the enumerator and
        // sent with its file's first split (a reader given a later split of a file reads it).
        assertThat(fullScan.bytes())
                .as(figures)
                .isBetween(tableBytes, tableBytes + tableBytes / 50);
    }

    @Test
    void oneReaderScanningAFileHasSeveralGetsInFlight() throws Exception {
        String file = TABLE + "part-1.parquet";
        S3.traffic().reset();
        List<String> rows = read(S3.uri(file), null, 1);
        S3Traffic.Reads scan = S3.traffic().reads(key -> key.equals(file));
        int inFlight = S3.traffic().mostGetsInFlight();
        String figures = "one reader's scan of " + file + ": " + scan + ", at most " + inFlight;
        System.out.println("S3SourceRangedReadITCase: " + figures + " GETs in flight");
        assertThat(rows).hasSize(ROWS / FILES);
        long k = ROWS / FILES;
        List<String> sorted = new ArrayList<>(rows);
        sorted.sort(java.util.Comparator.comparingLong(l -> Long.parseLong(l.split(",")[0])));
        for (String line : sorted) {
            assertThat(line).isEqualTo(text(row(k++)));
        }
        // One split reader alone: its row groups' ranges are fetched side by side.
        assertThat(inFlight).as(figures).isGreaterThanOrEqualTo(2);
    }

    /** Row {@code k}: its key, a double and a 64-byte random payload (base64) drawn from it. */
    static RowData row(long k) {
        byte[] payload = new byte[PAYLOAD_BYTES];
        for (int i = 0; i < PAYLOAD_BYTES; i += 8) {
            long x = mix((k << 4) | (i >>> 3));
            for (int j = 0; j < 8; j++) {
                payload[i + j] = (byte) (x >>> (8 * j));
            }
        }
        return GenericRowData.of(
                k,
                (mix(-k - 1) >>> 11) * 0x1.0p-53,
                StringData.fromString(Base64.getEncoder().encodeToString(payload)));
    }

    /** SplitMix64's finalizer: well-spread, incompressible values from distinct inputs. */
    private static long mix(long x) {
        long z = x * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static long tableBytes() throws Exception {
        Path table = new Path(S3.uri(TABLE));
        FileStatus[] files = table.getFileSystem().listStatus(table);
        assertThat(files).hasSize(FILES);
        long bytes = 0;
        for (FileStatus file : files) {
            bytes += file.getLen();
        }
        return bytes;
    }

    /** The table's rows (only those where the predicate is TRUE, when given) as text. */
    private static List<String> read(Predicate predicate) throws Exception {
        return read(S3.uri(TABLE), predicate, 2);
    }

    private static List<String> read(String path, Predicate predicate, int parallelism)
            throws Exception {
        PqxSourceBuilder builder = PqxSource.builder().path(path).rowType(TYPE);
        if (predicate != null) {
            builder.predicate(predicate);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<String> it =
                env.fromSource(builder.build(), WatermarkStrategy.noWatermarks(), "table")
                        .map(new AsText())
                        .executeAndCollect()) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    static String text(RowData row) {
        return row.getLong(0) + "," + row.getDouble(1) + "," + row.getString(2);
    }

    /** A row as {@code k,v,s}: the source reuses its row objects, the text is a copy. */
    static final class AsText implements MapFunction<RowData, String> {
        @Override
        public String map(RowData row) {
            return text(row);
        }
    }
}
