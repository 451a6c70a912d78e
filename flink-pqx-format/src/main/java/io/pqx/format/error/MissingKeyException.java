package io.pqx.format.error;

import org.apache.flink.annotation.PublicEvolving;

/**
 * A Parquet file's footer or column is encrypted (Parquet modular encryption) and the read was
 * given no key for it, or a key retriever could not produce one, or the file needs an AAD prefix
 * the read did not supply. The message names the file, where known the row group and column, and
 * which key is missing; it never holds key bytes. A column's missing key refuses only reads that
 * need the column: projections without it read the file's other columns.
 */
@PublicEvolving
public class MissingKeyException extends UnsupportedFileException {
    private static final long serialVersionUID = 1L;

    public MissingKeyException(String message) {
        super(message);
    }

    public MissingKeyException(String message, Throwable cause) {
        super(message, cause);
    }
}
