package io.pqx.bench.source;

import com.github.luben.zstd.ZstdDecompressCtx;
import io.pqx.format.ParquetReader;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.RowGroupView;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;

/**
 * What no reader can skip when a query's rows are in every page: getting the bytes of every page
 * (dictionary and data) of the columns it reads from the file into memory, and decompressing them.
 * Times each alone, in the calling thread's CPU (the best of several runs): the read is the cheaper
 * of two ways of getting each column chunk into a reused heap array (the file in the page cache, as
 * for the readers), one positional read per chunk or positional reads of 256 KiB ({@code read_via}
 * says which won; the JDK's positional read into a heap buffer copies twice, through a native
 * buffer of the request's size, which stays in the CPU's cache when the request is small). Not a
 * mapped copy, cheaper still: on JDK 17 a file cut short under a mapped copy can end the JVM (see
 * {@code FlinkInputFile}), so no reader that must fail cleanly on such a file can read that way;
 * the decompression is the codec's own library (zstd-jni for ZSTD, lz4-java for LZ4_RAW, nothing
 * for UNCOMPRESSED) over bytes already in memory, into a reused buffer. A reader that returns those
 * columns cannot spend less CPU than their sum, and late materialization cannot gain more over
 * decoding everything than decoding everything spends over that sum. Where the pages carry CRCs, it
 * also times checking them (the JDK's {@code CRC32} over each such page's stored bytes, as they lie
 * in memory): a reader that verifies page checksums, as pqx's does by default, cannot spend less
 * than the floor and that.
 */
final class PageFloor {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** The most one of {@link #chunkedReadNanos}'s reads asks for: pqx's reads of a local file. */
    private static final int CHUNKED_READ_BYTES = 256 << 10;

    /**
     * The floor's two parts, in thread-CPU nanoseconds, and the columns' codec; beside them the
     * checksums' check ({@code crcNanos}, 0 where no page carries a CRC), not part of the floor.
     */
    record Figures(
            String codec,
            long readNanos,
            String readVia,
            long decompressNanos,
            long crcNanos,
            int columns) {
        long totalNanos() {
            return readNanos + decompressNanos;
        }

        /** {@code read=…s <codec>_only=…s floor=…s (…)}, as the floor lines print them. */
        String describe() {
            return String.format(
                    Locale.ROOT,
                    "read=%.3fs read_via=%s %s_only=%.3fs floor=%.3fs (every page of %d columns,"
                            + " thread CPU, best of 5)",
                    readNanos / 1e9,
                    readVia,
                    codec.toLowerCase(Locale.ROOT),
                    decompressNanos / 1e9,
                    totalNanos() / 1e9,
                    columns);
        }
    }

    /** One column chunk: where it lies in the file. */
    private record Chunk(long offset, int length) {}

    /**
     * One page: where its codec's part lies in the file and its uncompressed size; where its stored
     * bytes (after the header) lie; whether its header carries a CRC of them.
     */
    private record Page(
            int offset,
            int length,
            int uncompressed,
            int storedOffset,
            int storedLength,
            boolean crc) {}

    private PageFloor() {}

