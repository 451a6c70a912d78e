package io.pqx.format.stats;

import io.pqx.format.crypto.ChunkDecryptor;
import io.pqx.format.crypto.ModuleType;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.footer.BoundedThrift;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileRange;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.io.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.BoundaryOrder;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.internal.column.columnindex.ColumnIndexBuilder;
import org.apache.parquet.internal.column.columnindex.OffsetIndexBuilder;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The page index of a column chunk: converts parquet-column's {@link
 * org.apache.parquet.internal.column.columnindex.ColumnIndex} (per-page bounds and null counts) and
 * {@link org.apache.parquet.internal.column.columnindex.OffsetIndex} (per-page location and first
 * row) to and from their Thrift structs, and reads them from a file with checked lengths.
 *
 * <p>The writer calls {@code toThrift}; the reader calls {@code readColumnIndex}/{@code
 * readOffsetIndex} with a chunk whose footer records the index. Malformed indexes raise {@link
 * CorruptFileException} "Cannot read column index: ..." naming file, row group and column.
 * Stateless and thread-safe.
 */
@Internal
public final class PageIndexes {
    /** The longest index accepted; real indexes are kilobytes. */
    public static final int MAX_INDEX_BYTES = 128 << 20;

    private PageIndexes() {}

    public static ColumnIndex toThrift(
            org.apache.parquet.internal.column.columnindex.ColumnIndex index) {
        ColumnIndex thrift =
                new ColumnIndex(
                        new ArrayList<>(index.getNullPages()),
                        copy(index.getMinValues()),
                        copy(index.getMaxValues()),
                        BoundaryOrder.valueOf(index.getBoundaryOrder().name()));
        if (index.getNullCounts() != null) {
            thrift.setNull_counts(new ArrayList<>(index.getNullCounts()));
        }
        if (index.getNanCounts() != null && !index.getNanCounts().isEmpty()) {
            thrift.setNan_counts(new ArrayList<>(index.getNanCounts()));
        }
        if (index.getRepetitionLevelHistogram() != null
                && !index.getRepetitionLevelHistogram().isEmpty()) {
            thrift.setRepetition_level_histograms(
                    new ArrayList<>(index.getRepetitionLevelHistogram()));
        }
        if (index.getDefinitionLevelHistogram() != null
                && !index.getDefinitionLevelHistogram().isEmpty()) {
            thrift.setDefinition_level_histograms(
                    new ArrayList<>(index.getDefinitionLevelHistogram()));
        }
        return thrift;
    }

    public static OffsetIndex toThrift(
            org.apache.parquet.internal.column.columnindex.OffsetIndex index) {
        List<PageLocation> locations = new ArrayList<>(index.getPageCount());
        List<Long> unencoded = new ArrayList<>();
        for (int i = 0; i < index.getPageCount(); i++) {
            locations.add(
                    new PageLocation(
                            index.getOffset(i),
                            index.getCompressedPageSize(i),
                            index.getFirstRowIndex(i)));
            index.getUnencodedByteArrayDataBytes(i).ifPresent(unencoded::add);
        }
        OffsetIndex thrift = new OffsetIndex(locations);
        if (!unencoded.isEmpty() && unencoded.size() == index.getPageCount()) {
            thrift.setUnencoded_byte_array_data_bytes(unencoded);
        }
        return thrift;
    }

    /**
     * The column index as parquet-column's filter code uses it.
     *
     * @throws CorruptFileException when the lists disagree in length
     * @throws UnsupportedFileException for a type parquet-column keeps no column index for (INT96)
     */
    public static org.apache.parquet.internal.column.columnindex.ColumnIndex fromThrift(
            ColumnIndex thrift, PrimitiveType type, FileContext ctx)
            throws CorruptFileException, UnsupportedFileException {
        int pages = thrift.getNull_pages().size();
        checkSize("min_values", thrift.getMin_values(), pages, ctx);
        checkSize("max_values", thrift.getMax_values(), pages, ctx);
        checkSize("null_counts", thrift.getNull_counts(), pages, ctx);
        checkSize("nan_counts", thrift.getNan_counts(), pages, ctx);
        checkBoundWidths(thrift, type, ctx);
        org.apache.parquet.internal.column.columnindex.ColumnIndex index;
        try {
            index =
                    ColumnIndexBuilder.build(
                            type,
                            org.apache.parquet.internal.column.columnindex.BoundaryOrder.valueOf(
                                    thrift.getBoundary_order().name()),
                            thrift.getNull_pages(),
                            thrift.getNull_counts(),
                            thrift.getNan_counts(),
                            thrift.getMin_values(),
                            thrift.getMax_values(),
                            thrift.getRepetition_level_histograms(),
                            thrift.getDefinition_level_histograms());
        } catch (RuntimeException e) {
            throw ctx.corrupt("Cannot read column index", String.valueOf(e.getMessage()), e);
        }
        if (index == null) {
            throw ctx.unsupported(
                    "Cannot read column index", "no column index exists for type " + type);
        }
        return index;
    }

