package io.pqx.format.footer;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.FileDecryptor;
import io.pqx.format.error.FileContext;
import java.io.IOException;
import javax.annotation.Nullable;
import org.apache.parquet.format.FileCryptoMetaData;
import org.apache.parquet.format.FileMetaData;

/**
 * The two footers of Parquet modular encryption. An encrypted footer (a file ending in {@code
 * PARE}) is a plaintext {@code FileCryptoMetaData} (algorithm, footer key metadata) followed by the
 * AES-GCM module of the {@code FileMetaData}; it is decrypted with the footer key. A plaintext
 * footer of an encrypted file (ending in {@code PAR1}, with an encryption algorithm) is followed by
 * its signature (nonce and tag), checked when the footer key is known. Stateless.
 */
final class EncryptedFooters {
    private static final String WHAT = FooterValidator.WHAT;

    private EncryptedFooters() {}

    /** A decrypted footer and the decryptor of its file. */
    record Decrypted(FileMetaData footer, FileDecryptor decryptor) {}

    /** Decrypts the encrypted footer of {@code length} bytes at {@code offset}. */
    static Decrypted decrypt(
            byte[] bytes,
            int offset,
            int length,
            @Nullable FileDecryptionProperties properties,
            FileContext ctx)
            throws IOException {
        FileCryptoMetaData crypto = new FileCryptoMetaData();
        int cryptoLength;
        try {
            cryptoLength = BoundedThrift.read(crypto, bytes, offset, length);
        } catch (IOException e) {
            throw ctx.corrupt(
                    WHAT,
                    "the encrypted footer's crypto metadata is not a valid Thrift FileCryptoMetaData: "
                            + e.getMessage());
        }
        if (crypto.getEncryption_algorithm() == null) {
            throw ctx.corrupt(WHAT, "the encrypted footer's crypto metadata names no algorithm");
        }
        FileDecryptor decryptor =
                FileDecryptor.of(
                        crypto.getEncryption_algorithm(),
                        crypto.getKey_metadata(),
                        properties,
                        ctx);
        byte[] plain = decryptor.decryptFooter(bytes, offset + cryptoLength, length - cryptoLength);
        FileMetaData footer = new FileMetaData();
        try {
            BoundedThrift.read(footer, plain, 0, plain.length);
        } catch (IOException e) {
            throw ctx.corrupt(
                    WHAT,
                    "the decrypted footer is not a valid Thrift FileMetaData: " + e.getMessage());
        }
        if (footer.isSetEncryption_algorithm()) {
            throw ctx.corrupt(
                    WHAT, "the decrypted footer declares an encryption algorithm of its own");
        }
        return new Decrypted(footer, decryptor);
    }

    /**
     * The decryptor of a file whose plaintext footer ({@code length} bytes at {@code offset}, the
     * signature included) declares an encryption algorithm, after checking its signature when the
     * footer key is known.
     */
    static FileDecryptor plaintext(
            FileMetaData footer,
            byte[] bytes,
            int offset,
            int length,
            @Nullable FileDecryptionProperties properties,
            FileContext ctx)
            throws IOException {
        FileDecryptor decryptor =
                FileDecryptor.of(
                        footer.getEncryption_algorithm(),
                        footer.getFooter_signing_key_metadata(),
                        properties,
                        ctx);
        decryptor.verifyFooterSignature(bytes, offset, length);
        return decryptor;
    }
}
