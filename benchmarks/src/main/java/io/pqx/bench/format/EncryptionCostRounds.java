package io.pqx.bench.format;

import io.pqx.bench.Timed;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What Parquet modular encryption costs pqx, measured at the end of each round of the {@code
 * format} suite: for each {@link EncryptedContenders} variant, pqx plain against pqx encrypting,
 * writing ({@value #WRITE}), and pqx scanning its plain file against pqx scanning the variant's
 * file with its keys ({@value #READ}), back to back in alternating order and timed in CPU time of
 * the calling thread, like {@link CrcCostRounds}; so the cost is measured in the same rounds, on
 * the same table, as the suite's other measurements; the bytes each run allocates on that thread
 * are kept too. {@link EncryptionCostReport} prints the figures. Used by {@link FormatRounds} on
 * the suite's thread; not thread-safe.
 */
final class EncryptionCostRounds {

    static final String WRITE = "format_encrypt_write";
    static final String READ = "format_encrypt_read";

    /** Scan pairs (plain, encrypted) per variant and round: a scan is short. */
    static final int READ_PAIRS = 2;

    private static final byte[] ENCRYPTED_MAGIC = "PARE".getBytes(StandardCharsets.US_ASCII);
    private static final ThreadMXBean THREAD = ManagementFactory.getThreadMXBean();

    private final TableRuns runs;
    private final TableWriter pqx;
    private final TableScanner pqxScanner;
    private final List<EncryptedContenders> variants;
    private final RoundFigures figures;
    private final Map<String, List<Double>> pairRatios = new LinkedHashMap<>();
    private final Map<String, Map<String, List<Long>>> allocated = new LinkedHashMap<>();

    /**
     * @param pqx pqx's plain writer, the suite's first writer
     * @param pqxScanner pqx's reader, scanning the plain file
     * @param variants the encrypting writers and their readers
     */
    EncryptionCostRounds(
            TableRuns runs,
            TableWriter pqx,
            TableScanner pqxScanner,
            List<EncryptedContenders> variants) {
        this.runs = runs;
        this.pqx = pqx;
        this.pqxScanner = pqxScanner;
        this.variants = variants;
        this.figures = new RoundFigures(runs.table().size());
    }

    /**
     * Per variant one write pair (plain, encrypted), then per variant {@value #READ_PAIRS} scan
     * pairs, each pair back to back and its order alternating; every run timed in CPU time of the
     * calling thread, where pqx writes, encrypts, reads and decrypts.
     */
    void round(String label, boolean reversed, boolean measured) throws Exception {
        List<String> line = new ArrayList<>();
        for (int v = 0; v < variants.size(); v++) {
            EncryptedContenders variant = variants.get(v);
            Map<String, Long> pair = new LinkedHashMap<>();
            for (TableWriter writer :
                    TableRuns.ordered(List.of(pqx, variant.writer()), reversed ^ (v % 2 == 1))) {
                long threadBefore = THREAD.getCurrentThreadCpuTime();
                Timed<Void> write = runs.write(writer);
                long thread = THREAD.getCurrentThreadCpuTime() - threadBefore;
                line.add(figures.add(WRITE, writer.name(), write, thread, measured));
                allocated(WRITE, writer.name(), write.allocatedBytes(), measured);
                pair.put(writer.name(), thread);
            }
            pairRatio(WRITE, variant, pair, measured);
        }
        runs.print(label, WRITE, line);
        line.clear();
        for (EncryptedContenders variant : variants) {
            checkEncrypted(variant);
            for (int i = 0; i < READ_PAIRS; i++) {
                Map<String, Long> pair = new LinkedHashMap<>();
                for (TableScanner scanner :
                        TableRuns.ordered(
                                List.of(pqxScanner, variant.scanner()), reversed ^ (i % 2 == 1))) {
                    TableWriter writer = scanner == pqxScanner ? pqx : variant.writer();
                    System.gc();
                    long threadBefore = THREAD.getCurrentThreadCpuTime();
                    Timed<TableChecksum> scan =
                            Timed.run(() -> scanner.scan(runs.fileOf(writer), ScanDepth.LENGTHS));
                    long thread = THREAD.getCurrentThreadCpuTime() - threadBefore;
                    runs.check(scanner, writer, scan.value(), runs.expected());
                    line.add(figures.add(READ, scanner.name(), scan, thread, measured));
                    allocated(READ, scanner.name(), scan.allocatedBytes(), measured);
                    pair.put(scanner.name(), thread);
                }
                pairRatio(READ, variant, pair, measured);
            }
        }
        runs.print(label, READ, line);
    }

    /** Untimed, every byte: each variant's reader reads its own file; each must give content. */
    void verifyContent(TableChecksum content) throws Exception {
        for (EncryptedContenders variant : variants) {
            TableChecksum got =
                    variant.scanner().scan(runs.fileOf(variant.writer()), ScanDepth.CONTENT);
            if (runs.check(variant.scanner(), variant.writer(), got, content)) {
                runs.verified(variant.scanner(), variant.writer());
            }
        }
    }

    /** The report of the measured rounds so far. */
    EncryptionCostReport report() {
        return new EncryptionCostReport(runs, pqx, variants, figures, pairRatios, allocated);
    }

    /** Records the bytes a measured run allocated on the calling thread. */
    private void allocated(String measurement, String who, long bytes, boolean measured) {
        if (measured) {
            allocated
                    .computeIfAbsent(measurement, m -> new LinkedHashMap<>())
                    .computeIfAbsent(who, w -> new ArrayList<>())
                    .add(bytes);
        }
    }

    /**
     * The file of {@code variant} must end in the magic of an encrypted footer ({@code PARE}): else
     * the measurement compares plain with plain, which is a failure, not a figure.
     */
    private void checkEncrypted(EncryptedContenders variant) throws IOException {
        Path file = runs.fileOf(variant.writer());
        byte[] tail = new byte[ENCRYPTED_MAGIC.length];
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(in.length() - tail.length);
            in.readFully(tail);
        }
        if (!Arrays.equals(tail, ENCRYPTED_MAGIC)) {
            runs.report()
                    .failure(
                            "%s's file %s does not end in PARE: its footer is not encrypted",
                            variant.name(), file);
        }
    }

    /** Records the variant's throughput over plain pqx's in one back-to-back pair (thread CPU). */
    private void pairRatio(
            String measurement,
            EncryptedContenders variant,
            Map<String, Long> pair,
            boolean measured) {
        if (measured) {
            pairRatios
                    .computeIfAbsent(
                            EncryptionCostReport.measurementOf(measurement, variant),
                            m -> new ArrayList<>())
                    .add(pair.get(FormatContenders.PQX) / (double) pair.get(variant.name()));
        }
    }
}
