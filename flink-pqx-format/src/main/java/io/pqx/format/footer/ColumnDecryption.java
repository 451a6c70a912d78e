package io.pqx.format.footer;

import io.pqx.format.crypto.ChunkDecryptor;
import io.pqx.format.crypto.FileDecryptor;
import io.pqx.format.crypto.ModuleType;
import io.pqx.format.error.FileContext;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;

/**
 * Makes an encrypted column chunk's metadata readable before the footer's checks see it: with the
 * chunk's key, its encrypted {@code ColumnMetaData} is decrypted (AAD: column metadata, row group,
 * column) and takes the place of any plaintext copy; without the key, the chunk keeps only what a
 * reader may use without it (the plaintext copy with its statistics and bloom filter removed, or
 * the schema's type and path when there is none) and loses its page index ranges, so no pruning
 * trusts evidence it cannot authenticate and no read finds its pages. Stateless.
 */
final class ColumnDecryption {
    private static final String WHAT = FooterValidator.WHAT;

    private ColumnDecryption() {}

    /**
     * Decrypts (or strips) {@code chunk}'s metadata in place, and returns its decryptor.
     *
     * @param decryptor the file's; null when the file declares no encryption (then an encrypted
     *     chunk is corrupt)
     */
    static ChunkDecryptor open(
            @Nullable FileDecryptor decryptor,
            ColumnChunk chunk,
            int rowGroupOrdinal,
            int leaf,
            ColumnDescriptor descriptor,
            long rows,
            FileContext ctx)
            throws IOException {
        if (decryptor == null) {
            throw ctx.corrupt(
                    WHAT,
                    "the column chunk is encrypted, but the file declares no encryption"
                            + " algorithm");
        }
        if (!chunk.isSetCrypto_metadata()) {
            throw ctx.corrupt(
                    WHAT, "the column chunk has encrypted metadata but no crypto metadata");
        }
        List<String> path = Arrays.asList(descriptor.getPath());
        ChunkDecryptor chunkDecryptor =
                decryptor.chunk(chunk.getCrypto_metadata(), rowGroupOrdinal, leaf, path, ctx);
        if (chunkDecryptor.hasKey()) {
            if (chunk.isSetEncrypted_column_metadata()) {
                byte[] encrypted = chunk.getEncrypted_column_metadata();
                byte[] plain =
                        chunkDecryptor.decrypt(
                                ModuleType.COLUMN_META_DATA, 0, encrypted, 0, encrypted.length);
                ColumnMetaData meta = new ColumnMetaData();
                try {
                    BoundedThrift.read(meta, plain, 0, plain.length);
                } catch (IOException e) {
                    throw ctx.corrupt(
                            WHAT,
                            "the decrypted column metadata is not a valid Thrift ColumnMetaData: "
                                    + e.getMessage());
                }
                chunk.setMeta_data(meta);
            }
            // else: encrypted with the footer key inside an encrypted footer, already readable
        } else {
            chunk.setMeta_data(withoutKey(chunk.getMeta_data(), descriptor, path, rows));
            chunk.unsetColumn_index_offset();
            chunk.unsetColumn_index_length();
            chunk.unsetOffset_index_offset();
            chunk.unsetOffset_index_length();
        }
        return chunkDecryptor;
    }

    /**
     * What of a chunk's metadata a reader without its key may use. Without a plaintext copy, the
     * value count is the row group's row count: a chunk holds at least one value (or null) per row,
     * and a count of 0 would tell the pruners the column holds nothing, so that any predicate on it
     * could skip the row group.
     */
    private static ColumnMetaData withoutKey(
            @Nullable ColumnMetaData plaintext,
            ColumnDescriptor descriptor,
            List<String> path,
            long rows) {
        if (plaintext != null) {
            ColumnMetaData copy = plaintext.deepCopy();
            copy.unsetStatistics();
            copy.unsetSize_statistics();
            copy.unsetGeospatial_statistics();
            copy.unsetBloom_filter_offset();
            copy.unsetBloom_filter_length();
            return copy;
        }
        // No bytes: nothing will be read (the decryptor refuses). Values unknown, so claimed as
        // one per row: 0 would tell the statistics pruner the chunk holds no value, and it would
        // skip row groups (rows lost without a word) that only the missing key could judge.
        return new ColumnMetaData(
                PhysicalTypes.toThrift(descriptor.getPrimitiveType().getPrimitiveTypeName()),
                List.of(),
                path,
                CompressionCodec.UNCOMPRESSED,
                rows,
                0,
                0,
                0);
    }
}
