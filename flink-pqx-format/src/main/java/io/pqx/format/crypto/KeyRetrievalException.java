package io.pqx.format.crypto;

import org.apache.flink.annotation.PublicEvolving;

/**
 * A {@link DecryptionKeyRetriever} could not produce the key some key metadata names. pqx reports
 * it as a {@link io.pqx.format.error.MissingKeyException} naming the file and the footer or column
 * whose key is missing, with this exception as its cause. Do not put key bytes in its message.
 */
@PublicEvolving
public class KeyRetrievalException extends Exception {
    private static final long serialVersionUID = 1L;

    public KeyRetrievalException(String message) {
        super(message);
    }

    public KeyRetrievalException(String message, Throwable cause) {
        super(message, cause);
    }
}
