package io.pqx.format.io;

import static org.assertj.core.api.Assertions.assertThat;

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
 * A local file cut short, or cut and written again, while {@link FlinkInputFile} reads a long range
 * of it: each read returns exactly the file's bytes or fails with an {@link EOFException} naming
 * the file, and the JVM goes on. Reading through a memory mapping failed this: a page cut off under
 * the copy raised a bus error that the JVM delivered later, and delivered inside the mapping's
 * release it ended the process (within a few hundred rounds of this race).
 */
class LocalFileTruncationTest {
    private static final int SIZE = 4 << 20;
    private static final byte[] DATA = new byte[SIZE];

    static {
        new Random(17).nextBytes(DATA);
    }

    @Test
    void readsRacingACutReturnTheFilesBytesOrFailNamingIt(@TempDir Path dir) throws Exception {
        File file = dir.resolve("t.parquet").toFile();
        Random random = new Random(3);
        byte[] buffer = new byte[SIZE];
        int failed = 0;
        int whole = 0;
        for (int round = 0; round < 400; round++) {
            Files.write(file.toPath(), DATA);
            Arrays.fill(buffer, (byte) 0);
            long cut = random.nextInt(SIZE);
            // every fourth round writes the file again after the cut, as a copy over it would
            boolean rewrite = round % 4 == 3;
            CountDownLatch start = new CountDownLatch(1);
            AtomicReference<Throwable> cutter = new AtomicReference<>();
            Thread t =
                    new Thread(
                            () -> {
                                try {
                                    start.await();
                                    cut(file, cut);
                                    if (rewrite) {
                                        Files.write(file.toPath(), DATA);
                                    }
                                } catch (Throwable e) {
                                    cutter.set(e);
                                }
                            });
            t.start();
            try (FlinkInputFile in =
                    FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toURI()), SIZE)) {
                start.countDown();
                in.readFully(0, buffer, 0, SIZE);
                assertThat(buffer).as("round %d", round).isEqualTo(DATA);
                whole++;
            } catch (EOFException e) {
                assertThat(e).hasMessageContaining(file.getPath());
                failed++;
            }
            t.join();
            assertThat(cutter.get()).isNull();
        }
        assertThat(failed).as("reads that met the cut").isPositive();
        assertThat(whole).as("reads done before the cut").isPositive();
    }

    private static void cut(File file, long length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file, "rw")) {
            f.setLength(length);
        }
    }
}
