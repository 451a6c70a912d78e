package io.pqx.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MappedRangeReads}: a range comes back with exactly the file's bytes; a file shorter than
 * the range, or cut short while it is copied out of its mapping, fails the read with an {@link
 * EOFException} naming the file, never with short, zeroed or stale bytes and never with a crash of
 * the JVM (a page cut off under a mapping raises a bus error).
 */
class MappedRangeReadsTest {
    private static final int SIZE = 6 << 20;
    private static final byte[] DATA = new byte[SIZE];

    static {
        new Random(17).nextBytes(DATA);
    }

    @Test
    void aRangeIsReadWithTheFilesBytes(@TempDir Path dir) throws IOException {
        assertThat(MappedRangeReads.available()).isTrue();
        File file = write(dir);
        byte[] buffer = new byte[(2 << 20) + 7];
        assertThat(MappedRangeReads.read(file, 12_345, buffer, 7, 2 << 20, "file:/t.parquet"))
                .isTrue();
        assertThat(Arrays.copyOfRange(buffer, 7, buffer.length))
                .isEqualTo(Arrays.copyOfRange(DATA, 12_345, 12_345 + (2 << 20)));
    }

    @Test
    void aFileShorterThanTheRangeFailsNamingTheFile(@TempDir Path dir) throws IOException {
        File file = write(dir);
        truncate(file, SIZE / 2);
        byte[] buffer = new byte[SIZE];
        assertThatThrownBy(() -> MappedRangeReads.read(file, 0, buffer, 0, SIZE, "file:/t.parquet"))
                .isInstanceOf(EOFException.class)
                .hasMessageContaining("file ended at " + SIZE / 2)
                .hasMessageContaining("file:/t.parquet");
    }

    /**
     * Reads race a thread that cuts the file short at a random length: each read returns the file's
     * bytes or fails naming the file; the JVM survives the bus errors of pages cut off under the
     * copy.
     */
    @Test
    void aFileCutShortDuringReadsNeverYieldsOtherBytes(@TempDir Path dir) throws Exception {
        File file = write(dir);
        Random random = new Random(3);
        byte[] buffer = new byte[SIZE];
        int failed = 0;
        for (int round = 0; round < 60; round++) {
            Files.write(file.toPath(), DATA);
            Arrays.fill(buffer, (byte) 0);
            long cut = random.nextInt(SIZE);
            CountDownLatch start = new CountDownLatch(1);
            AtomicReference<Throwable> cutter = new AtomicReference<>();
            Thread t =
                    new Thread(
                            () -> {
                                try {
                                    start.await();
                                    truncate(file, cut);
                                } catch (Throwable e) {
                                    cutter.set(e);
                                }
                            });
            t.start();
            start.countDown();
            try {
                assertThat(MappedRangeReads.read(file, 0, buffer, 0, SIZE, "file:/t.parquet"))
                        .isTrue();
                assertThat(buffer).as("round %d", round).isEqualTo(DATA);
            } catch (EOFException e) {
                assertThat(e).hasMessageContaining("file:/t.parquet");
                failed++;
            }
            t.join();
            assertThat(cutter.get()).isNull();
        }
        assertThat(failed).as("reads that met the cut").isPositive();
    }

    private static File write(Path dir) throws IOException {
        Path path = dir.resolve("t.parquet");
        Files.write(path, DATA);
        return path.toFile();
    }

    private static void truncate(File file, long length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file, "rw")) {
            f.setLength(length);
        }
    }
}
