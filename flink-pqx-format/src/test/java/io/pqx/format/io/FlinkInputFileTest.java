package io.pqx.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.page.CoalescedRangeReader;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.flink.core.fs.ByteBufferReadable;
import org.apache.flink.core.fs.FSDataInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FlinkInputFile} reads exactly the ranges asked: positioned where the stream can, so a
 * stream that, like Flink's Hadoop streams, turns short forward seeks into reads never fetches the
 * bytes between two ranges.
 */
class FlinkInputFileTest {
    private static final byte[] DATA = new byte[3 << 20];

    static {
        new Random(13).nextBytes(DATA);
    }

    @Test
    void rangesWithGapsFetchOnlyTheirBytesFromAPositionedStream() throws IOException {
        PositionedStream in = new PositionedStream();
        long asked = 0;
        // Forward gaps under 1 MiB, the ones a seeking reader would read through.
        for (long position = 1000; position + 5000 < DATA.length; position += 300_000) {
            byte[] buffer = new byte[5010];
            FlinkInputFile.readRange(in, position, buffer, 10, 5000, "s3://b/t.parquet");
            assertThat(Arrays.copyOfRange(buffer, 10, 5010))
                    .isEqualTo(Arrays.copyOfRange(DATA, (int) position, (int) position + 5000));
            asked += 5000;
        }
        assertThat(in.fetched).isEqualTo(asked);
    }

    @Test
    void aStreamWithoutPositionedReadsIsReadBySeeking() throws IOException {
        SeekingStream in = new SeekingStream();
        byte[] buffer = new byte[100];
        FlinkInputFile.readRange(in, 2_000_000, buffer, 0, 100, "s3://b/t.parquet");
        FlinkInputFile.readRange(in, 7, buffer, 0, 100, "s3://b/t.parquet");
        assertThat(buffer).isEqualTo(Arrays.copyOfRange(DATA, 7, 107));
    }

    @Test
    void aLongRangeIsAskedForInChunks() throws IOException {
        int length = FlinkInputFile.READ_CHUNK_BYTES * 2 + 12_345;
        for (SeekingStream in : new SeekingStream[] {new PositionedStream(), new SeekingStream()}) {
            byte[] buffer = new byte[length + 3];
            FlinkInputFile.readRange(in, 77, buffer, 3, length, "s3://b/t.parquet");
            assertThat(Arrays.copyOfRange(buffer, 3, length + 3))
                    .isEqualTo(Arrays.copyOfRange(DATA, 77, 77 + length));
            assertThat(in.largestRequest).isEqualTo(FlinkInputFile.READ_CHUNK_BYTES);
        }
    }

    @Test
    void shortReadsAcrossChunksStillFillTheRange() throws IOException {
        int length = FlinkInputFile.READ_CHUNK_BYTES + 5_000;
        for (SeekingStream in :
                new SeekingStream[] {new ShortPositionedStream(), new ShortSeekingStream()}) {
            byte[] buffer = new byte[length];
            FlinkInputFile.readRange(in, 1_234, buffer, 0, length, "s3://b/t.parquet");
            assertThat(buffer).isEqualTo(Arrays.copyOfRange(DATA, 1_234, 1_234 + length));
        }
    }

    @Test
    void aStreamEndingInALaterChunkFailsNamingTheFile() {
        int length = FlinkInputFile.READ_CHUNK_BYTES * 2;
        long position = DATA.length - FlinkInputFile.READ_CHUNK_BYTES - 10;
        for (SeekingStream in : new SeekingStream[] {new PositionedStream(), new SeekingStream()}) {
            assertThatThrownBy(
                            () ->
                                    FlinkInputFile.readRange(
                                            in, position, new byte[length], 0, length, "s3://b/t"))
                    .isInstanceOf(EOFException.class)
                    .hasMessageContaining("file ended at " + DATA.length)
                    .hasMessageContaining("s3://b/t");
        }
    }

    @Test
    void aRangePastTheEndOfTheStreamFailsNamingTheFile() {
        PositionedStream in = new PositionedStream();
        assertThatThrownBy(
                        () ->
                                FlinkInputFile.readRange(
                                        in, DATA.length - 10, new byte[20], 0, 20, "s3://b/t"))
                .isInstanceOf(EOFException.class)
                .hasMessageContaining("file ended at " + DATA.length)
                .hasMessageContaining("s3://b/t");
    }

    @Test
    void localFilesReadTheSameAtAnyPositionInAnyOrder(@TempDir Path dir) throws IOException {
        Path local = dir.resolve("data.bin");
        Files.write(local, DATA);
        Random random = new Random(7);
        try (FlinkInputFile file =
                FlinkInputFile.open(new org.apache.flink.core.fs.Path(local.toUri()))) {
            for (int i = 0; i < 200; i++) {
                int length = random.nextInt(70_000);
                int position = random.nextInt(DATA.length - length);
                assertThat(file.readFully(position, length))
                        .isEqualTo(Arrays.copyOfRange(DATA, position, position + length));
            }
        }
    }

    /**
     * Ranges of a local file shorter and longer than a read call ({@link
     * FlinkInputFile#LOCAL_READ_CHUNK_BYTES}) read the file's bytes, at any offset of the array.
     */
    @Test
    void longAndShortLocalRangesReadTheSame(@TempDir Path dir) throws IOException {
        Path local = dir.resolve("data.bin");
        Files.write(local, DATA);
        Random random = new Random(8);
        try (FlinkInputFile file =
                FlinkInputFile.open(new org.apache.flink.core.fs.Path(local.toUri()))) {
            for (int i = 0; i < 20; i++) {
                int length =
                        i % 2 == 0
                                ? 1 + random.nextInt(FlinkInputFile.LOCAL_READ_CHUNK_BYTES)
                                : FlinkInputFile.LOCAL_READ_CHUNK_BYTES
                                        + random.nextInt(DATA.length / 2);
                int position = random.nextInt(DATA.length - length);
                byte[] buffer = new byte[length + 9];
                file.readFully(position, buffer, 9, length);
                assertThat(Arrays.copyOfRange(buffer, 9, buffer.length))
                        .isEqualTo(Arrays.copyOfRange(DATA, position, position + length));
            }
        }
    }

