package io.pqx.bench.format;

import com.sun.management.ThreadMXBean;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.Throughput;
import io.pqx.format.crypto.ParquetCipher;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The lines of {@link EncryptionCostRounds}' figures: per measurement and variant ({@code
 * format_encrypt_write_gcm}, ...) the cost of encryption in wall, process-CPU, thread-CPU time and
 * paired; the file sizes; the cipher's own work over the plain file's bytes (the floor no
 * implementation goes below), in time and in bytes allocated, beside the bytes each variant's runs
 * allocate; and the {@code RESULT format_encrypt_*} lines (pqx encrypting against pqx plain, wall
 * clock). {@link FormatRounds} calls its parts where they go among the suite's lines.
 */
final class EncryptionCostReport {

    /** The name plain pqx goes by in the comparisons (the encrypting pqx is {@code pqx}). */
    static final String PLAIN = "pqx_plain";

    private static final double MIB = 1024.0 * 1024.0;

    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** GCM's authentication tag, as Parquet modular encryption uses it. */
    private static final int GCM_TAG_BITS = 128;

    private final BenchmarkReport report;
    private final TableRuns runs;
    private final TableWriter pqx;
    private final List<EncryptedContenders> variants;
    private final RoundFigures figures;
    private final Map<String, List<Double>> pairRatios;
    private final Map<String, Map<String, List<Long>>> allocated;

    EncryptionCostReport(
            TableRuns runs,
            TableWriter pqx,
            List<EncryptedContenders> variants,
            RoundFigures figures,
            Map<String, List<Double>> pairRatios,
            Map<String, Map<String, List<Long>>> allocated) {
        this.report = runs.report();
        this.runs = runs;
        this.pqx = pqx;
        this.variants = variants;
        this.figures = figures;
        this.pairRatios = pairRatios;
        this.allocated = allocated;
    }

    /** {@code format_encrypt_write_gcm}, ...: a measurement of one variant. */
    static String measurementOf(String measurement, EncryptedContenders variant) {
        return measurement + "_" + variant.variant();
    }

    /** The {@code INFO rounds} lines of each measurement: wall clock, process and thread CPU. */
    void printRounds() {
        figures.wall()
                .keySet()
                .forEach(
                        measurement -> {
                            figures.printRounds(report, measurement);
                            report.info(
                                    "rounds %s%s unit=rows/thread-cpu-s",
                                    measurement,
                                    RoundFigures.roundsOf(figures.threadCpu().get(measurement)));
                        });
    }

    /**
     * Per measurement and variant the CPU-time ratios of encrypted over plain (process and calling
     * thread), the back-to-back pairs' thread-CPU ratios and the cost; then the file sizes and the
     * cipher's own work ({@link #printCipherWork}).
     */
    void printCost() throws IOException, GeneralSecurityException {
        for (String measurement : List.of(EncryptionCostRounds.WRITE, EncryptionCostRounds.READ)) {
            for (EncryptedContenders variant : variants) {
                String name = measurementOf(measurement, variant);
                Optional<Comparison> wall = comparison(measurement, variant, figures.wall(), "");
                Optional<Comparison> cpu = comparison(measurement, variant, figures.cpu(), "");
                Optional<Comparison> thread =
                        comparison(measurement, variant, figures.threadCpu(), "rows/thread-cpu-s");
                if (wall.isEmpty() || cpu.isEmpty() || thread.isEmpty()) {
                    continue;
                }
                report.info(
                        "cpu %s",
                        cpu.get()
                                .resultLine()
                                .substring("RESULT ".length())
                                .replace("unit=rows/s", "unit=rows/cpu-s"));
                report.info(
                        "thread-cpu %s", thread.get().resultLine().substring("RESULT ".length()));
                List<Double> ratios = new ArrayList<>(pairRatios.get(name));
                Collections.sort(ratios);
                double pairMedian = median(ratios);
                report.info(
                        "encrypt_pairs %s thread-cpu ratios encrypted/plain=%s median=%.3f",
                        name,
                        ratios.stream().map(r -> String.format(Locale.ROOT, "%.3f", r)).toList(),
                        pairMedian);
                report.info(
                        "encrypt_cost %s wall=%.1f%% cpu=%.1f%% thread-cpu=%.1f%% paired=%.1f%%",
                        name,
                        100 * (1 - wall.get().ratio()),
                        100 * (1 - cpu.get().ratio()),
                        100 * (1 - thread.get().ratio()),
                        100 * (1 - pairMedian));
            }
        }
        printSizes();
        printCipherWork();
    }

