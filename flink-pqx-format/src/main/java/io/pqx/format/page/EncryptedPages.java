package io.pqx.format.page;

import io.pqx.format.crypto.ChunkDecryptor;
import io.pqx.format.crypto.ModuleType;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.MissingKeyException;
import io.pqx.format.footer.BoundedThrift;
import io.pqx.format.footer.ColumnChunkMetadata;
import java.io.IOException;
import java.util.zip.CRC32;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;

/**
 * The pages of an encrypted column chunk, for the page readers: each page header is an AES-GCM
 * module (decrypted, then parsed), each page body a module the header's {@code
 * compressed_page_size} spans (decrypted only when the page is used, so a skipped page costs
 * nothing). The header handed on describes the plaintext body ({@code compressed_page_size} less
 * the encryption's bytes, no CRC): what follows (size checks, decompression, decoding) is the
 * plaintext path unchanged. A page's CRC covers its bytes as stored, so it is checked here, on the
 * encrypted bytes, before decrypting.
 *
 * <p>The AADs bind a data page and its header to the page's ordinal among the chunk's data pages;
 * the chunk's first header may be a dictionary page header (tried first when the footer records a
 * dictionary page). Immutable; one per column chunk read.
 */
@Internal
public final class EncryptedPages {
    private final ChunkDecryptor decryptor;
    private final long chunkStart;
    private final boolean dictionaryFirst;

    private EncryptedPages(ChunkDecryptor decryptor, long chunkStart, boolean dictionaryFirst) {
        this.decryptor = decryptor;
        this.chunkStart = chunkStart;
        this.dictionaryFirst = dictionaryFirst;
    }

    /**
     * The encrypted pages of {@code chunk}, or null for a plaintext chunk.
     *
     * @throws MissingKeyException when the chunk is encrypted and its key is missing
     */
    @Nullable
    public static EncryptedPages of(ColumnChunkMetadata chunk) throws MissingKeyException {
        ChunkDecryptor decryptor = chunk.decryptor();
        if (decryptor == null) {
            return null;
        }
        decryptor.requireKey();
        return new EncryptedPages(
                decryptor, chunk.startOffset(), chunk.dictionaryPageOffset().isPresent());
    }

    /**
     * A decrypted page header.
     *
     * @param plain the header of the plaintext body
     * @param length the header module's bytes in the file
     * @param storedLength the body module's bytes in the file
     * @param crc the stored CRC of the body as stored, or null
     */
    record Header(PageHeader plain, int length, int storedLength, @Nullable Integer crc) {}

    /**
     * Decrypts and parses the page header at {@code start}, at {@code fileOffset} in the file.
     *
     * @param ordinal the data page ordinal the header has if it is a data page header
     */
    Header header(
            byte[] buf, int start, int available, long fileOffset, int ordinal, FileContext ctx)
            throws IOException {
        boolean atStart = fileOffset == chunkStart;
        ChunkDecryptor.HeaderModule module =
                decryptor.pageHeader(
                        buf, start, available, ordinal, atStart && dictionaryFirst, atStart);
        PageHeader header = new PageHeader();
        try {
            BoundedThrift.read(header, module.plaintext(), 0, module.plaintext().length);
        } catch (IOException | RuntimeException e) {
            throw ctx.corrupt(
                    "Cannot read page header",
                    "the decrypted header at offset "
                            + fileOffset
                            + " is invalid: "
                            + PageInflater.reason(e),
                    e);
        }
        ModuleType body =
                header.getType() == PageType.DICTIONARY_PAGE
                        ? ModuleType.DICTIONARY_PAGE
                        : ModuleType.DATA_PAGE;
        int stored = header.getCompressed_page_size();
        int overhead = decryptor.overhead(body);
        int left = available - module.moduleLength();
        if (stored < overhead || stored > left) {
            throw ctx.corrupt(
                    "Cannot read page header",
                    "the header at offset "
                            + fileOffset
                            + " declares an encrypted page of "
                            + stored
                            + " bytes, where "
                            + left
                            + " bytes are left and its encryption alone takes "
                            + overhead);
        }
        Integer crc = header.isSetCrc() ? header.getCrc() : null;
        // the header was parsed here and nothing else holds it: it becomes the plaintext's
        header.setCompressed_page_size(stored - overhead);
        header.unsetCrc();
        return new Header(header, module.moduleLength(), stored, crc);
    }

    /**
     * The plaintext body of the page whose header is {@code header}, stored at {@code off}, its CRC
     * checked first when {@code verifyChecksums}.
     */
    byte[] body(
            Header header,
            byte[] buf,
            int off,
            int ordinal,
            boolean verifyChecksums,
            FileContext ctx,
            String what)
            throws IOException {
        if (verifyChecksums && header.crc() != null) {
            CRC32 crc = new CRC32();
            crc.update(buf, off, header.storedLength());
            int actual = (int) crc.getValue();
            if (actual != header.crc()) {
                throw ctx.corrupt(
                        what,
                        String.format(
                                "CRC-32 mismatch: header says %08x, page bytes give %08x",
                                header.crc(), actual));
            }
        }
        ModuleType type =
                header.plain().getType() == PageType.DICTIONARY_PAGE
                        ? ModuleType.DICTIONARY_PAGE
                        : ModuleType.DATA_PAGE;
        return decryptor.decrypt(type, ordinal, buf, off, header.storedLength());
    }
}