    /**
     * A local file cut short after its length was taken: long and short ranges past the cut fail
     * naming the file; ranges before it still read.
     */
    @Test
    void aLocalFileCutShortFailsNamingTheFile(@TempDir Path dir) throws IOException {
        Path local = dir.resolve("t.parquet");
        Files.write(local, DATA);
        String name = local.toUri().getPath();
        try (FlinkInputFile file =
                FlinkInputFile.open(
                        new org.apache.flink.core.fs.Path(local.toUri()), DATA.length)) {
            try (java.io.RandomAccessFile cut =
                    new java.io.RandomAccessFile(local.toFile(), "rw")) {
                cut.setLength(DATA.length / 2);
            }
            for (int length : new int[] {DATA.length - 100, 1000}) {
                assertThatThrownBy(() -> file.readFully(DATA.length - length, length))
                        .isInstanceOf(EOFException.class)
                        .hasMessageContaining("Cannot read bytes: file ended at")
                        .hasMessageContaining(name);
            }
            assertThat(file.readFully(0, DATA.length / 2))
                    .isEqualTo(Arrays.copyOf(DATA, DATA.length / 2));
        }
    }

    /**
     * A stream over {@link #DATA} that counts the bytes it fetched, and seeks as Flink's {@code
     * HadoopDataInputStream} does: forward by at most 1 MiB by reading the bytes in between.
     */
    @Test
    void aLocalFileIsReadSequentiallyByDefault(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.parquet");
        Files.write(file, DATA);
        try (FlinkInputFile in =
                FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri()))) {
            assertThat(in.rangeReadPolicy()).isEqualTo(RangeReadPolicy.SEQUENTIAL);
        }
    }

    @Test
    void concurrentReadsUseAStreamEachAndCloseClosesThemAll(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.parquet");
        Files.write(file, DATA);
        RangeReadPolicy policy = new RangeReadPolicy(4, 0, 64 << 10);
        FlinkInputFile in =
                FlinkInputFile.open(
                        new org.apache.flink.core.fs.Path(file.toUri()), DATA.length, policy);
        assertThat(in.rangeReadPolicy()).isEqualTo(policy);
        for (int round = 0; round < 3; round++) {
            List<CoalescedRangeReader.Slice> slices =
                    CoalescedRangeReader.read(
                            in, List.of(new CoalescedRangeReader.Range(5, DATA.length - 10)));
            CoalescedRangeReader.Slice s = slices.get(0);
            assertThat(Arrays.copyOfRange(s.buffer(), s.offset(), s.offset() + s.length()))
                    .isEqualTo(Arrays.copyOfRange(DATA, 5, DATA.length - 5));
            // streams are reused: never more than the reads in flight, whatever the rounds
            assertThat(in.openStreams()).isBetween(1, 4);
        }
        in.close();
        assertThat(in.openStreams()).isZero();
        // a read after close opens a stream again, as before
        assertThat(in.readFully(7, 3)).isEqualTo(Arrays.copyOfRange(DATA, 7, 10));
        in.close();
        assertThat(in.openStreams()).isZero();
    }

    private static class SeekingStream extends FSDataInputStream {
        private long position;
        long fetched;

        /** The most bytes one read call asked for. */
        int largestRequest;

        @Override
        public void seek(long target) {
            long delta = target - position;
            if (delta > 0 && delta <= 1 << 20) {
                fetched += delta;
            }
            position = target;
        }

        @Override
        public long getPos() {
            return position;
        }

        @Override
        public int read() {
            if (position >= DATA.length) {
                return -1;
            }
            fetched++;
            return DATA[(int) position++] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            largestRequest = Math.max(largestRequest, length);
            if (position >= DATA.length) {
                return -1;
            }
            int n = (int) Math.min(length, DATA.length - position);
            System.arraycopy(DATA, (int) position, buffer, offset, n);
            position += n;
            fetched += n;
            return n;
        }
    }

    /**
     * As {@link SeekingStream}, with positioned reads that fetch their range only and, like the
     * Hadoop stream's, leave the buffer's position where it was.
     */
    private static class PositionedStream extends SeekingStream implements ByteBufferReadable {
        @Override
        public int read(ByteBuffer target) {
            throw new UnsupportedOperationException("not a positioned read");
        }

        @Override
        public int read(long at, ByteBuffer target) {
            largestRequest = Math.max(largestRequest, target.remaining());
            if (at >= DATA.length) {
                return -1;
            }
            int n = (int) Math.min(target.remaining(), DATA.length - at);
            System.arraycopy(DATA, (int) at, target.array(), target.arrayOffset(), n);
            fetched += n;
            return n;
        }
    }

    /** A {@link SeekingStream} that returns at most 777 bytes per read. */
    private static final class ShortSeekingStream extends SeekingStream {
        @Override
        public int read(byte[] buffer, int offset, int length) {
            return super.read(buffer, offset, Math.min(length, 777));
        }
    }

    /** A {@link PositionedStream} whose positioned reads return at most 777 bytes. */
    private static final class ShortPositionedStream extends PositionedStream {
        @Override
        public int read(long at, ByteBuffer target) {
            ByteBuffer shorter = target.slice();
            shorter.limit(Math.min(shorter.limit(), 777));
            return super.read(at, shorter);
        }
    }
}
