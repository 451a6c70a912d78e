package io.pqx.bench.source;

import com.github.luben.zstd.Zstd;
import io.pqx.format.ParquetReader;
import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.RowGroupView;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;
import net.jpountz.lz4.LZ4Factory;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;

/**
 * What a late-materializing reader cannot skip beyond the {@link PageFloor} when its query's rows
 * lie in every page: on each PLAIN BYTE_ARRAY data page of a returned column, the walk over the
 * values' 4-byte length prefixes (a value's place is known only from the lengths before it, so
 * returning a row's string passes over every string before it on its page), and on each PLAIN INT64
 * or INT32 data page of the filtered column, the range test of every value (which rows are kept is
 * known only from all of them). Timed in the calling thread's CPU over the pages' bytes already
 * decompressed in memory (not timed), as what walking a page adds to a streaming pass over it made
 * just before (a CRC-32 of it, as a reader checking checksums makes, or its codec's output), which
 * brings the page into the cache: the best of several runs of the pass and the walk, page by page,
 * less the best of the pass alone. Timed alone over the pages in memory, the walk would fetch them
 * from memory itself, at the pace of its chain of lengths, and cost several times what it costs a
 * reader, whose pages are in the cache when it walks them. A lower bound, since it keeps no result
 * and copies nothing. Dictionary-encoded pages add nothing here (their ids are passed over by
 * arithmetic).
 */
final class PageWalkFloor {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** A page's values, decompressed: {@code bytes[from, to)}, and how they are walked. */
    private record Values(byte[] bytes, int from, int to, Kind kind) {}

    private enum Kind {
        STRINGS,
        LONGS,
        INTS
    }

    private PageWalkFloor() {}

