package io.pqx.format.encode;

import io.pqx.format.codec.Codecs;
import io.pqx.format.crypto.ChunkEncryptor;
import io.pqx.format.crypto.FileEncryptor;
import io.pqx.format.crypto.ModuleType;
import io.pqx.format.footer.EncryptedFooterWriter;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.FileRange;
import io.pqx.format.footer.FooterWriter;
import io.pqx.format.footer.ParquetMagic;
import io.pqx.format.footer.SchemaElements;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.page.PageEncryption;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.stats.BloomFilters;
import io.pqx.format.stats.EncryptedBloomFilters;
import io.pqx.format.stats.PageIndexes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SortingColumn;
import org.apache.parquet.format.TypeDefinedOrder;
import org.apache.parquet.format.Util;
import org.apache.parquet.internal.column.columnindex.OffsetIndexBuilder;

/**
 * Lays out a Parquet file on a {@link PositionOutputStream}: the leading magic, then each {@link
 * EncodedRowGroup}'s column chunks in leaf order (each row group followed by its bloom filters),
 * and at {@link #finish()} the column indexes, the offset indexes and the footer. It records every
 * absolute offset in the Thrift metadata as it goes; the footer carries the schema, row groups,
 * key-value metadata (with the Flink row type under {@link WriteOptions#FLINK_SCHEMA_KEY}), {@code
 * created_by} and a TYPE_ORDER column order per leaf. A file without rows has no row group.
 *
 * <p>A file can be continued by another assembler ({@link #resumed}) from the row groups, indexes
 * and rows of an earlier one ({@link #rowGroups()} and the like, taken when every group was
 * written): it writes no magic again, numbers its row groups on, and its footer names all of them.
 *
 * <p>With {@link WriteOptions#encryption()} set, the file is written with Parquet modular
 * encryption: the magic is {@code PARE} for an encrypted footer; each encrypted chunk's pages and
 * headers, bloom filter and page indexes are encrypted as they are placed (their AADs name the row
 * group's ordinal), and {@link EncryptedFooterWriter} encrypts or signs the footer. The metadata
 * kept here, and returned by {@link #finish()}, stays plaintext. A resumed file keeps its AAD file
 * unique ({@link #aadFileUnique()}); its keys come from the options again.
 *
 * <p>Called by one thread at a time, with happens-before between calls; not thread-safe.
 */
@Internal
public final class FileAssembler {
    private final PositionOutputStream out;
    private final ParquetSchema schema;
    private final WriteOptions options;
    private final String location;
    private final CompressionCodec codec;
    private final List<SortingColumn> sortingColumns;
    private final List<RowGroup> rowGroups = new ArrayList<>();
    private final List<List<ColumnIndex>> columnIndexes = new ArrayList<>();
    private final List<List<OffsetIndex>> offsetIndexes = new ArrayList<>();
    @Nullable private final FileEncryptor encryptor;
    @Nullable private PageEncryption pageEncryption;
    private long rows;
    private boolean started;

    /**
     * @throws IllegalArgumentException if {@code options.sortingColumns()} names a path that is not
     *     a leaf of {@code schema}
     */
    public FileAssembler(
            PositionOutputStream out, ParquetSchema schema, WriteOptions options, String location) {
        this(
                out,
                schema,
                options,
                location,
                options.encryption() == null
                        ? null
                        : FileEncryptor.create(options.encryption(), leafPaths(schema)));
    }

    private FileAssembler(
            PositionOutputStream out,
            ParquetSchema schema,
            WriteOptions options,
            String location,
            @Nullable FileEncryptor encryptor) {
        this.encryptor = encryptor;
        this.out = out;
        this.schema = schema;
        this.options = options;
        this.location = location;
        this.codec = Codecs.parquetName(options.codec()).getParquetCompressionCodec();
        this.sortingColumns = LeafPaths.sortingColumns(schema, options.sortingColumns());
    }

    /**
     * An assembler continuing a file whose prefix (the magic and the given row groups) is already
     * on {@code out}; it takes the lists given (Thrift, absolute offsets), not copies.
     *
     * @param aadFileUnique the AAD file unique of an encrypted file (its first writer's), null for
     *     a plaintext file
     * @throws IllegalArgumentException when the prefix was written encrypted and the options have
     *     no encryption, or the other way round
     */
    public static FileAssembler resumed(
            PositionOutputStream out,
            ParquetSchema schema,
            WriteOptions options,
            String location,
            List<RowGroup> rowGroups,
            List<List<ColumnIndex>> columnIndexes,
            List<List<OffsetIndex>> offsetIndexes,
            @Nullable byte[] aadFileUnique) {
        if ((aadFileUnique == null) != (options.encryption() == null)) {
            throw new IllegalArgumentException(
                    "Cannot resume writing "
                            + location
                            + ": its prefix was written "
                            + (aadFileUnique == null ? "without" : "with")
                            + " encryption, the write options have "
                            + (options.encryption() == null ? "none" : "encryption properties"));
        }
        FileEncryptor encryptor =
                aadFileUnique == null
                        ? null
                        : FileEncryptor.resumed(
                                options.encryption(), leafPaths(schema), aadFileUnique);
        FileAssembler assembler = new FileAssembler(out, schema, options, location, encryptor);
        assembler.rowGroups.addAll(rowGroups);
        assembler.columnIndexes.addAll(columnIndexes);
        assembler.offsetIndexes.addAll(offsetIndexes);
        for (RowGroup group : rowGroups) {
            assembler.rows += group.getNum_rows();
        }
        assembler.started = true;
        return assembler;
    }

