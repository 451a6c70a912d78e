package io.pqx.format.page;

import io.pqx.format.TestingChunkFile;
import io.pqx.format.codec.Codecs;
import io.pqx.format.error.FileContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageTypeParser;

/** Dictionary pages as the page reader hands them out (checked, strings indexed), for tests. */
public final class TestingDictionaryPages {
    private static final ColumnDescriptor STRINGS =
            MessageTypeParser.parseMessageType("message m { required binary s; }")
                    .getColumns()
                    .get(0);

    private TestingDictionaryPages() {}

    /** The PLAIN dictionary page {@code body} of {@code count} values of {@code column}, read. */
    public static DictionaryPage read(ColumnDescriptor column, byte[] body, int count)
            throws IOException {
        ByteArrayOutputStream chunk = new ByteArrayOutputStream();
        Util.writePageHeader(
                TestingChunkFile.dictionaryPage(count, body.length, body.length), chunk);
        chunk.write(body);
        byte[] bytes = chunk.toByteArray();
        ChunkPageReader reader =
                new ChunkPageReader(
                        FileContext.of("f.parquet").rowGroup(0).column("s"),
                        column,
                        Codecs.forWriting(CompressionCodecName.UNCOMPRESSED, 0),
                        1,
                        new PageLimits(1 << 20, false),
                        List.of(PageRun.wholeChunk(bytes, 0, bytes.length, 4)));
        if (!reader.readDictionaryPageHeader()) {
            throw new IllegalStateException("no dictionary page");
        }
        return reader.inflateDictionaryPage();
    }

    /** A dictionary page of {@code count} PLAIN strings, as the page reader indexed it. */
    public static IndexedDictionaryPage readStrings(byte[] body, int count) throws IOException {
        return (IndexedDictionaryPage) read(STRINGS, body, count);
    }
}