    /** The {@code RESULT} line of each measurement and variant: encrypted against plain, wall. */
    void printResults() {
        for (String measurement : List.of(EncryptionCostRounds.WRITE, EncryptionCostRounds.READ)) {
            for (EncryptedContenders variant : variants) {
                comparison(measurement, variant, figures.wall(), "").ifPresent(report::result);
            }
        }
    }

    /** Each encrypted file's size and its overhead over the plain file's. */
    private void printSizes() throws IOException {
        long plain = Files.size(runs.fileOf(pqx));
        StringBuilder line = new StringBuilder();
        for (EncryptedContenders variant : variants) {
            long size = Files.size(runs.fileOf(variant.writer()));
            line.append(
                    String.format(
                            Locale.ROOT,
                            " %s=%d (+%d B, +%.3f%%)",
                            variant.name(),
                            size,
                            size - plain,
                            100.0 * (size - plain) / plain));
        }
        report.info("encrypt_size pqx=%d%s", plain, line);
    }

    /**
     * The cipher's work alone: the JDK's {@link Cipher} (best of five) encrypting the plain file's
     * bytes cut into as many modules as the file has pages, each with a fresh key setup and nonce
     * as a page gets: AES-GCM for AES_GCM_V1, AES-CTR for AES_GCM_CTR_V1's page bodies. Set against
     * what each variant adds to plain pqx's median write and scan in thread CPU time, by the median
     * of its back-to-back pairs (steadier than the difference of two medians).
     */
    private void printCipherWork() throws IOException, GeneralSecurityException {
        Path plainFile = runs.fileOf(pqx);
        byte[] bytes = Files.readAllBytes(plainFile);
        int modules = Math.max(1, pages(plainFile));
        for (ParquetCipher algorithm : ParquetCipher.values()) {
            long best = Long.MAX_VALUE;
            long leastAllocated = Long.MAX_VALUE;
            for (int i = 0; i < 5; i++) {
                long allocatedBefore = THREADS.getCurrentThreadAllocatedBytes();
                best = Math.min(best, cipherNanos(algorithm, bytes, modules));
                leastAllocated =
                        Math.min(
                                leastAllocated,
                                THREADS.getCurrentThreadAllocatedBytes() - allocatedBefore);
            }
            StringBuilder against = new StringBuilder();
            for (EncryptedContenders variant : variants) {
                if (variant.algorithm() != algorithm) {
                    continue;
                }
                for (String m : List.of(EncryptionCostRounds.WRITE, EncryptionCostRounds.READ)) {
                    Map<String, Throughput> thread = figures.threadCpu().getOrDefault(m, Map.of());
                    if (!thread.containsKey(variant.name())) {
                        continue;
                    }
                    double added =
                            nanos(thread.get(pqx.name()))
                                    * (1 / median(pairRatios.get(measurementOf(m, variant))) - 1);
                    against.append(
                            String.format(
                                    Locale.ROOT,
                                    " %s=%+.1f ms (%.2fx)",
                                    measurementOf(m, variant),
                                    added / 1e6,
                                    added / best));
                }
            }
            report.info(
                    "encrypt_cipher_work %s modules=%d bytes=%d best=%.1f ms (%.2f GB/s)"
                            + " alloc=%.1f MiB; added thread-cpu over plain (x the cipher's"
                            + " work):%s",
                    algorithm,
                    modules,
                    bytes.length,
                    best / 1e6,
                    bytes.length / (double) best,
                    leastAllocated / (double) MIB,
                    against);
            printAllocation(algorithm, leastAllocated, bytes.length);
        }
    }

