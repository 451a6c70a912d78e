package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.crypto.ParquetCipher;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * How the writer encrypts pages: sealed from the encoded pages' own arrays into buffers it reuses,
 * so an encrypted write allocates about what a plaintext one does (no copy of the chunk, of each
 * page, or a new array per module); and v2 pages, whose levels and values are kept apart, are
 * sealed as one module each and read back.
 */
class EncryptedWritePagesTest {
    private static final List<String> ALL = List.of("id", "price", "name");

    private static FileEncryptionProperties uniform(ParquetCipher algorithm) {
        return FileEncryptionProperties.builder()
                .footerKey(EncryptedWriteRoundTripTest.FOOTER_KEY)
                .algorithm(algorithm)
                .build();
    }

    private static FileDecryptionProperties keys() {
        return FileDecryptionProperties.builder()
                .footerKey(EncryptedWriteRoundTripTest.FOOTER_KEY)
                .build();
    }

    @ParameterizedTest
    @EnumSource(ParquetCipher.class)
    void v2PagesWithLevelsAndValuesApartReadBack(ParquetCipher algorithm) throws Exception {
        List<RowData> rows = EncryptedWriteRoundTripTest.rows();
        WriteOptions options =
                EncryptedWriteRoundTripTest.options(uniform(algorithm)).toBuilder()
                        .pageVersion(PageVersion.V2)
                        .build();
        byte[] file = EncryptedWriteRoundTripTest.write(options, rows);
        assertThat(EncryptedWriteRoundTripTest.read(file, keys(), ALL))
                .isEqualTo(EncryptedWriteRoundTripTest.expected(rows));
    }

    @ParameterizedTest
    @EnumSource(ParquetCipher.class)
    void encryptingAllocatesNoCopyOfThePages(ParquetCipher algorithm) throws Exception {
        List<RowData> rows = randomNames(40_000);
        WriteOptions plain =
                WriteOptions.builder()
                        .codec(Compression.UNCOMPRESSED)
                        .pageRowLimit(4_000)
                        .dictionaryEnabled(false)
                        .build();
        WriteOptions encrypted = plain.toBuilder().encryption(uniform(algorithm)).build();
        // the first writes load classes and fill the per-thread ciphers
        byte[] file = EncryptedWriteRoundTripTest.write(encrypted, rows);
        EncryptedWriteRoundTripTest.write(plain, rows);

        long plainBytes = allocatedWriting(plain, rows);
        long encryptedBytes = allocatedWriting(encrypted, rows);

        // before: the chunk, each page and each sealed module copied, three times the file
        assertThat(encryptedBytes - plainBytes)
                .as(
                        "bytes an encrypted write allocates beyond a plaintext one (%d, %d), for a"
                                + " file of %d",
                        encryptedBytes, plainBytes, file.length)
                .isLessThan(file.length / 2);
        assertThat(EncryptedWriteRoundTripTest.read(file, keys(), ALL))
                .isEqualTo(EncryptedWriteRoundTripTest.expected(rows));
    }

    /** The least the calling thread allocates in one of three writes (the others add noise). */
    private static long allocatedWriting(WriteOptions options, List<RowData> rows)
            throws Exception {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            EncryptedWriteRoundTripTest.write(options, rows);
            least = Math.min(least, threads.getCurrentThreadAllocatedBytes() - before);
        }
        return least;
    }

    /** Rows whose names are 32 random hex digits: pages that neither compress nor dictionary. */
    private static List<RowData> randomNames(int count) {
        SplittableRandom random = new SplittableRandom(7);
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = String.format("%016x%016x", random.nextLong(), random.nextLong());
            rows.add(TestingPriceRows.row(i, (i % 500) + ".25", name));
        }
        return rows;
    }
}
