package io.pqx.format;

import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.prune.RowSelection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;

/**
 * Builds a one-column Parquet file byte by byte (INT32 column {@code a}, REQUIRED unless {@link
 * #optional()}, one row group) from hand-made pages, so tests control every header field and body
 * byte; a hook may then tamper with the column metadata. The pages are written as given, valid or
 * not.
 */
public final class TestingChunkFile {
    private final List<byte[]> pages = new ArrayList<>();
    private long numRows;
    private long numValues = -1;
    private CompressionCodec codec = CompressionCodec.UNCOMPRESSED;
    private Consumer<ColumnMetaData> tamper = m -> {};
    private final List<KeyValue> keyValues = new ArrayList<>();
    private FieldRepetitionType repetition = FieldRepetitionType.REQUIRED;

    public static TestingChunkFile builder() {
        return new TestingChunkFile();
    }

    public TestingChunkFile rows(long rows) {
        this.numRows = rows;
        return this;
    }

    /** Footer num_values of the chunk (defaults to the rows). */
    public TestingChunkFile numValues(long values) {
        this.numValues = values;
        return this;
    }

    /** Makes column {@code a} OPTIONAL: its pages then carry definition levels of width 1. */
    public TestingChunkFile optional() {
        this.repetition = FieldRepetitionType.OPTIONAL;
        return this;
    }

    public TestingChunkFile codec(CompressionCodec codec) {
        this.codec = codec;
        return this;
    }

    public TestingChunkFile keyValue(String key, String value) {
        KeyValue kv = new KeyValue(key);
        kv.setValue(value);
        keyValues.add(kv);
        return this;
    }

    public TestingChunkFile tamper(Consumer<ColumnMetaData> tamper) {
        this.tamper = tamper;
        return this;
    }

    /** A page: its header serialized as given, then the body bytes. */
    public TestingChunkFile page(PageHeader header, byte[] body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writePageHeader(header, out);
        out.write(body);
        pages.add(out.toByteArray());
        return this;
    }

    /** Raw bytes where a page would be (e.g. a garbage header). */
    public TestingChunkFile raw(byte[] bytes) {
        pages.add(bytes);
        return this;
    }

    /** A v1 PLAIN data page of {@code values}, sizes matching the body. */
    public TestingChunkFile plainPage(int... values) throws IOException {
        byte[] body = plain(values);
        return page(dataPageV1(values.length, body.length, body.length, Encoding.PLAIN), body);
    }

    public static PageHeader dataPageV1(
            int numValues, int uncompressed, int compressed, Encoding encoding) {
        PageHeader header = new PageHeader(PageType.DATA_PAGE, uncompressed, compressed);
        header.setData_page_header(
                new DataPageHeader(numValues, encoding, Encoding.RLE, Encoding.RLE));
        return header;
    }

    /** A v2 data page header: levels are not compressed, the data section is. */
    public static PageHeader dataPageV2(
            int numValues,
            int numNulls,
            int numRows,
            int definitionBytes,
            int uncompressed,
            int compressed,
            Encoding encoding) {
        PageHeader header = new PageHeader(PageType.DATA_PAGE_V2, uncompressed, compressed);
        header.setData_page_header_v2(
                new DataPageHeaderV2(numValues, numNulls, numRows, encoding, definitionBytes, 0));
        return header;
    }

    public static PageHeader dictionaryPage(int numValues, int uncompressed, int compressed) {
        PageHeader header = new PageHeader(PageType.DICTIONARY_PAGE, uncompressed, compressed);
        header.setDictionary_page_header(new DictionaryPageHeader(numValues, Encoding.PLAIN));
        return header;
    }

    public static byte[] plain(int... values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            buffer.putInt(v);
        }
        return buffer.array();
    }

    /** Dictionary ids of one RLE run: bit width, run header, the id. */
    public static byte[] rleIds(int bitWidth, int count, int id) {
        return new byte[] {(byte) bitWidth, (byte) (count << 1), (byte) id};
    }

    /** {@link #readInts(InputFile, ReadOptions)} with the default options. */
    public static List<Integer> readInts(InputFile file) throws IOException {
        return readInts(file, ReadOptions.defaults());
    }

    /** Every int of the file's column {@code a}, in order, null for a null. */
    public static List<Integer> readInts(InputFile file, ReadOptions options) throws IOException {
        try {
            return readIntsUnchecked(file, options);
        } catch (UncheckedIOException e) {
            throw e.getCause(); // the batch iterator wraps decoding errors
        }
    }

    private static List<Integer> readIntsUnchecked(InputFile file, ReadOptions options)
            throws IOException {
        List<Integer> values = new ArrayList<>();
        try (ParquetReader reader = ParquetReader.open(file, options)) {
            for (int g = 0; g < reader.metadata().rowGroups().size(); g++) {
                long rows = reader.metadata().rowGroups().get(g).numRows();
                try (BatchIterator batches =
                        reader.readRowGroup(g, reader.schema(), RowSelection.all(rows))) {
                    while (batches.hasNext()) {
                        VectorizedColumnBatch b = batches.next().columnBatch();
                        for (int i = 0; i < b.getNumRows(); i++) {
                            values.add(b.isNullAt(i, 0) ? null : b.getInt(i, 0));
                        }
                    }
                }
            }
        }
        return values;
    }

    public ByteArrayInputFile build(String location) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write("PAR1".getBytes(StandardCharsets.US_ASCII));
        long start = out.size();
        for (byte[] page : pages) {
            out.write(page);
        }
        long size = out.size() - start;
        ColumnMetaData meta =
                new ColumnMetaData(
                        Type.INT32,
                        List.of(Encoding.PLAIN, Encoding.RLE),
                        List.of("a"),
                        codec,
                        numValues < 0 ? numRows : numValues,
                        size,
                        size,
                        start);
        tamper.accept(meta);
        ColumnChunk chunk = new ColumnChunk(start);
        chunk.setMeta_data(meta);
        RowGroup group = new RowGroup(List.of(chunk), size, numRows);
        SchemaElement root = new SchemaElement("schema");
        root.setNum_children(1);
        SchemaElement leaf = new SchemaElement("a");
        leaf.setType(Type.INT32);
        leaf.setRepetition_type(repetition);
        FileMetaData footer = new FileMetaData(1, List.of(root, leaf), numRows, List.of(group));
        if (!keyValues.isEmpty()) {
            footer.setKey_value_metadata(keyValues);
        }
        ByteArrayOutputStream tail = new ByteArrayOutputStream();
        Util.writeFileMetaData(footer, tail);
        out.write(tail.toByteArray());
        out.write(
                ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(tail.size()).array());
        out.write("PAR1".getBytes(StandardCharsets.US_ASCII));
        return new ByteArrayInputFile(location, out.toByteArray());
    }
}
