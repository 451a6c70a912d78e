package io.pqx.format.crypto;

import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/** AES key lengths and the JDK's key object; package-private, stateless. */
final class AesKeys {
    private AesKeys() {}

    static boolean validLength(int bytes) {
        return bytes == 16 || bytes == 24 || bytes == 32;
    }

    static SecretKey of(byte[] key) {
        return new SecretKeySpec(key, "AES");
    }
}