    /**
     * The walk and the filter's test over {@code query}'s pages of {@code file}, in thread-CPU
     * nanoseconds, the best of {@code runs}; 0 for a query without a filter.
     */
    static long measure(Path file, SourceQuery query, int runs) throws IOException {
        if (!query.filters()) {
            return 0;
        }
        List<Values> pages = pages(file, query);
        long expectedStrings = -1;
        long bestBoth = Long.MAX_VALUE;
        long bestPass = Long.MAX_VALUE;
        CRC32 crc = new CRC32();
        for (int run = 0; run < runs; run++) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            long strings = 0;
            long kept = 0;
            for (Values v : pages) {
                // the pass that brings the page into the cache, as a reader's CRC check or codec
                // does just before it walks the page; timed alone below and taken off
                crc.update(v.bytes(), v.from(), v.to() - v.from());
                switch (v.kind()) {
                    case STRINGS -> strings += walk(v.bytes(), v.from(), v.to());
                    case LONGS ->
                            kept +=
                                    keptLongs(
                                            v.bytes(), v.from(), v.to(), query.from(), query.to());
                    default ->
                            kept += keptInts(v.bytes(), v.from(), v.to(), query.from(), query.to());
                }
            }
            bestBoth = Math.min(bestBoth, THREADS.getCurrentThreadCpuTime() - t0);
            long t1 = THREADS.getCurrentThreadCpuTime();
            for (Values v : pages) {
                crc.update(v.bytes(), v.from(), v.to() - v.from());
            }
            bestPass = Math.min(bestPass, THREADS.getCurrentThreadCpuTime() - t1);
            if (expectedStrings < 0) {
                expectedStrings = strings;
            } else if (strings != expectedStrings) {
                throw new IOException("walks disagree: " + strings + " != " + expectedStrings);
            }
            if (kept < 0 || crc.getValue() < 0) {
                throw new IOException("no rows kept"); // (keeps the results alive)
            }
        }
        return Math.max(0, bestBoth - bestPass);
    }

    /** Values passed over in {@code b[at, end)}. */
    private static int walk(byte[] b, int at, int end) {
        long pos = at;
        long lastPrefix = end - 4L;
        int n = 0;
        while (pos <= lastPrefix) {
            pos += 4 + Integer.toUnsignedLong((int) INT_LE.get(b, (int) pos));
            n++;
        }
        return n;
    }

    private static long keptLongs(byte[] b, int at, int end, long from, long to) {
        long kept = 0;
        for (int i = at; i + 8 <= end; i += 8) {
            long v = (long) LONG_LE.get(b, i);
            kept += v >= from & v < to ? 1 : 0;
        }
        return kept;
    }

    private static long keptInts(byte[] b, int at, int end, long from, long to) {
        long kept = 0;
        for (int i = at; i + 4 <= end; i += 4) {
            long v = (int) INT_LE.get(b, i);
            kept += v >= from & v < to ? 1 : 0;
        }
        return kept;
    }

    /** The PLAIN data pages to walk, each decompressed into an array of its own. */
    private static List<Values> pages(Path file, SourceQuery query) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        List<Values> out = new ArrayList<>();
        try (ParquetReader reader =
                ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()))) {
            Set<String> optional = new HashSet<>();
            for (LeafColumnView leaf : reader.schema().leaves()) {
                if (leaf.maxDefinitionLevel() > 0) {
                    optional.add(leaf.dottedPath());
                }
            }
            for (RowGroupView group : reader.metadata().rowGroups()) {
                for (String column : query.columns()) {
                    addPages(file, bytes, group, column, Kind.STRINGS, optional, out);
                }
                addPages(file, bytes, group, query.filterColumn(), Kind.LONGS, optional, out);
            }
        }
        return out;
    }

    private static void addPages(
            Path file,
            byte[] bytes,
            RowGroupView group,
            String column,
            Kind kind,
            Set<String> optionalColumns,
            List<Values> out)
            throws IOException {
        ColumnChunkView chunk =
                group.column(column)
                        .orElseThrow(() -> new IOException("no column " + column + " in " + file));
        PhysicalType type = chunk.physicalType();
        Kind walked;
        if (kind == Kind.STRINGS) {
            if (type != PhysicalType.BYTE_ARRAY) {
                return;
            }
            walked = Kind.STRINGS;
        } else if (type == PhysicalType.INT64) {
            walked = Kind.LONGS;
        } else if (type == PhysicalType.INT32) {
            walked = Kind.INTS;
        } else {
            return;
        }
        boolean optional = optionalColumns.contains(column);
        int start = Math.toIntExact(chunk.startOffset());
        int end = Math.toIntExact(start + chunk.totalCompressedSize());
        ByteArrayInputStream in = new ByteArrayInputStream(bytes, start, end - start);
        while (in.available() > 0) {
            PageHeader header = Util.readPageHeader(in);
            int body = end - in.available();
            int stored = header.getCompressed_page_size();
            in.skipNBytes(stored);
            Values v = values(chunk.codecName(), header, bytes, body, stored, optional, walked);
            if (v != null) {
                out.add(v);
            }
        }
    }

    /** A PLAIN data page's values, decompressed; null for other pages. */
    private static Values values(
            String codec,
            PageHeader header,
            byte[] bytes,
            int body,
            int stored,
            boolean optional,
            Kind kind)
            throws IOException {
        if (header.getType() == PageType.DATA_PAGE) {
            var h = header.getData_page_header();
            if (h.getEncoding() != Encoding.PLAIN) {
                return null;
            }
            byte[] page =
                    decompress(codec, bytes, body, stored, header.getUncompressed_page_size());
            // a v1 page of an optional column starts with its 4-byte-prefixed definition levels
            // (a null has no value: the walk ends at the section's end all the same)
            int from = optional ? 4 + (int) INT_LE.get(page, 0) : 0;
            return new Values(page, from, page.length, kind);
        }
        if (header.getType() == PageType.DATA_PAGE_V2) {
            var h = header.getData_page_header_v2();
            if (h.getEncoding() != Encoding.PLAIN) {
                return null;
            }
            int levels =
                    h.getRepetition_levels_byte_length() + h.getDefinition_levels_byte_length();
            boolean compressed = !h.isSetIs_compressed() || h.isIs_compressed();
            byte[] page =
                    compressed
                            ? decompress(
                                    codec,
                                    bytes,
                                    body + levels,
                                    stored - levels,
                                    header.getUncompressed_page_size() - levels)
                            : Arrays.copyOfRange(bytes, body + levels, body + stored);
            return new Values(page, 0, page.length, kind);
        }
        return null;
    }

    private static byte[] decompress(String codec, byte[] bytes, int at, int length, int size)
            throws IOException {
        return switch (codec) {
            case "UNCOMPRESSED" -> Arrays.copyOfRange(bytes, at, at + length);
            case "ZSTD" -> {
                byte[] out = new byte[size];
                long n = Zstd.decompressByteArray(out, 0, size, bytes, at, length);
                if (n != size) {
                    throw new IOException("a ZSTD page decompressed to " + n + " bytes");
                }
                yield out;
            }
            case "LZ4_RAW" -> {
                byte[] out = new byte[size];
                LZ4Factory.fastestInstance()
                        .safeDecompressor()
                        .decompress(bytes, at, length, out, 0);
                yield out;
            }
            default -> throw new IOException("no walk floor for codec " + codec);
        };
    }
}
