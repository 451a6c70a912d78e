package io.pqx.format;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.index.ColumnIndexView;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.BloomFilterView;
import io.pqx.format.metadata.ChunkEncryption;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.PageChecksumCount;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.page.PageChecksums;
import io.pqx.format.stats.PageIndexes;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Looks inside one Parquet file without decoding its rows: the footer (validated, bounded), and per
 * column chunk its column index, offset index, bloom filter and how many pages carry a CRC-32. For
 * tools ({@code pqx meta}), planners that read footers once, and tests; reading rows is {@link
 * ParquetReader}'s job.
 *
 * <pre>{@code
 * try (InputFile in = FlinkInputFile.open(path)) {
 *     ParquetInspector inspector = ParquetInspector.read(in, ReadOptions.defaults());
 *     long rows = inspector.metadata().numRows();
 *     Optional<OffsetIndexView> pages = inspector.readOffsetIndex(0, 0);
 * }
 * }</pre>
 *
 * <p><b>Guarantees.</b> {@link #read} reads and validates the footer only: it does not map the
 * schema to Flink types, so it works for files {@link ParquetReader#open} refuses for a type with
 * no Flink counterpart. Every other method reads the few bytes it names (an index, a filter, the
 * page headers of one chunk, never a page body), validates them and reads them again on each call;
 * nothing is cached. A malformed index, filter or header is a {@link CorruptFileException} naming
 * file, row group and column; a row group or leaf the file does not have is an {@link
 * IllegalArgumentException}. The inspector never closes its {@link InputFile}: whoever opened it
 * does, after the inspector's last use. Not thread-safe: one inspector per thread, as its file.
 */
@PublicEvolving
public final class ParquetInspector {

    private final ParquetFooter footer;
    private final LeafChunks chunks;

    private ParquetInspector(InputFile file, ParquetFooter footer) {
        this.footer = footer;
        this.chunks = new LeafChunks(file, footer.internal());
    }

    /**
     * Reads and validates the footer of {@code file} (at most {@link ReadOptions#maxFooterBytes()}
     * bytes). Does not close {@code file}.
     *
     * @throws CorruptFileException for a malformed footer
     * @throws UnsupportedFileException for an encrypted file without its footer key ({@link
     *     ReadOptions#decryption()})
     */
    public static ParquetInspector read(InputFile file, ReadOptions options) throws IOException {
        FooterReader.Tail tail =
                FooterReader.readWithTail(file, options.maxFooterBytes(), options.decryption());
        return new ParquetInspector(
                TailBytes.serving(file, tail), ParquetFooter.of(tail.metadata()));
    }

    /**
     * Inspects the file {@code reader} reads, with the footer it was opened with (reading nothing
     * now). Valid while {@code reader} is open; it closes the file.
     */
    public static ParquetInspector of(ParquetReader reader) {
        Objects.requireNonNull(reader, "reader");
        return new ParquetInspector(reader.file(), reader.footer());
    }

    /** What the file's footer says (validated). */
    public FileMetadataView metadata() {
        return footer.metadata();
    }

    /**
     * The footer, to open the file with {@link ParquetReader#open(InputFile, ParquetFooter,
     * ReadOptions)} with no further footer read (a planner reads it once, readers open the file any
     * number of times); thread-safe, may outlive the inspector.
     */
    public ParquetFooter footer() {
        return footer;
    }

    /**
     * The column index of a leaf's chunk (per page bounds, null pages, null counts, boundary
     * order), if the file has one.
     *
     * @param leafIndex the leaf's position among the file schema's leaves
     * @throws CorruptFileException for a malformed index, naming file, row group and column
     */
    public Optional<ColumnIndexView> readColumnIndex(int rowGroup, int leafIndex)
            throws IOException {
        ColumnChunkMetadata chunk = chunks.chunk(rowGroup, leafIndex);
        if (chunk.columnIndex().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                PageIndexViews.columnIndex(
                        PageIndexes.readColumnIndex(
                                chunks.file(), chunk, chunks.context(rowGroup, chunk)),
                        chunk.descriptor().getPrimitiveType()));
    }

    /**
     * The offset index of a leaf's chunk (per page offset, size and first row), if the file has
     * one.
     *
     * @throws CorruptFileException for a malformed index, naming file, row group and column
     */
    public Optional<OffsetIndexView> readOffsetIndex(int rowGroup, int leafIndex)
            throws IOException {
        ColumnChunkMetadata chunk = chunks.chunk(rowGroup, leafIndex);
        if (chunk.offsetIndex().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                PageIndexViews.offsetIndex(
                        PageIndexes.readOffsetIndex(
                                chunks.file(), chunk, chunks.context(rowGroup, chunk))));
    }

    /**
     * The bloom filter of a leaf's chunk, if the file has one of the kind the format defines
     * (split-block, XXH64, uncompressed).
     *
     * @throws CorruptFileException when the filter's sizes contradict the file, naming file, row
     *     group and column
     */
    public Optional<BloomFilterView> readBloomFilter(int rowGroup, int leafIndex)
            throws IOException {
        return chunks.bloomFilter(rowGroup, leafIndex);
    }

    /**
     * Whether a leaf's chunk is encrypted and whether this read has its key (see {@link
     * ChunkEncryption} for what the footer shows of a chunk whose key is missing). Reads nothing.
     *
     * @param leafIndex the leaf's position among the file schema's leaves
     */
    public ChunkEncryption chunkEncryption(int rowGroup, int leafIndex) {
        ColumnChunkMetadata chunk = chunks.chunk(rowGroup, leafIndex);
        if (chunk.decryptor() == null) {
            return ChunkEncryption.PLAINTEXT;
        }
        return chunk.decryptor().hasKey() ? ChunkEncryption.KEY_GIVEN : ChunkEncryption.KEY_MISSING;
    }

    /**
     * How many pages of a leaf's chunk carry a CRC-32, from the page headers only (one small ranged
     * read per page; no page body is read, nothing decompressed, no CRC checked): whether a file's
     * pages can be verified.
     *
     * @throws CorruptFileException naming file, row group and column when a header cannot be parsed
     *     or a page runs past the chunk
     */
    public PageChecksumCount readPageChecksums(int rowGroup, int leafIndex) throws IOException {
        ColumnChunkMetadata chunk = chunks.chunk(rowGroup, leafIndex);
        if (chunk.decryptor() != null) {
            throw chunks.context(rowGroup, chunk)
                    .unsupported(
                            "Cannot count page checksums",
                            "the column is encrypted: its page headers are read only when its"
                                    + " pages are");
        }
        PageChecksums crcs =
                PageChecksums.of(
                        chunks.file(),
                        chunk.startOffset(),
                        chunk.totalCompressedSize(),
                        chunks.context(rowGroup, chunk));
        return new PageChecksumCount(crcs.pages(), crcs.withCrc());
    }
}
