package io.pqx.bench.source;

import com.github.luben.zstd.ZstdDecompressCtx;
import io.pqx.format.ParquetReader;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.RowGroupView;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;

/**
 * What no reader of a ZSTD-compressed file can skip when a query's rows are in every page: the
 * decompression of every page (dictionary and data) of the columns it reads. Times zstd-jni alone
 * doing exactly that, on the calling thread, into a reused buffer, over bytes already in memory;
 * the best of several runs. A query that touches every page cannot run faster than this, and late
 * materialization cannot make it faster than its figure allows either.
 */
final class DecompressionFloor {
    private DecompressionFloor() {}

    /** One compressed page: where its bytes lie in the file, and its uncompressed size. */
    private record Page(int offset, int length, int uncompressed) {}

    /** Best-of-{@code runs} nanoseconds to decompress every page of {@code columns} in the file. */
    static long nanos(Path file, Collection<String> columns, int runs) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        List<Page> pages = pages(file, bytes, columns);
        int largest = pages.stream().mapToInt(Page::uncompressed).max().orElse(0);
        byte[] out = new byte[largest];
        long best = Long.MAX_VALUE;
        try (ZstdDecompressCtx zstd = new ZstdDecompressCtx()) {
            for (int run = 0; run < runs; run++) {
                long t0 = System.nanoTime();
                long produced = 0;
                for (Page p : pages) {
                    produced +=
                            zstd.decompressByteArray(
                                    out, 0, p.uncompressed(), bytes, p.offset(), p.length());
                }
                long took = System.nanoTime() - t0;
                if (produced != pages.stream().mapToLong(Page::uncompressed).sum()) {
                    throw new IOException("ZSTD pages decompressed to " + produced + " bytes");
                }
                best = Math.min(best, took);
            }
        }
        return best;
    }

    private static List<Page> pages(Path file, byte[] bytes, Collection<String> columns)
            throws IOException {
        List<Page> pages = new ArrayList<>();
        try (ParquetReader reader =
                ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowGroupView group : reader.metadata().rowGroups()) {
                for (String column : columns) {
                    ColumnChunkView chunk =
                            group.column(column)
                                    .orElseThrow(
                                            () ->
                                                    new IOException(
                                                            "no column " + column + " in " + file));
                    if (!"ZSTD".equals(chunk.codecName())) {
                        throw new IOException(column + " is " + chunk.codecName() + ", not ZSTD");
                    }
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
                        pages.add(
                                new Page(
                                        body,
                                        header.getCompressed_page_size(),
                                        header.getUncompressed_page_size()));
                        in.skipNBytes(header.getCompressed_page_size());
                    }
                }
            }
        }
        return pages;
    }
}
