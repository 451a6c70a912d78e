package io.pqx.format.footer;

import io.pqx.format.crypto.ChunkDecryptor;
import io.pqx.format.crypto.FileDecryptor;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.schema.MessageType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks a decoded Thrift footer against itself and the file, and builds the typed views. Every
 * failure is a {@link CorruptFileException} (or {@link UnsupportedFileException} for external
 * column files) saying "Cannot read footer: ..." with the file, row group and column. The metadata
 * of encrypted columns is decrypted first ({@link ColumnDecryption}), with the file's {@link
 * FileDecryptor}. Stateless; called by {@link FileMetadata#fromThrift} and {@link FooterReader}.
 */
final class FooterValidator {
    private static final Logger LOG = LoggerFactory.getLogger(FooterValidator.class);
    static final String WHAT = "Cannot read footer";

    private FooterValidator() {}

    static FileMetadata validate(
            FileMetaData footer, String location, long footerStart, long fileLength)
            throws IOException {
        FileContext ctx = FileContext.of(location);
        if (footer.isSetEncryption_algorithm()) {
            // a footer the writer holds is never encrypted; one read from a file comes with its
            // decryptor through the other overload
            throw ctx.unsupported(
                    WHAT,
                    "the footer declares Parquet modular encryption, but no decryptor was set up");
        }
        return validate(footer, location, footerStart, fileLength, null);
    }

    /**
     * @param decryptor the file's, when it is encrypted (encrypted footer, or plaintext footer with
     *     an encryption algorithm); null for a plaintext file
     */
    static FileMetadata validate(
            FileMetaData footer,
            String location,
            long footerStart,
            long fileLength,
            @Nullable FileDecryptor decryptor)
            throws IOException {
        FileContext ctx = FileContext.of(location);
        MessageType schema = SchemaElements.fromThrift(footer.getSchema(), ctx);
        if (footer.getNum_rows() < 0) {
            throw ctx.corrupt(
                    WHAT, "the file declares a negative row count " + footer.getNum_rows());
        }
        List<ColumnDescriptor> leaves = schema.getColumns();
        List<ColumnOrder> orders = columnOrders(footer, leaves.size(), ctx);
        Region region = new Region(footerStart, fileLength);
        List<RowGroup> groups = footer.getRow_groups() == null ? List.of() : footer.getRow_groups();
        List<RowGroupMetadata> rowGroups = new ArrayList<>(groups.size());
        long rows = 0;
        for (int i = 0; i < groups.size(); i++) {
            FileContext rgCtx = ctx.rowGroup(i);
            RowGroup group = groups.get(i);
            if (group == null) {
                throw rgCtx.corrupt(WHAT, "the row group is missing");
            }
            int ordinal = group.isSetOrdinal() ? group.getOrdinal() : i;
            List<ColumnChunkMetadata> chunks =
                    chunks(
                            group,
                            leaves,
                            orders,
                            footer.getCreated_by(),
                            region,
                            rgCtx,
                            decryptor,
                            ordinal);
            rowGroups.add(new RowGroupMetadata(i, group, chunks));
            rows += group.getNum_rows();
            if (rows < 0) {
                throw ctx.corrupt(WHAT, "the row groups' row counts add up to more than 2^63");
            }
        }
        return new FileMetadata(
                location, fileLength, footerStart, footer, schema, keyValues(footer), rowGroups);
    }

    /** Where column data may lie: after the head magic, before the footer ({@code dataEnd}). */
    private record Region(long dataEnd, long fileLength) {}

    private static List<ColumnChunkMetadata> chunks(
            RowGroup group,
            List<ColumnDescriptor> leaves,
            List<ColumnOrder> orders,
            @Nullable String createdBy,
            Region region,
            FileContext ctx,
            @Nullable FileDecryptor decryptor,
            int rowGroupOrdinal)
            throws IOException {
        if (group.getNum_rows() < 0) {
            throw ctx.corrupt(
                    WHAT, "the row group declares a negative row count " + group.getNum_rows());
        }
        int count = group.getColumns() == null ? 0 : group.getColumns().size();
        if (count != leaves.size()) {
            throw ctx.corrupt(
                    WHAT,
                    "the row group has "
                            + count
                            + " column chunks but the schema has "
                            + leaves.size()
                            + " leaf columns");
        }
        List<ColumnChunkMetadata> chunks = new ArrayList<>(count);
        for (int leaf = 0; leaf < count; leaf++) {
            ColumnDescriptor descriptor = leaves.get(leaf);
            FileContext colCtx = ctx.column(String.join(".", descriptor.getPath()));
            ColumnChunk chunk = group.getColumns().get(leaf);
            ChunkDecryptor chunkDecryptor =
                    chunk != null
                                    && (chunk.isSetCrypto_metadata()
                                            || chunk.isSetEncrypted_column_metadata())
                            ? ColumnDecryption.open(
                                    decryptor,
                                    chunk,
                                    group.getNum_rows(),
                                    rowGroupOrdinal,
                                    leaf,
                                    descriptor,
                                    colCtx)
                            : null;
            // a chunk whose key is missing is never read: its placement is not checked (without
            // the key, its metadata may hold no offsets at all)
            checkChunk(
                    chunk,
                    descriptor,
                    region,
                    colCtx,
                    chunkDecryptor == null || chunkDecryptor.hasKey());
            ColumnOrder order = orders.isEmpty() ? null : orders.get(leaf);
            ChunkFacts facts =
                    new ChunkFacts(
                            descriptor,
                            leaf,
                            colCtx,
                            order,
                            createdBy,
                            columnIndexRange(chunk, region, colCtx),
                            offsetIndexRange(chunk, region, colCtx),
                            bloomRange(chunk.getMeta_data(), region, colCtx),
                            chunkDecryptor);
            chunks.add(new ColumnChunkMetadata(chunk, facts));
        }
        return chunks;
    }

    private static void checkChunk(
            @Nullable ColumnChunk chunk,
            ColumnDescriptor leaf,
            Region region,
            FileContext ctx,
            boolean readable)
            throws CorruptFileException, UnsupportedFileException {
        if (chunk == null) {
            throw ctx.corrupt(WHAT, "the column chunk is missing");
        }
        if (chunk.isSetFile_path()) {
            throw ctx.unsupported(
                    WHAT,
                    "the column chunk is stored in another file '" + chunk.getFile_path() + "'");
        }
        ColumnMetaData meta = chunk.getMeta_data();
        if (meta == null) {
            throw ctx.corrupt(WHAT, "the column chunk has no metadata");
        }
        List<String> path = meta.getPath_in_schema();
        if (path == null || !path.equals(Arrays.asList(leaf.getPath()))) {
            throw ctx.corrupt(
                    WHAT,
                    "the column chunk's path "
                            + (path == null ? "(none)" : String.join(".", path))
                            + " does not match the schema leaf");
        }
        if (meta.getType() == null
                || PhysicalTypes.fromThrift(meta.getType())
                        != leaf.getPrimitiveType().getPrimitiveTypeName()) {
            throw ctx.corrupt(
                    WHAT,
                    "the column chunk's type "
                            + meta.getType()
                            + " does not match the schema's "
                            + leaf.getPrimitiveType().getPrimitiveTypeName());
        }
        checkSizes(meta, ctx);
        if (meta.getNum_values() > 0 && readable) {
            // A chunk without values has no pages to read; writers leave its offsets at 0.
            checkPlacement(meta, region, ctx);
        }
    }

    private static void checkSizes(ColumnMetaData meta, FileContext ctx)
            throws CorruptFileException {
        if (meta.getNum_values() < 0) {
            throw ctx.corrupt(
                    WHAT,
                    "the column chunk declares a negative value count " + meta.getNum_values());
        }
        if (meta.getTotal_compressed_size() < 0 || meta.getTotal_uncompressed_size() < 0) {
            throw ctx.corrupt(
                    WHAT,
                    "the column chunk declares a negative size (compressed "
                            + meta.getTotal_compressed_size()
                            + ", uncompressed "
                            + meta.getTotal_uncompressed_size()
                            + ")");
        }
    }

    private static void checkPlacement(ColumnMetaData meta, Region region, FileContext ctx)
            throws CorruptFileException {
        long start = meta.getData_page_offset();
        if (meta.isSetDictionary_page_offset()
                && meta.getDictionary_page_offset() >= ParquetMagic.MAGIC.length
                && meta.getDictionary_page_offset() < start) {
            start = meta.getDictionary_page_offset();
        }
        long size = meta.getTotal_compressed_size();
        long min = ParquetMagic.MAGIC.length;
        if (start < min || start > region.dataEnd() || size > region.dataEnd() - start) {
            throw ctx.corrupt(
                    WHAT,
                    "the column chunk's bytes ["
                            + start
                            + ", "
                            + (start + size)
                            + ") lie outside the file's data ["
                            + min
                            + ", "
                            + region.dataEnd()
                            + ")");
        }
    }

    private static Optional<FileRange> columnIndexRange(
            ColumnChunk chunk, Region region, FileContext ctx) {
        if (!chunk.isSetColumn_index_offset() || !chunk.isSetColumn_index_length()) {
            return Optional.empty();
        }
        return range(
                chunk.getColumn_index_offset(),
                chunk.getColumn_index_length(),
                region,
                "column index",
                ctx);
    }

    private static Optional<FileRange> offsetIndexRange(
            ColumnChunk chunk, Region region, FileContext ctx) {
        if (!chunk.isSetOffset_index_offset() || !chunk.isSetOffset_index_length()) {
            return Optional.empty();
        }
        return range(
                chunk.getOffset_index_offset(),
                chunk.getOffset_index_length(),
                region,
                "offset index",
                ctx);
    }

    /**
     * The range if it lies inside the file's data, else empty: an impossible index range makes the
     * index unusable, not the file unreadable (logged at DEBUG).
     */
    private static Optional<FileRange> range(
            long offset, long length, Region region, String what, FileContext ctx) {
        if (offset < ParquetMagic.MAGIC.length
                || length <= 0
                || offset > region.dataEnd() - length) {
            LOG.debug(
                    "Ignoring the {} at [{}, +{}): outside the file {}", what, offset, length, ctx);
            return Optional.empty();
        }
        return Optional.of(new FileRange(offset, length));
    }

    private static Optional<FileRange> bloomRange(
            ColumnMetaData meta, Region region, FileContext ctx) {
        if (!meta.isSetBloom_filter_offset()) {
            return Optional.empty();
        }
        if (meta.isSetBloom_filter_length()) {
            return range(
                    meta.getBloom_filter_offset(),
                    meta.getBloom_filter_length(),
                    region,
                    "bloom filter",
                    ctx);
        }
        long offset = meta.getBloom_filter_offset();
        if (offset < ParquetMagic.MAGIC.length || offset >= region.dataEnd()) {
            LOG.debug("Ignoring the bloom filter at {}: outside the file {}", offset, ctx);
            return Optional.empty();
        }
        return Optional.of(new FileRange(offset, -1));
    }

    /** One order per leaf, or empty when the footer has none or a list of the wrong size. */
    private static List<ColumnOrder> columnOrders(
            FileMetaData footer, int leaves, FileContext ctx) {
        List<ColumnOrder> orders = footer.getColumn_orders();
        if (orders == null) {
            return List.of();
        }
        if (orders.size() != leaves) {
            // Without a trustworthy order, statistics of order-dependent types count as untrusted.
            LOG.debug("Ignoring {} column orders for {} leaves {}", orders.size(), leaves, ctx);
            return List.of();
        }
        return Collections.unmodifiableList(new ArrayList<>(orders));
    }

    private static Map<String, String> keyValues(FileMetaData footer) {
        Map<String, String> map = new LinkedHashMap<>();
        if (footer.getKey_value_metadata() != null) {
            for (KeyValue kv : footer.getKey_value_metadata()) {
                if (kv != null && kv.getKey() != null) {
                    map.put(kv.getKey(), kv.getValue());
                }
            }
        }
        return Collections.unmodifiableMap(map);
    }
}