    /**
     * Writes one row group's chunks and bloom filters, then flushes the stream: a row group leaves
     * no bytes in the writer's buffers, so a caller's stream can make it durable as it comes (the
     * sink's syncs on flush) rather than all at once at its next checkpoint.
     */
    public void writeRowGroup(EncodedRowGroup group) throws IOException {
        start();
        long groupStart = out.position();
        List<ColumnChunk> chunks = new ArrayList<>(group.chunks().size());
        List<ColumnIndex> groupColumnIndexes = new ArrayList<>();
        List<OffsetIndex> groupOffsetIndexes = new ArrayList<>();
        long uncompressed = 0;
        int ordinal = rowGroups.size();
        for (EncodedColumnChunk chunk : group.chunks()) {
            ChunkEncryptor column = encryptor == null ? null : encryptor.column(chunk.leafIndex());
            long chunkStart = out.position();
            var offsetIndex = chunk.offsetIndex();
            if (column == null) {
                chunk.dictionaryPage().writeTo(out);
                chunk.dataPages().writeTo(out);
                chunks.add(
                        ChunkMetadataBuilder.build(
                                chunk, chunkStart, codec, options.statisticsTruncateLength()));
            } else {
                PageEncryption.Placed placed =
                        pageEncryption()
                                .write(
                                        chunk.dictionaryPage(),
                                        chunk.dataPages(),
                                        offsetIndex,
                                        column,
                                        ordinal,
                                        out);
                offsetIndex = placed.offsetIndex();
                chunks.add(
                        ChunkMetadataBuilder.build(
                                chunk,
                                chunkStart,
                                placed.dictionaryPageSize(),
                                placed.dictionaryPageSize() + placed.dataPagesSize(),
                                codec,
                                options.statisticsTruncateLength()));
            }
            uncompressed += chunk.totalUncompressedSize();
            // Kept as Thrift from here on: what the footer's indexes and a resume point hold.
            groupColumnIndexes.add(
                    chunk.columnIndex() == null ? null : PageIndexes.toThrift(chunk.columnIndex()));
            groupOffsetIndexes.add(
                    offsetIndex == null
                            ? null
                            : PageIndexes.toThrift(
                                    OffsetIndexBuilder.getBuilder()
                                            .fromOffsetIndex(offsetIndex)
                                            .build(chunkStart)));
        }
        long compressed = out.position() - groupStart;
        writeBloomFilters(group, chunks);
        RowGroup rowGroup = new RowGroup(chunks, uncompressed, group.rowCount());
        rowGroup.setFile_offset(groupStart);
        rowGroup.setTotal_compressed_size(compressed);
        if (rowGroups.size() <= Short.MAX_VALUE) {
            rowGroup.setOrdinal((short) rowGroups.size());
        }
        if (!sortingColumns.isEmpty()) {
            rowGroup.setSorting_columns(new ArrayList<>(sortingColumns));
        }
        rowGroups.add(rowGroup);
        columnIndexes.add(groupColumnIndexes);
        offsetIndexes.add(groupOffsetIndexes);
        rows += group.rowCount();
        out.flush();
    }

    /**
     * What encrypts this file's pages as its chunks are placed (its buffers kept from chunk to
     * chunk); made at the first encrypted chunk.
     */
    private PageEncryption pageEncryption() {
        if (pageEncryption == null) {
            pageEncryption = new PageEncryption();
        }
        return pageEncryption;
    }

    private void writeBloomFilters(EncodedRowGroup group, List<ColumnChunk> chunks)
            throws IOException {
        for (int i = 0; i < chunks.size(); i++) {
            var filter = group.chunks().get(i).bloomFilter();
            if (filter != null) {
                ChunkEncryptor column =
                        encryptor == null
                                ? null
                                : encryptor.column(group.chunks().get(i).leafIndex());
                FileRange range =
                        column == null
                                ? BloomFilters.write(out, filter)
                                : EncryptedBloomFilters.write(
                                        out, filter, column, rowGroups.size());
                chunks.get(i).getMeta_data().setBloom_filter_offset(range.offset());
                chunks.get(i).getMeta_data().setBloom_filter_length((int) range.length());
            }
        }
    }

    /** The AAD file unique of an encrypted file, copied; null for a plaintext file. */
    @Nullable
    public byte[] aadFileUnique() {
        return encryptor == null ? null : encryptor.aadFileUnique();
    }

    /** Rows in the row groups written so far. */
    public long rowCount() {
        return rows;
    }

