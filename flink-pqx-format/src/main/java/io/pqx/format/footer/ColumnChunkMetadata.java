package io.pqx.format.footer;

import io.pqx.format.crypto.ChunkDecryptor;
import io.pqx.format.error.FileContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.Encoding;

/**
 * A validated, typed view of one column chunk of a row group: its leaf in the schema, codec,
 * encodings, where its pages are, and where its indexes and bloom filter are.
 *
 * <p>Guarantees (checked by {@link FooterReader}): the chunk has metadata (decrypted, for a chunk
 * of an encrypted column whose key is known), its path and physical type match its schema leaf, and
 * {@code [startOffset(), startOffset() + totalCompressedSize())} lies between the head magic and
 * the footer. The index ranges returned are inside the file; an index whose recorded range is
 * impossible is reported as absent.
 *
 * <p>A dictionary page offset of 0, or one not before the first data page, is ignored (some writers
 * record 0 when there is no dictionary; parquet-testing {@code dict-page-offset-zero.parquet}); the
 * page reader then finds any dictionary page by reading page headers from {@link #startOffset()}.
 *
 * <p>An encrypted chunk has a {@link #decryptor()}. When its key is missing, its metadata is what
 * the file shows without the key (no statistics, page indexes or bloom filter: nothing to prune
 * with), and reading its pages is refused ({@link ChunkDecryptor#requireKey()}).
 *
 * <p>Immutable and thread-safe; {@link #thrift()} exposes the underlying struct, which callers must
 * not modify.
 */
@Internal
public final class ColumnChunkMetadata {
    private final ColumnChunk thrift;
    private final ChunkFacts facts;

    ColumnChunkMetadata(ColumnChunk thrift, ChunkFacts facts) {
        this.thrift = thrift;
        this.facts = facts;
    }

    /** The leaf's dotted path, e.g. {@code a.list.element}. */
    public String path() {
        return String.join(".", facts.descriptor().getPath());
    }

    /** The leaf column: path, physical type and Dremel levels. */
    public ColumnDescriptor descriptor() {
        return facts.descriptor();
    }

    /** The position of this leaf among the schema's leaves (and the row group's chunks). */
    public int leafIndex() {
        return facts.leafIndex();
    }

    /** "(file, row group n, column path)" for error messages about this chunk. */
    public FileContext context() {
        return facts.context();
    }

    /** The declared codec; null when the file names a codec id unknown to this version. */
    @Nullable
    public CompressionCodec codec() {
        return meta().getCodec();
    }

    /** Encodings used by the chunk's pages, as declared (unknown ids appear as null). */
    public List<Encoding> encodings() {
        List<Encoding> encodings = meta().getEncodings();
        return encodings == null
                ? List.of()
                : Collections.unmodifiableList(new ArrayList<>(encodings));
    }

    /** Offset of the first data page. */
    public long dataPageOffset() {
        return meta().getData_page_offset();
    }

    /** Offset of the dictionary page, when recorded and plausible (see class comment). */
    public OptionalLong dictionaryPageOffset() {
        ColumnMetaData meta = meta();
        if (meta.isSetDictionary_page_offset()
                && meta.getDictionary_page_offset() >= ParquetMagic.MAGIC.length
                && meta.getDictionary_page_offset() < meta.getData_page_offset()) {
            return OptionalLong.of(meta.getDictionary_page_offset());
        }
        return OptionalLong.empty();
    }

    /**
     * Where the chunk's first page starts: the dictionary page if valid, else the first data page.
     */
    public long startOffset() {
        return dictionaryPageOffset().orElse(dataPageOffset());
    }

    /** Bytes of the chunk in the file, page headers included. */
    public long totalCompressedSize() {
        return meta().getTotal_compressed_size();
    }

    /** Bytes of the chunk after decompression, page headers included. */
    public long totalUncompressedSize() {
        return meta().getTotal_uncompressed_size();
    }

    /** Number of values (including nulls) in the chunk. */
    public long numValues() {
        return meta().getNum_values();
    }

    /** The column index range, if the chunk has one. */
    public Optional<FileRange> columnIndex() {
        return facts.columnIndex();
    }

    /** The offset index range, if the chunk has one. */
    public Optional<FileRange> offsetIndex() {
        return facts.offsetIndex();
    }

    /** The bloom filter range, if any; its length is -1 when the footer does not record it. */
    public Optional<FileRange> bloomFilter() {
        return facts.bloomFilter();
    }

    /** The file's column order for this leaf, or null when the footer has none. */
    @Nullable
    public ColumnOrder columnOrder() {
        return facts.columnOrder();
    }

    /** The {@code created_by} of the file, which statistics trust depends on; null when absent. */
    @Nullable
    public String createdBy() {
        return facts.createdBy();
    }

    /**
     * How to decrypt the chunk's modules (pages, headers, indexes, bloom filter); null for a chunk
     * stored in plaintext.
     */
    @Nullable
    public ChunkDecryptor decryptor() {
        return facts.decryptor();
    }

    /** The Thrift struct this view reads. Do not modify. */
    public ColumnChunk thrift() {
        return thrift;
    }

    /** The chunk's metadata, decrypted where it was encrypted (always present after validation). */
    public ColumnMetaData meta() {
        return thrift.getMeta_data();
    }

    @Override
    public String toString() {
        return "ColumnChunkMetadata{"
                + path()
                + ", "
                + codec()
                + ", start="
                + startOffset()
                + ", size="
                + totalCompressedSize()
                + "}";
    }
}
