package io.pqx.format.crypto;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.crypto.Mac;
import org.apache.flink.annotation.Internal;

/**
 * A short value that tells whether a writer continuing an encrypted file is set up exactly as the
 * writer of its prefix was (the same footer and column keys, algorithm, footer mode, AAD prefix and
 * columns), without telling anything of the keys: {@value #LENGTH} bytes of HMAC-SHA256 keyed with
 * a key derived from every key of the configuration, over its other settings and the file's AAD
 * file unique. A resume point keeps it, so a file is never continued with other keys (its finished
 * form would hold row groups no single set of keys reads).
 */
@Internal
public final class KeyCheck {
    /** Bytes of a key check. */
    public static final int LENGTH = 16;

    private static final byte[] DOMAIN =
            "pqx resume key check v1\0".getBytes(StandardCharsets.US_ASCII);

    private KeyCheck() {}

    /** The key check of a file written with {@code properties} under {@code aadFileUnique}. */
    public static byte[] of(FileEncryptionProperties properties, byte[] aadFileUnique) {
        byte[] key = SealingKeys.derive(properties);
        try {
            Mac mac = SealingKeys.hmac(key);
            mac.update(DOMAIN);
            SealingKeys.field(
                    mac, properties.algorithm().name().getBytes(StandardCharsets.US_ASCII));
            mac.update((byte) (properties.encryptedFooter() ? 1 : 0));
            SealingKeys.field(mac, properties.aadPrefix().orElse(new byte[0]));
            SealingKeys.field(mac, aadFileUnique);
            for (Map.Entry<String, FileEncryptionProperties.ColumnKey> column :
                    new TreeMap<>(properties.columns()).entrySet()) {
                SealingKeys.field(mac, column.getKey().getBytes(StandardCharsets.UTF_8));
                Optional<byte[]> own = column.getValue().key();
                mac.update((byte) (own.isPresent() ? 1 : 0));
                own.ifPresent(k -> Arrays.fill(k, (byte) 0));
            }
            return Arrays.copyOf(mac.doFinal(), LENGTH);
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }

    /** Whether {@code expected} is the key check of this configuration (constant time). */
    public static boolean matches(
            byte[] expected, FileEncryptionProperties properties, byte[] aadFileUnique) {
        return MessageDigest.isEqual(expected, of(properties, aadFileUnique));
    }
}