    /** Writes the leading magic if nothing was written yet: a prefix a writer may continue. */
    public void startFile() throws IOException {
        start();
    }

    /** Deep copies of the row groups written so far (before {@link #finish()}). */
    public List<RowGroup> rowGroups() {
        List<RowGroup> copies = new ArrayList<>(rowGroups.size());
        for (RowGroup group : rowGroups) {
            copies.add(group.deepCopy());
        }
        return copies;
    }

    /** Per row group written, per column, its column index (Thrift) or null. */
    public List<List<ColumnIndex>> columnIndexes() {
        return List.copyOf(columnIndexes.stream().map(FileAssembler::copyOf).toList());
    }

    /** Per row group written, per column, its offset index (Thrift, absolute) or null. */
    public List<List<OffsetIndex>> offsetIndexes() {
        return List.copyOf(offsetIndexes.stream().map(FileAssembler::copyOf).toList());
    }

    /** An unmodifiable copy that keeps the nulls ({@link List#copyOf} refuses them). */
    private static <T> List<T> copyOf(List<T> list) {
        return Collections.unmodifiableList(new ArrayList<>(list));
    }

    /**
     * Writes the page indexes and the footer; returns the validated metadata of the file. Does not
     * close the stream.
     */
    public FileMetadata finish() throws IOException {
        start();
        writeColumnIndexes();
        writeOffsetIndexes();
        FileMetaData footer = footer();
        long footerStart = out.position();
        if (encryptor == null) {
            FooterWriter.write(out, footer);
        } else {
            EncryptedFooterWriter.write(out, footer, encryptor);
        }
        out.flush();
        return FileMetadata.fromThrift(footer, location, footerStart, out.position());
    }

    private void start() throws IOException {
        if (!started) {
            out.write(
                    encryptor != null && encryptor.encryptedFooter()
                            ? ParquetMagic.ENCRYPTED_MAGIC
                            : ParquetMagic.MAGIC);
            started = true;
        }
    }

    private void writeColumnIndexes() throws IOException {
        for (int g = 0; g < rowGroups.size(); g++) {
            List<ColumnChunk> chunks = rowGroups.get(g).getColumns();
            for (int c = 0; c < chunks.size(); c++) {
                ColumnIndex index = columnIndexes.get(g).get(c);
                if (index != null) {
                    long offset = out.position();
                    ChunkEncryptor column = encryptor == null ? null : encryptor.column(c);
                    if (column == null) {
                        Util.writeColumnIndex(index, out);
                    } else {
                        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                        Util.writeColumnIndex(index, bytes);
                        out.write(
                                column.encrypt(ModuleType.COLUMN_INDEX, g, 0, bytes.toByteArray()));
                    }
                    chunks.get(c).setColumn_index_offset(offset);
                    chunks.get(c).setColumn_index_length(Math.toIntExact(out.position() - offset));
                }
            }
        }
    }

    private void writeOffsetIndexes() throws IOException {
        for (int g = 0; g < rowGroups.size(); g++) {
            List<ColumnChunk> chunks = rowGroups.get(g).getColumns();
            for (int c = 0; c < chunks.size(); c++) {
                OffsetIndex index = offsetIndexes.get(g).get(c);
                if (index != null) {
                    long offset = out.position();
                    ChunkEncryptor column = encryptor == null ? null : encryptor.column(c);
                    if (column == null) {
                        Util.writeOffsetIndex(index, out);
                    } else {
                        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                        Util.writeOffsetIndex(index, bytes);
                        out.write(
                                column.encrypt(ModuleType.OFFSET_INDEX, g, 0, bytes.toByteArray()));
                    }
                    chunks.get(c).setOffset_index_offset(offset);
                    chunks.get(c).setOffset_index_length(Math.toIntExact(out.position() - offset));
                }
            }
        }
    }

    private static List<List<String>> leafPaths(ParquetSchema schema) {
        return schema.messageType().getColumns().stream()
                .map(c -> Arrays.asList(c.getPath()))
                .toList();
    }

    private FileMetaData footer() {
        FileMetaData footer =
                new FileMetaData(
                        options.pageVersion() == PageVersion.V1 ? 1 : 2,
                        SchemaElements.toThrift(schema.messageType()),
                        rows,
                        rowGroups);
        // Sorted, so the footer bytes do not depend on a map's iteration order.
        Map<String, String> keyValues = new TreeMap<>(options.keyValueMetadata());
        keyValues.put(WriteOptions.FLINK_SCHEMA_KEY, schema.rowType().asSerializableString());
        for (Map.Entry<String, String> e : keyValues.entrySet()) {
            footer.addToKey_value_metadata(new KeyValue(e.getKey()).setValue(e.getValue()));
        }
        footer.setCreated_by(options.createdBy());
        List<ColumnOrder> orders = new ArrayList<>();
        for (int i = 0; i < schema.leaves().size(); i++) {
            orders.add(ColumnOrder.TYPE_ORDER(new TypeDefinedOrder()));
        }
        footer.setColumn_orders(orders);
        return footer;
    }
}
