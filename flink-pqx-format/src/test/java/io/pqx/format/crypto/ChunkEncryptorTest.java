package io.pqx.format.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.error.FileContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.SecretKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sealing modules into a caller's array: the module lands at the offset asked for and nowhere else,
 * decrypts under its AAD, gets a nonce of its own every time, and encryptors used from several
 * threads at once (each thread with its own cipher and AAD array) seal every module right.
 */
class ChunkEncryptorTest {
    private static final FileContext CTX = FileContext.of("t.parquet");
    private static final SecretKey KEY =
            AesKeys.of("0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
    private static final byte[] FILE_AAD = "file-aad".getBytes(StandardCharsets.US_ASCII);

    private static ChunkEncryptor encryptor(boolean ctr) {
        return new ChunkEncryptor(KEY, FILE_AAD, 3, ctr, List.of("a", "b"), true, null);
    }

    private static ChunkDecryptor decryptor(int rowGroup, boolean ctr) {
        return ChunkDecryptor.withKey(CTX, KEY, FILE_AAD, rowGroup, 3, ctr);
    }

    private static byte[] plain(int seed, int length) {
        byte[] plain = new byte[length];
        for (int i = 0; i < length; i++) {
            plain[i] = (byte) (seed * 31 + i * 7);
        }
        return plain;
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void sealsAtTheOffsetAskedForAndNowhereElse(boolean ctr) throws Exception {
        ChunkEncryptor encryptor = encryptor(ctr);
        byte[] plain = plain(1, 1000);
        for (ModuleType type : List.of(ModuleType.DATA_PAGE, ModuleType.DATA_PAGE_HEADER)) {
            int overhead = encryptor.overhead(type);
            byte[] dest = new byte[7 + overhead + 990 + 5];
            Arrays.fill(dest, (byte) 0x5A);
            int length = encryptor.seal(type, 2, 9, plain, 10, 990, dest, 7);

            assertThat(length).isEqualTo(overhead + 990);
            for (int i : new int[] {0, 6, 7 + length, dest.length - 1}) {
                assertThat(dest[i]).as("byte %d", i).isEqualTo((byte) 0x5A);
            }
            assertThat(decryptor(2, ctr).decrypt(type, 9, dest, 7, length))
                    .isEqualTo(Arrays.copyOfRange(plain, 10, 1000));
        }
    }

    @Test
    void everyModuleGetsANonceOfItsOwn() {
        ChunkEncryptor encryptor = encryptor(false);
        byte[] plain = plain(2, 64);
        byte[] first = encryptor.encrypt(ModuleType.DATA_PAGE, 0, 0, plain);
        byte[] second = new byte[first.length];
        encryptor.seal(ModuleType.DATA_PAGE, 0, 0, plain, 0, plain.length, second, 0);
        assertThat(Arrays.copyOfRange(second, 4, 16))
                .isNotEqualTo(Arrays.copyOfRange(first, 4, 16));
        assertThat(second).isNotEqualTo(first);
    }

    @Test
    void encryptorsSealRightFromSeveralThreadsAtOnce() throws Exception {
        ChunkEncryptor encryptor = encryptor(false);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Void>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(
                        pool.submit(
                                () -> {
                                    byte[] dest = new byte[4096];
                                    for (int i = 0; i < 500; i++) {
                                        int rowGroup = (thread * 500 + i) % 32767;
                                        byte[] plain = plain(rowGroup, 100 + i % 200);
                                        int length =
                                                encryptor.seal(
                                                        ModuleType.DATA_PAGE_HEADER,
                                                        rowGroup,
                                                        i,
                                                        plain,
                                                        0,
                                                        plain.length,
                                                        dest,
                                                        0);
                                        assertThat(
                                                        decryptor(rowGroup, false)
                                                                .decrypt(
                                                                        ModuleType.DATA_PAGE_HEADER,
                                                                        i,
                                                                        dest,
                                                                        0,
                                                                        length))
                                                .isEqualTo(plain);
                                    }
                                    return null;
                                }));
            }
            for (Future<Void> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