    /** The floor of reading {@code columns} of {@code file}, each part the best of {@code runs}. */
    static Figures measure(Path file, Collection<String> columns, int runs) throws IOException {
        List<Chunk> chunks = new ArrayList<>();
        String codec = codecAndChunks(file, columns, chunks);
        long read = Long.MAX_VALUE;
        int largest = chunks.stream().mapToInt(Chunk::length).max().orElse(0);
        ByteBuffer buffer = ByteBuffer.allocate(largest);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int run = 0; run < runs; run++) {
                long t0 = THREADS.getCurrentThreadCpuTime();
                for (Chunk c : chunks) {
                    buffer.clear().limit(c.length());
                    while (buffer.hasRemaining()) {
                        if (channel.read(buffer, c.offset() + buffer.position()) < 0) {
                            throw new IOException(file + " ends inside a column chunk");
                        }
                    }
                }
                read = Math.min(read, THREADS.getCurrentThreadCpuTime() - t0);
            }
        }
        long chunked = chunkedReadNanos(file, chunks, runs);
        byte[] bytes = Files.readAllBytes(file);
        List<Page> pages = pages(file, bytes, columns);
        long decompress = decompressNanos(file, bytes, pages, codec, runs);
        long crc = crcNanos(bytes, pages, runs);
        return chunked < read
                ? new Figures(codec, chunked, "chunked", decompress, crc, columns.size())
                : new Figures(codec, read, "channel", decompress, crc, columns.size());
    }

    /**
     * The best of {@code runs} checks of every page's CRC that has one, over its stored bytes in
     * memory; 0 when no page has one.
     */
    private static long crcNanos(byte[] bytes, List<Page> pages, int runs) {
        List<Page> checked = pages.stream().filter(Page::crc).toList();
        if (checked.isEmpty()) {
            return 0;
        }
        long best = Long.MAX_VALUE;
        CRC32 crc = new CRC32();
        for (int run = 0; run < runs; run++) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            for (Page p : checked) {
                crc.reset();
                crc.update(bytes, p.storedOffset(), p.storedLength());
            }
            best = Math.min(best, THREADS.getCurrentThreadCpuTime() - t0);
        }
        return best;
    }

    /**
     * The best of {@code runs} reads of every chunk into a reused heap array by positional reads of
     * at most {@link #CHUNKED_READ_BYTES} each, as pqx reads a local file.
     */
    private static long chunkedReadNanos(Path file, List<Chunk> chunks, int runs)
            throws IOException {
        byte[] into = new byte[chunks.stream().mapToInt(Chunk::length).max().orElse(0)];
        long best = Long.MAX_VALUE;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int run = 0; run < runs; run++) {
                long t0 = THREADS.getCurrentThreadCpuTime();
                for (Chunk c : chunks) {
                    int done = 0;
                    while (done < c.length()) {
                        int n = Math.min(CHUNKED_READ_BYTES, c.length() - done);
                        int got = channel.read(ByteBuffer.wrap(into, done, n), c.offset() + done);
                        if (got < 0) {
                            throw new IOException(file + " ends inside a column chunk");
                        }
                        done += got;
                    }
                }
                best = Math.min(best, THREADS.getCurrentThreadCpuTime() - t0);
            }
        }
        return best;
    }

    private static long decompressNanos(
            Path file, byte[] bytes, List<Page> pages, String codec, int runs) throws IOException {
        if ("UNCOMPRESSED".equals(codec)) {
            return 0;
        }
        int largest = pages.stream().mapToInt(Page::uncompressed).max().orElse(0);
        byte[] out = new byte[largest];
        long expected = pages.stream().mapToLong(Page::uncompressed).sum();
        long best = Long.MAX_VALUE;
        LZ4SafeDecompressor lz4 = LZ4Factory.fastestInstance().safeDecompressor();
        try (ZstdDecompressCtx zstd = new ZstdDecompressCtx()) {
            for (int run = 0; run < runs; run++) {
                long t0 = THREADS.getCurrentThreadCpuTime();
                long produced = 0;
                for (Page p : pages) {
                    if (p.length() == 0) {
                        continue; // an uncompressed v2 page, or an empty one: nothing to inflate
                    }
                    produced +=
                            switch (codec) {
                                case "ZSTD" ->
                                        zstd.decompressByteArray(
                                                out,
                                                0,
                                                p.uncompressed(),
                                                bytes,
                                                p.offset(),
                                                p.length());
                                case "LZ4_RAW" ->
                                        lz4.decompress(
                                                bytes,
                                                p.offset(),
                                                p.length(),
                                                out,
                                                0,
                                                p.uncompressed());
                                default ->
                                        throw new IOException(
                                                file + ": no floor for codec " + codec);
                            };
                }
                long took = THREADS.getCurrentThreadCpuTime() - t0;
                if (produced != expected) {
                    throw new IOException(
                            codec
                                    + " pages decompressed to "
                                    + produced
                                    + " bytes, not "
                                    + expected);
                }
                best = Math.min(best, took);
            }
        }
        return best;
    }

    /** Adds the columns' chunks to {@code chunks}; returns their one codec. */
    private static String codecAndChunks(Path file, Collection<String> columns, List<Chunk> chunks)
            throws IOException {
        String codec = null;
        try (ParquetReader reader =
                ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowGroupView group : reader.metadata().rowGroups()) {
                for (String column : columns) {
                    ColumnChunkView chunk = chunk(file, group, column);
                    if (codec == null) {
                        codec = chunk.codecName();
                    } else if (!codec.equals(chunk.codecName())) {
                        throw new IOException(
                                file + " mixes codecs " + codec + " and " + chunk.codecName());
                    }
                    chunks.add(
                            new Chunk(
                                    chunk.startOffset(),
                                    Math.toIntExact(chunk.totalCompressedSize())));
                }
            }
        }
        return codec == null ? "UNCOMPRESSED" : codec;
    }

    private static ColumnChunkView chunk(Path file, RowGroupView group, String column)
            throws IOException {
        return group.column(column)
                .orElseThrow(() -> new IOException("no column " + column + " in " + file));
    }

    private static List<Page> pages(Path file, byte[] bytes, Collection<String> columns)
            throws IOException {
        List<Page> pages = new ArrayList<>();
        try (ParquetReader reader =
                ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowGroupView group : reader.metadata().rowGroups()) {
                for (String column : columns) {
                    ColumnChunkView chunk = chunk(file, group, column);
                    int start = Math.toIntExact(chunk.startOffset());
                    int end = Math.toIntExact(start + chunk.totalCompressedSize());
                    ByteArrayInputStream in = new ByteArrayInputStream(bytes, start, end - start);
                    while (in.available() > 0) {
                        int before = in.available();
                        PageHeader header = Util.readPageHeader(in);
                        int body = end - in.available();
                        if (before - in.available() <= 0) {
                            throw new IOException("empty page header at " + (end - before));
                        }
                        pages.add(compressedPart(header, body));
                        in.skipNBytes(header.getCompressed_page_size());
                    }
                }
            }
        }
        return pages;
    }

    /**
     * A page's compressed part: for a v2 data page its levels are stored uncompressed before the
     * values, so only the rest goes through the codec.
     */
    private static Page compressedPart(PageHeader header, int body) {
        int stored = header.getCompressed_page_size();
        boolean crc = header.isSetCrc();
        if (header.isSetData_page_header_v2()) {
            var v2 = header.getData_page_header_v2();
            int levels =
                    v2.getRepetition_levels_byte_length() + v2.getDefinition_levels_byte_length();
            if (!v2.isSetIs_compressed() || v2.isIs_compressed()) {
                return new Page(
                        body + levels,
                        stored - levels,
                        header.getUncompressed_page_size() - levels,
                        body,
                        stored,
                        crc);
            }
            return new Page(body, 0, 0, body, stored, crc);
        }
        return new Page(body, stored, header.getUncompressed_page_size(), body, stored, crc);
    }
}
