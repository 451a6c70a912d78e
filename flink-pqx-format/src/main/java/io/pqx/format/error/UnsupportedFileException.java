package io.pqx.format.error;

import java.io.IOException;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A Parquet file is valid but uses a feature pqx does not support (an unknown or unavailable codec,
 * modular encryption, a type with no Flink equivalent). The message names the file, where known the
 * row group and column, and the feature.
 */
@PublicEvolving
public class UnsupportedFileException extends IOException {
    private static final long serialVersionUID = 1L;

    public UnsupportedFileException(String message) {
        super(message);
    }

    public UnsupportedFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
