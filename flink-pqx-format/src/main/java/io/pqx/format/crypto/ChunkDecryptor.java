package io.pqx.format.crypto;

import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.MissingKeyException;
import javax.annotation.Nullable;
import javax.crypto.SecretKey;
import org.apache.flink.annotation.Internal;

/**
 * Decrypts the modules of one encrypted column chunk (page headers and pages, dictionary page and
 * its header, column and offset index, bloom filter header and bitset) under their AADs: the file's
 * AAD, the module type and the chunk's row group and column ordinals (and the page ordinal of a
 * data page). Page bodies are AES-CTR under {@code AES_GCM_CTR_V1}, every other module AES-GCM.
 *
 * <p>A chunk whose key is missing (none given, none retrieved) has a decryptor without a key: its
 * page indexes and bloom filter count as absent, and reading its pages is refused by {@link
 * #requireKey} with a {@link MissingKeyException} naming the column.
 *
 * <p>Immutable and thread-safe; its key never leaves it ({@link #toString()} says only whether it
 * has one).
 */
@Internal
public final class ChunkDecryptor {
    private final FileContext ctx;
    @Nullable private final SecretKey key;
    private final byte[] fileAad;
    private final int rowGroup;
    private final int column;
    private final boolean ctrPages;
    private final String missing;
    @Nullable private final Throwable missingCause;

    private ChunkDecryptor(
            FileContext ctx,
            @Nullable SecretKey key,
            byte[] fileAad,
            int rowGroup,
            int column,
            boolean ctrPages,
            String missing,
            @Nullable Throwable missingCause) {
        this.ctx = ctx;
        this.key = key;
        this.fileAad = fileAad;
        this.rowGroup = rowGroup;
        this.column = column;
        this.ctrPages = ctrPages;
        this.missing = missing;
        this.missingCause = missingCause;
    }

    static ChunkDecryptor withKey(
            FileContext ctx,
            SecretKey key,
            byte[] fileAad,
            int rowGroup,
            int column,
            boolean ctrPages) {
        return new ChunkDecryptor(ctx, key, fileAad, rowGroup, column, ctrPages, "", null);
    }

    static ChunkDecryptor withoutKey(
            FileContext ctx, String why, @Nullable Throwable cause, int rowGroup, int column) {
        return new ChunkDecryptor(ctx, null, new byte[0], rowGroup, column, false, why, cause);
    }

    /** Whether the chunk's key is known: its modules can be decrypted. */
    public boolean hasKey() {
        return key != null;
    }

    /**
     * @throws MissingKeyException naming the column and why its key is missing, when it is
     */
    public void requireKey() throws MissingKeyException {
        if (key == null) {
            String what = "Cannot read encrypted column";
            throw missingCause == null
                    ? ctx.missingKey(what, missing)
                    : ctx.missingKey(what, missing, missingCause);
        }
    }

    /**
     * The length of the module at {@code off} (its 4-byte length field included), from its length
     * field, checked against the {@code available} bytes: for a module whose extent the file does
     * not record elsewhere (a page header, a bloom filter header).
     */
    public int moduleLength(byte[] buf, int off, int available, ModuleType type)
            throws DecryptionFailedException {
        return ModuleCipher.moduleLength(buf, off, available, overhead(type), ctx, type.label());
    }

    /** The bytes a module of this type adds to its plaintext (length field, nonce, tag). */
    public int overhead(ModuleType type) {
        return isCtr(type) ? ModuleCipher.CTR_OVERHEAD : ModuleCipher.GCM_OVERHEAD;
    }

    /**
     * The plaintext of the module of exactly {@code length} bytes at {@code off}.
     *
     * @param page the data page ordinal (counted from 0 in the chunk), for data pages and their
     *     headers; ignored otherwise
     * @throws DecryptionFailedException when it does not authenticate, naming the module
     * @throws MissingKeyException when the chunk's key is missing
     */
    public byte[] decrypt(ModuleType type, int page, byte[] buf, int off, int length)
            throws DecryptionFailedException, MissingKeyException {
        requireKey();
        if (!ModuleAad.fits(rowGroup) || !ModuleAad.fits(column) || !ModuleAad.fits(page)) {
            throw ctx.decryptionFailed(
                    type.label(),
                    "its ordinals (row group "
                            + rowGroup
                            + ", column "
                            + column
                            + ", page "
                            + page
                            + ") exceed the 32767 the format allows in encrypted files");
        }
        int named = type.hasPageOrdinal() ? page : ModuleCipher.NO_PAGE;
        if (isCtr(type)) {
            return ModuleCipher.ctr(key, buf, off, length, ctx, type.label(), named);
        }
        byte[] aad = ModuleCipher.aadScratch(ModuleAad.length(fileAad, type));
        int aadLength = ModuleAad.write(fileAad, type, rowGroup, column, page, aad);
        return ModuleCipher.gcm(key, buf, off, length, aad, aadLength, ctx, type.label(), named);
    }

    /**
     * The plaintext of the page header module at {@code off} and its length, trying the data page
     * header's AAD (with {@code page}) or the dictionary page header's, {@code dictionaryFirst}
     * first; the other only when {@code eitherKind} (the chunk's first header, which may be
     * either).
     */
    public HeaderModule pageHeader(
            byte[] buf,
            int off,
            int available,
            int page,
            boolean dictionaryFirst,
            boolean eitherKind)
            throws DecryptionFailedException, MissingKeyException {
        requireKey();
        ModuleType first =
                dictionaryFirst ? ModuleType.DICTIONARY_PAGE_HEADER : ModuleType.DATA_PAGE_HEADER;
        int length = moduleLength(buf, off, available, first);
        try {
            return new HeaderModule(decrypt(first, page, buf, off, length), length);
        } catch (DecryptionFailedException e) {
            if (!eitherKind) {
                throw e;
            }
            ModuleType second =
                    dictionaryFirst
                            ? ModuleType.DATA_PAGE_HEADER
                            : ModuleType.DICTIONARY_PAGE_HEADER;
            try {
                return new HeaderModule(decrypt(second, page, buf, off, length), length);
            } catch (DecryptionFailedException again) {
                throw e;
            }
        }
    }

    /** A decrypted page header: its plaintext Thrift bytes, and the module's length in the file. */
    public record HeaderModule(byte[] plaintext, int moduleLength) {}

    private boolean isCtr(ModuleType type) {
        return ctrPages && (type == ModuleType.DATA_PAGE || type == ModuleType.DICTIONARY_PAGE);
    }

    @Override
    public String toString() {
        return "ChunkDecryptor{" + ctx + ", key " + (key == null ? "missing" : "known") + "}";
    }
}
