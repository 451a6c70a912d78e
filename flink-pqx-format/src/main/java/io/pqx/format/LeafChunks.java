package io.pqx.format;

import io.pqx.format.error.FileContext;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.BloomFilterView;
import io.pqx.format.stats.BloomFilters;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;

/**
 * The column chunks of one open file, found by row group and leaf with the arguments checked, and
 * their bloom filters: what the reader (for its bloom filter source and page index reads) and the
 * inspector share. Not thread-safe beyond what its {@link InputFile} is.
 */
final class LeafChunks {
    private final InputFile file;
    private final FileMetadata metadata;
    private final FileContext ctx;

    LeafChunks(InputFile file, FileMetadata metadata) {
        this.file = file;
        this.metadata = metadata;
        this.ctx = FileContext.of(file.location());
    }

    InputFile file() {
        return file;
    }

    /**
     * The chunk of leaf {@code leafIndex} in row group {@code rowGroup}.
     *
     * @throws IllegalArgumentException for a row group or leaf the file does not have, naming the
     *     file
     */
    ColumnChunkMetadata chunk(int rowGroup, int leafIndex) {
        if (rowGroup < 0 || rowGroup >= metadata.rowGroups().size()) {
            throw new IllegalArgumentException(
                    "Cannot read row group "
                            + rowGroup
                            + ": the file has "
                            + metadata.rowGroups().size()
                            + " "
                            + ctx.suffix());
        }
        List<ColumnChunkMetadata> columns = metadata.rowGroups().get(rowGroup).columns();
        if (leafIndex < 0 || leafIndex >= columns.size()) {
            throw new IllegalArgumentException(
                    "Cannot read column "
                            + leafIndex
                            + ": the file has "
                            + columns.size()
                            + " leaf columns "
                            + ctx.suffix());
        }
        return columns.get(leafIndex);
    }

    /** "(file, row group n, column path)" for messages about {@code chunk}. */
    FileContext context(int rowGroup, ColumnChunkMetadata chunk) {
        return ctx.rowGroup(rowGroup).column(chunk.path());
    }

    /**
     * The bloom filter of a leaf's chunk, if the file has one of the kind the format defines; read
     * and validated on each call.
     */
    Optional<BloomFilterView> bloomFilter(int rowGroup, int leafIndex) throws IOException {
        ColumnChunkMetadata chunk = chunk(rowGroup, leafIndex);
        Optional<BloomFilter> filter = BloomFilters.read(file, chunk, context(rowGroup, chunk));
        if (filter.isEmpty()) {
            return Optional.empty();
        }
        ByteArrayOutputStream bitset = new ByteArrayOutputStream(filter.get().getBitsetSize());
        filter.get().writeTo(bitset);
        return Optional.of(BloomFilterView.ofBitset(bitset.toByteArray()));
    }
}
