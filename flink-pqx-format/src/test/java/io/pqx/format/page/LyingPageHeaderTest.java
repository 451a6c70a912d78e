package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.management.ThreadMXBean;
import io.pqx.format.codec.Codecs;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Util;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/** Page headers whose length fields lie: refused with a clear error, before allocating for them. */
class LyingPageHeaderTest {
    private static final ColumnDescriptor COLUMN =
            MessageTypeParser.parseMessageType("message m { required int32 a; }")
                    .getColumns()
                    .get(0);
    private static final FileContext CTX = FileContext.of("f.parquet").rowGroup(0).column("a");

    @Test
    void refusesAStatisticsValueLongerThanTheChunkBeforeAllocatingIt() throws IOException {
        byte[] chunk = headerWithStatisticsLengthOf(90_000_000);
        ChunkPageReader reader = reader(chunk);

        long before = allocatedBytes();
        // PageReader.readPage cannot throw checked exceptions: parquet-column's contract.
        assertThatThrownBy(reader::readPage)
                .isInstanceOf(UncheckedIOException.class)
                .cause()
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith("Cannot read page header: invalid header at offset 4")
                .hasMessageEndingWith("(f.parquet, row group 0, column a)");
        // The lying field claims 90 MB; nothing near that may be allocated to find out it lies.
        assertThat(allocatedBytes() - before).isLessThan(10_000_000);
    }

    @Test
    void refusesV2LevelLengthsWhoseSumOverflowsAnInt() throws IOException {
        PageHeader header = new PageHeader(PageType.DATA_PAGE_V2, 16, 16);
        DataPageHeaderV2 v2 =
                new DataPageHeaderV2(1, 0, 1, Encoding.PLAIN, Integer.MAX_VALUE, Integer.MAX_VALUE);
        v2.setIs_compressed(false);
        header.setData_page_header_v2(v2);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writePageHeader(header, out);
        out.write(new byte[16]);

        assertThatThrownBy(reader(out.toByteArray())::readPage)
                .isInstanceOf(UncheckedIOException.class)
                .cause()
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read page 0: level sections of 4294967294 bytes exceed the page of"
                                + " 16 bytes (f.parquet, row group 0, column a)");
    }

    private static ChunkPageReader reader(byte[] chunk) throws IOException {
        return new ChunkPageReader(
                CTX,
                COLUMN,
                Codecs.forReading(CompressionCodec.UNCOMPRESSED, CTX),
                1,
                new PageLimits(1 << 20, false),
                List.of(PageRun.wholeChunk(chunk, 0, chunk.length, 4)));
    }

    /** A v1 data page header whose statistics max_value claims {@code length} bytes. */
    private static byte[] headerWithStatisticsLengthOf(int length) throws IOException {
        PageHeader header = new PageHeader(PageType.DATA_PAGE, 4, 4);
        header.setData_page_header(
                new DataPageHeader(1, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
        Statistics statistics = new Statistics();
        statistics.setMax_value("QQQQQQQQ".getBytes());
        header.getData_page_header().setStatistics(statistics);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writePageHeader(header, out);
        byte[] bytes = out.toByteArray();
        int at = -1; // the one-byte varint 8 in front of "QQQQQQQQ"
        for (int i = 0; i < bytes.length - 1; i++) {
            if (bytes[i] == 8 && bytes[i + 1] == 'Q') {
                at = i;
            }
        }
        byte[] varint = {
            (byte) (0x80 | (length & 0x7f)),
            (byte) (0x80 | ((length >>> 7) & 0x7f)),
            (byte) (0x80 | ((length >>> 14) & 0x7f)),
            (byte) ((length >>> 21) & 0x7f)
        };
        ByteBuffer chunk = ByteBuffer.allocate(bytes.length + 3 + 4);
        chunk.put(bytes, 0, at).put(varint).put(bytes, at + 1, bytes.length - at - 1);
        chunk.put(new byte[4]);
        return chunk.array();
    }

    private static long allocatedBytes() {
        return ((ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
