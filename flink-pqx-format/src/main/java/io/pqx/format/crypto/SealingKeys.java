package io.pqx.format.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key a {@link BlockSealer} seals with: HMAC-SHA256 keyed with the footer key over a domain
 * label and every column's path and own key (in path order, each length-prefixed), truncated to the
 * footer key's length. HMAC is a pseudo-random function, so the result tells nothing of the keys it
 * came from, and nobody missing one of them can compute it. Package-private, stateless.
 */
final class SealingKeys {
    private static final byte[] DOMAIN =
            "pqx block sealing key v1\0".getBytes(StandardCharsets.US_ASCII);

    private SealingKeys() {}

    static byte[] derive(FileEncryptionProperties properties) {
        byte[] footerKey = properties.footerKey();
        try {
            Mac mac = hmac(footerKey);
            mac.update(DOMAIN);
            // Path order, so the same configuration always derives the same key.
            for (Map.Entry<String, FileEncryptionProperties.ColumnKey> column :
                    new TreeMap<>(properties.columns()).entrySet()) {
                Optional<byte[]> key = column.getValue().key();
                if (key.isEmpty()) {
                    continue; // encrypted with the footer key, which keys the HMAC already
                }
                field(mac, column.getKey().getBytes(StandardCharsets.UTF_8));
                field(mac, key.get());
                Arrays.fill(key.get(), (byte) 0);
            }
            byte[] full = mac.doFinal();
            byte[] derived = Arrays.copyOf(full, footerKey.length);
            Arrays.fill(full, (byte) 0);
            return derived;
        } finally {
            Arrays.fill(footerKey, (byte) 0);
        }
    }

    /** HMAC-SHA256 keyed with {@code key}. */
    static Mac hmac(byte[] key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            // HmacSHA256 is a provider every JDK must have; its absence is a broken runtime
            throw new IllegalStateException("The JDK offers no HmacSHA256", e);
        }
    }

    /**
     * Feeds {@code bytes} behind its length (4 bytes, big-endian), so fields cannot run together.
     */
    static void field(Mac mac, byte[] bytes) {
        mac.update(
                new byte[] {
                    (byte) (bytes.length >>> 24),
                    (byte) (bytes.length >>> 16),
                    (byte) (bytes.length >>> 8),
                    (byte) bytes.length
                });
        mac.update(bytes);
    }
}