    /**
     * Per measurement and variant of {@code algorithm}: the median bytes the encrypted and the
     * plain run allocate on the calling thread, what encryption adds, and the cipher's own
     * allocation over the same bytes ({@code floor}) beside it.
     */
    private void printAllocation(ParquetCipher algorithm, long floor, long fileBytes) {
        for (EncryptedContenders variant : variants) {
            if (variant.algorithm() != algorithm) {
                continue;
            }
            for (String m : List.of(EncryptionCostRounds.WRITE, EncryptionCostRounds.READ)) {
                Map<String, List<Long>> byWho = allocated.getOrDefault(m, Map.of());
                if (!byWho.containsKey(variant.name()) || !byWho.containsKey(pqx.name())) {
                    continue;
                }
                double encrypted = medianOf(byWho.get(variant.name()));
                double plain = medianOf(byWho.get(pqx.name()));
                report.info(
                        "encrypt_alloc %s pqx=%.1f MiB pqx_plain=%.1f MiB added=%+.1f MiB (%.2fx"
                                + " the plain file's bytes) floor=%.1f MiB",
                        measurementOf(m, variant),
                        encrypted / MIB,
                        plain / MIB,
                        (encrypted - plain) / MIB,
                        (encrypted - plain) / fileBytes,
                        floor / (double) MIB);
            }
        }
    }

    private static double medianOf(List<Long> values) {
        return median(values.stream().map(Long::doubleValue).toList());
    }

    /** The median of {@code values}. */
    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int half = sorted.size() / 2;
        return sorted.size() % 2 == 1
                ? sorted.get(half)
                : (sorted.get(half - 1) + sorted.get(half)) / 2;
    }

    /** Thread-CPU nanoseconds of one run at the median throughput. */
    private double nanos(Throughput throughput) {
        return runs.table().size() / throughput.median() * 1e9;
    }

    /** One pass of the cipher over {@code bytes} in {@code modules} modules, in nanoseconds. */
    private static long cipherNanos(ParquetCipher algorithm, byte[] bytes, int modules)
            throws GeneralSecurityException {
        SecretKeySpec key = new SecretKeySpec(EncryptedContenders.key(0), "AES");
        boolean gcm = algorithm == ParquetCipher.AES_GCM_V1;
        Cipher cipher = Cipher.getInstance(gcm ? "AES/GCM/NoPadding" : "AES/CTR/NoPadding");
        byte[] aad = new byte[16];
        byte[] out = new byte[bytes.length / modules + 1024];
        long start = System.nanoTime();
        for (int m = 0; m < modules; m++) {
            int from = (int) ((long) bytes.length * m / modules);
            int to = (int) ((long) bytes.length * (m + 1) / modules);
            byte[] nonce = new byte[gcm ? 12 : 16];
            nonce[0] = (byte) m;
            nonce[1] = (byte) (m >>> 8);
            nonce[2] = (byte) (m >>> 16);
            if (gcm) {
                cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(GCM_TAG_BITS, nonce));
                cipher.updateAAD(aad);
            } else {
                nonce[15] = 1;
                cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(nonce));
            }
            cipher.doFinal(bytes, from, to - from, out, 0);
        }
        return System.nanoTime() - start;
    }

    /** The data and dictionary pages of {@code file}, from its page headers. */
    private static int pages(Path file) throws IOException {
        String crcs = FileFacts.of(file).pageCrcs();
        return Integer.parseInt(crcs.substring(crcs.indexOf('/') + 1));
    }

    /**
     * {@code variant} (named pqx) against plain pqx ({@value #PLAIN}) in {@code measurement}, in
     * {@code unit} (or rows/s when empty), when both took part.
     */
    private Optional<Comparison> comparison(
            String measurement,
            EncryptedContenders variant,
            Map<String, Map<String, Throughput>> from,
            String unit) {
        Map<String, Throughput> byContender = from.getOrDefault(measurement, Map.of());
        if (!byContender.containsKey(pqx.name()) || !byContender.containsKey(variant.name())) {
            return Optional.empty();
        }
        return Optional.of(
                new Comparison(
                        measurementOf(measurement, variant),
                        PLAIN,
                        byContender.get(variant.name()).median(),
                        byContender.get(pqx.name()).median(),
                        unit.isEmpty() ? "rows/s" : unit));
    }
}
