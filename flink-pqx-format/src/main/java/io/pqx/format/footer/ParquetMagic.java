package io.pqx.format.footer;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.flink.annotation.Internal;

/**
 * The four-byte magic numbers that frame a Parquet file: {@code PAR1} at the start and at the end
 * of every plain file, {@code PARE} at the end of a file whose footer is encrypted (Parquet modular
 * encryption), plus the size of the fixed tail ({@code footer length + magic}).
 *
 * <p>Used by {@link FooterReader}, {@link FooterWriter} and the file writer (which writes {@link
 * #MAGIC} first). Constants only; thread-safe.
 */
@Internal
public final class ParquetMagic {
    /** {@code "PAR1"}: starts and ends every unencrypted Parquet file. Do not modify. */
    public static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

    /** {@code "PARE"}: ends a file whose footer is encrypted. Do not modify. */
    public static final byte[] ENCRYPTED_MAGIC = "PARE".getBytes(StandardCharsets.US_ASCII);

    /** Bytes after the footer: 4-byte little-endian footer length, then the magic. */
    public static final int TAIL_LENGTH = 8;

    /** The smallest possible Parquet file: head magic, footer length and tail magic. */
    public static final int MIN_FILE_LENGTH = 12;

    private ParquetMagic() {}

    /** Whether {@code bytes[offset, offset + 4)} equals {@code magic}. */
    public static boolean matches(byte[] magic, byte[] bytes, int offset) {
        return offset >= 0
                && offset <= bytes.length - 4
                && Arrays.equals(magic, 0, 4, bytes, offset, offset + 4);
    }
}