    /** The offset index as parquet-column uses it; page locations must be in file order. */
    public static org.apache.parquet.internal.column.columnindex.OffsetIndex fromThrift(
            OffsetIndex thrift, FileContext ctx) throws CorruptFileException {
        List<PageLocation> locations = thrift.getPage_locations();
        if (locations.isEmpty()) {
            // every column chunk holds a page (parquet-column's builder gives no index for none)
            throw ctx.corrupt("Cannot read offset index", "it lists no pages");
        }
        List<Long> unencoded = thrift.getUnencoded_byte_array_data_bytes();
        if (unencoded != null && unencoded.size() != locations.size()) {
            unencoded = null; // the optional sizes are unusable, the locations are not
        }
        OffsetIndexBuilder builder = OffsetIndexBuilder.getBuilder();
        long previousRow = -1;
        for (int i = 0; i < locations.size(); i++) {
            PageLocation page = locations.get(i);
            // Rows only grow from page to page (a page may hold no row start: equal is fine).
            if (page.getFirst_row_index() < previousRow
                    || page.getFirst_row_index() < 0
                    || page.getOffset() < 0
                    || page.getCompressed_page_size() < 0) {
                throw ctx.corrupt(
                        "Cannot read offset index",
                        "page " + i + " has an impossible location " + page);
            }
            previousRow = page.getFirst_row_index();
            Optional<Long> bytes =
                    unencoded == null ? Optional.empty() : Optional.of(unencoded.get(i));
            builder.add(
                    page.getOffset(),
                    page.getCompressed_page_size(),
                    page.getFirst_row_index(),
                    bytes);
        }
        return builder.build();
    }

    /**
     * Reads the column index of {@code chunk}.
     *
     * @throws IllegalArgumentException when the chunk has none (check {@link
     *     ColumnChunkMetadata#columnIndex()} first)
     */
    public static org.apache.parquet.internal.column.columnindex.ColumnIndex readColumnIndex(
            InputFile file, ColumnChunkMetadata chunk, FileContext ctx) throws IOException {
        FileRange range =
                chunk.columnIndex()
                        .orElseThrow(() -> new IllegalArgumentException("no column index " + ctx));
        if (chunk.decryptor() == null) {
            return readColumnIndex(
                    file,
                    range.offset(),
                    range.length(),
                    chunk.descriptor().getPrimitiveType(),
                    ctx);
        }
        byte[] bytes =
                decrypted(
                        chunk,
                        ModuleType.COLUMN_INDEX,
                        readRange(
                                file,
                                range.offset(),
                                range.length(),
                                "Cannot read column index",
                                ctx));
        ColumnIndex thrift = new ColumnIndex();
        decode(thrift, bytes, "Cannot read column index", ctx);
        return fromThrift(thrift, chunk.descriptor().getPrimitiveType(), ctx);
    }

    /**
     * Reads the offset index of {@code chunk}.
     *
     * @throws IllegalArgumentException when the chunk has none (check {@link
     *     ColumnChunkMetadata#offsetIndex()} first)
     */
    public static org.apache.parquet.internal.column.columnindex.OffsetIndex readOffsetIndex(
            InputFile file, ColumnChunkMetadata chunk, FileContext ctx) throws IOException {
        FileRange range =
                chunk.offsetIndex()
                        .orElseThrow(() -> new IllegalArgumentException("no offset index " + ctx));
        if (chunk.decryptor() == null) {
            return readOffsetIndex(file, range.offset(), range.length(), ctx);
        }
        byte[] bytes =
                decrypted(
                        chunk,
                        ModuleType.OFFSET_INDEX,
                        readRange(
                                file,
                                range.offset(),
                                range.length(),
                                "Cannot read offset index",
                                ctx));
        OffsetIndex thrift = new OffsetIndex();
        decode(thrift, bytes, "Cannot read offset index", ctx);
        return fromThrift(thrift, ctx);
    }

