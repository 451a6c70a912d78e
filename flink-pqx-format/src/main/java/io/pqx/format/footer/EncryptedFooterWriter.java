package io.pqx.format.footer;

import io.pqx.format.crypto.ChunkEncryptor;
import io.pqx.format.crypto.FileEncryptor;
import io.pqx.format.crypto.ModuleType;
import io.pqx.format.io.PositionOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.transport.TIOStreamTransport;

/**
 * Writes the end of an encrypted file from its plaintext footer. Every encrypted column chunk gets
 * its {@code crypto_metadata}; its {@code ColumnMetaData} is encrypted into {@code
 * encrypted_column_metadata} (AAD: column metadata, row group, column) unless the footer is
 * encrypted with the column's own key, the footer key. Then:
 *
 * <ul>
 *   <li>encrypted footer: the {@code FileCryptoMetaData} (algorithm, footer key metadata), the
 *       AES-GCM module of the footer, their combined length and {@code PARE}; chunks encrypted with
 *       a column key keep no plaintext metadata;
 *   <li>plaintext footer: the footer with the algorithm and footer key metadata, its signature
 *       (nonce and tag), their combined length and {@code PAR1}; encrypted chunks keep a plaintext
 *       metadata copy without statistics or bloom filter location, for readers without keys.
 * </ul>
 *
 * The footer given is not changed. Stateless.
 */
@Internal
public final class EncryptedFooterWriter {
    private EncryptedFooterWriter() {}

    /** Appends the encrypted or signed footer, its length and the magic to {@code out}. */
    public static void write(PositionOutputStream out, FileMetaData plain, FileEncryptor encryptor)
            throws IOException {
        FileMetaData footer = plain.deepCopy();
        List<RowGroup> groups = footer.getRow_groups();
        for (int g = 0; g < groups.size(); g++) {
            List<ColumnChunk> chunks = groups.get(g).getColumns();
            for (int c = 0; c < chunks.size(); c++) {
                ChunkEncryptor column = encryptor.column(c);
                if (column != null) {
                    encryptChunk(chunks.get(c), column, g, encryptor.encryptedFooter());
                }
            }
        }
        long start = out.position();
        if (encryptor.encryptedFooter()) {
            Util.writeFileCryptoMetaData(encryptor.cryptoMetadata(), out);
            out.write(encryptor.encryptFooter(serialize(footer)));
            finish(out, start, ParquetMagic.ENCRYPTED_MAGIC);
        } else {
            footer.setEncryption_algorithm(encryptor.algorithm());
            byte[] metadata = encryptor.footerKeyMetadata();
            if (metadata != null) {
                footer.setFooter_signing_key_metadata(metadata);
            }
            byte[] bytes = serialize(footer);
            out.write(bytes);
            out.write(encryptor.signFooter(bytes));
            finish(out, start, ParquetMagic.MAGIC);
        }
    }

    private static void encryptChunk(
            ColumnChunk chunk, ChunkEncryptor column, int rowGroup, boolean encryptedFooter) {
        chunk.setCrypto_metadata(column.cryptoMetadata());
        if (encryptedFooter && column.withFooterKey()) {
            return; // the footer's own encryption covers it
        }
        ColumnMetaData meta = chunk.getMeta_data();
        chunk.setEncrypted_column_metadata(
                column.encrypt(ModuleType.COLUMN_META_DATA, rowGroup, 0, serialize(meta)));
        if (encryptedFooter) {
            chunk.unsetMeta_data();
        } else {
            ColumnMetaData stripped = meta.deepCopy();
            stripped.unsetStatistics();
            stripped.unsetSize_statistics();
            stripped.unsetGeospatial_statistics();
            stripped.unsetBloom_filter_offset();
            stripped.unsetBloom_filter_length();
            chunk.setMeta_data(stripped);
        }
    }

    private static void finish(PositionOutputStream out, long start, byte[] magic)
            throws IOException {
        long length = out.position() - start;
        if (length > Integer.MAX_VALUE) {
            throw new IOException(
                    "Cannot write footer: it encodes to " + length + " bytes, more than 2 GiB");
        }
        int n = (int) length;
        out.write(new byte[] {(byte) n, (byte) (n >>> 8), (byte) (n >>> 16), (byte) (n >>> 24)});
        out.write(magic);
    }

    private static byte[] serialize(FileMetaData footer) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Util.writeFileMetaData(footer, bytes);
        return bytes.toByteArray();
    }

    private static byte[] serialize(ColumnMetaData meta) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            meta.write(new TCompactProtocol(new TIOStreamTransport(bytes)));
        } catch (TException e) {
            throw new IllegalStateException("Cannot serialize column metadata", e);
        }
        return bytes.toByteArray();
    }
}
