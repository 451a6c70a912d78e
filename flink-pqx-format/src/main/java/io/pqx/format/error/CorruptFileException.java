package io.pqx.format.error;

import java.io.IOException;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A Parquet file is malformed: its bytes contradict the format or themselves (bad magic, a length
 * pointing outside the file, an undecodable page, a schema that does not add up).
 *
 * <p>The message always names the file and, where known, the row group and column, following the
 * grammar "Cannot &lt;verb&gt; &lt;object&gt;: &lt;reason&gt; (&lt;file&gt;, row group n, column
 * a.b)". Use {@link FileContext} to build it so every call site says the same things the same way.
 */
@PublicEvolving
public class CorruptFileException extends IOException {
    private static final long serialVersionUID = 1L;

    public CorruptFileException(String message) {
        super(message);
    }

    public CorruptFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