    /**
     * The plaintext of an encrypted chunk's index module, {@code length} bytes of {@code bytes} at
     * {@code offset}; the bytes themselves for a plaintext chunk (check {@link
     * ColumnChunkMetadata#decryptor()} to know which).
     *
     * @param type {@link ModuleType#COLUMN_INDEX} or {@link ModuleType#OFFSET_INDEX}
     * @throws io.pqx.format.error.DecryptionFailedException when the module does not authenticate
     */
    public static byte[] decrypted(
            ColumnChunkMetadata chunk, ModuleType type, byte[] bytes, int offset, int length)
            throws IOException {
        ChunkDecryptor decryptor = chunk.decryptor();
        if (decryptor == null) {
            throw new IllegalArgumentException("the chunk is not encrypted " + chunk.context());
        }
        return decryptor.decrypt(type, 0, bytes, offset, length);
    }

    private static byte[] decrypted(ColumnChunkMetadata chunk, ModuleType type, byte[] bytes)
            throws IOException {
        return decrypted(chunk, type, bytes, 0, bytes.length);
    }

    /** Reads and converts the column index at {@code [offset, offset + length)}. */
    public static org.apache.parquet.internal.column.columnindex.ColumnIndex readColumnIndex(
            InputFile file, long offset, long length, PrimitiveType type, FileContext ctx)
            throws IOException {
        byte[] bytes = readRange(file, offset, length, "Cannot read column index", ctx);
        ColumnIndex thrift = new ColumnIndex();
        decode(thrift, bytes, "Cannot read column index", ctx);
        return fromThrift(thrift, type, ctx);
    }

    /** Reads and converts the offset index at {@code [offset, offset + length)}. */
    public static org.apache.parquet.internal.column.columnindex.OffsetIndex readOffsetIndex(
            InputFile file, long offset, long length, FileContext ctx) throws IOException {
        byte[] bytes = readRange(file, offset, length, "Cannot read offset index", ctx);
        OffsetIndex thrift = new OffsetIndex();
        decode(thrift, bytes, "Cannot read offset index", ctx);
        return fromThrift(thrift, ctx);
    }

    /**
     * Decodes a column index from {@code length} bytes of {@code bytes} at {@code offset} (read by
     * the caller, e.g. in one coalesced read of a row group's indexes).
     *
     * @throws CorruptFileException when the bytes are not a valid Thrift column index
     */
    public static ColumnIndex parseColumnIndex(
            byte[] bytes, int offset, int length, FileContext ctx) throws CorruptFileException {
        ColumnIndex thrift = new ColumnIndex();
        decode(thrift, bytes, offset, length, "Cannot read column index", ctx);
        return thrift;
    }

    /**
     * Decodes and checks an offset index from {@code length} bytes of {@code bytes} at {@code
     * offset}, as {@link #readOffsetIndex(InputFile, long, long, FileContext)} does after reading.
     *
     * @throws CorruptFileException when the bytes are not a valid offset index
     */
    public static org.apache.parquet.internal.column.columnindex.OffsetIndex parseOffsetIndex(
            byte[] bytes, int offset, int length, FileContext ctx) throws CorruptFileException {
        OffsetIndex thrift = new OffsetIndex();
        decode(thrift, bytes, offset, length, "Cannot read offset index", ctx);
        return fromThrift(thrift, ctx);
    }

    /**
     * Checks that an index range declared by the footer may be read: 1 to {@link #MAX_INDEX_BYTES}
     * bytes, inside a file of {@code fileLength} bytes.
     *
     * @param what {@code "Cannot read column index"} or {@code "Cannot read offset index"}
     * @throws CorruptFileException when it may not, naming the range and the file's length
     */
    public static void checkRange(
            long offset, long length, long fileLength, String what, FileContext ctx)
            throws CorruptFileException {
        if (length <= 0 || length > MAX_INDEX_BYTES) {
            throw ctx.corrupt(
                    what, "its length " + length + " is not in 1.." + MAX_INDEX_BYTES + " bytes");
        }
        if (offset < 0 || offset > fileLength - length) {
            throw ctx.corrupt(
                    what,
                    "its bytes ["
                            + offset
                            + ", "
                            + (offset + length)
                            + ") lie outside the file of "
                            + fileLength
                            + " bytes");
        }
    }

    /** The public view of an offset index. */
    public static OffsetIndexView view(
            org.apache.parquet.internal.column.columnindex.OffsetIndex index) {
        List<io.pqx.format.index.PageLocation> pages = new ArrayList<>(index.getPageCount());
        for (int i = 0; i < index.getPageCount(); i++) {
            pages.add(
                    new io.pqx.format.index.PageLocation(
                            index.getOffset(i),
                            index.getCompressedPageSize(i),
                            index.getFirstRowIndex(i)));
        }
        return OffsetIndexView.of(pages);
    }

    private static byte[] readRange(
            InputFile file, long offset, long length, String what, FileContext ctx)
            throws IOException {
        if (length <= 0 || length > MAX_INDEX_BYTES) {
            throw ctx.corrupt(
                    what, "its length " + length + " is not in 1.." + MAX_INDEX_BYTES + " bytes");
        }
        if (offset < 0 || offset > file.length() - length) {
            throw ctx.corrupt(
                    what,
                    "its bytes ["
                            + offset
                            + ", "
                            + (offset + length)
                            + ") lie outside the file of "
                            + file.length()
                            + " bytes");
        }
        return file.readFully(offset, (int) length);
    }

    private static void decode(
            shaded.parquet.org.apache.thrift.TBase<?, ?> target,
            byte[] bytes,
            String what,
            FileContext ctx)
            throws CorruptFileException {
        decode(target, bytes, 0, bytes.length, what, ctx);
    }

    private static void decode(
            shaded.parquet.org.apache.thrift.TBase<?, ?> target,
            byte[] bytes,
            int offset,
            int length,
            String what,
            FileContext ctx)
            throws CorruptFileException {
        try {
            BoundedThrift.read(target, bytes, offset, length);
        } catch (IOException e) {
            throw ctx.corrupt(what, "it is not valid Thrift: " + e.getMessage(), e);
        }
    }

    /** Fixed-width types: every non-null page's min and max must be one value wide. */
    private static void checkBoundWidths(ColumnIndex thrift, PrimitiveType type, FileContext ctx)
            throws CorruptFileException {
        int width;
        switch (type.getPrimitiveTypeName()) {
            case BOOLEAN -> width = 1;
            case INT32, FLOAT -> width = 4;
            case INT64, DOUBLE -> width = 8;
            case INT96 -> width = 12;
            default -> {
                return;
            }
        }
        List<Boolean> nullPages = thrift.getNull_pages();
        for (int i = 0; i < nullPages.size(); i++) {
            if (Boolean.TRUE.equals(nullPages.get(i))) {
                continue;
            }
            int min = thrift.getMin_values().get(i).remaining();
            int max = thrift.getMax_values().get(i).remaining();
            if (min != width || max != width) {
                throw ctx.corrupt(
                        "Cannot read column index",
                        "page "
                                + i
                                + " has bounds of "
                                + min
                                + " and "
                                + max
                                + " bytes for "
                                + type.getPrimitiveTypeName()
                                + " values of "
                                + width
                                + " bytes");
            }
        }
    }

    private static void checkSize(String name, List<?> list, int pages, FileContext ctx)
            throws CorruptFileException {
        if (list != null && list.size() != pages) {
            throw ctx.corrupt(
                    "Cannot read column index",
                    name + " has " + list.size() + " entries for " + pages + " pages");
        }
    }

    private static List<ByteBuffer> copy(List<ByteBuffer> buffers) {
        List<ByteBuffer> out = new ArrayList<>(buffers.size());
        for (ByteBuffer b : buffers) {
            out.add(b.duplicate());
        }
        return out;
    }
}
