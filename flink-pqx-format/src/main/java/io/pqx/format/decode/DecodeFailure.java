package io.pqx.format.decode;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import java.io.IOException;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Turns whatever escapes parquet-column while decoding a column chunk (its
 * ParquetDecodingException, an index or argument error on bad bytes, an EOF, or the page reader's
 * own unchecked wrapper) into the {@link CorruptFileException} pqx promises: "Cannot decode page k:
 * reason (file, row group n, column a.b)". A pqx exception found in the cause chain is rethrown as
 * it is.
 */
final class DecodeFailure {
    private static final int MAX_REASON = 400;

    private DecodeFailure() {}

    /**
     * @param pageOrdinal the data page being decoded, or -1 while the dictionary page was decoded
     */
    static IOException of(FileContext ctx, int pageOrdinal, RuntimeException e) {
        String what =
                pageOrdinal < 0
                        ? "Cannot decode dictionary page"
                        : "Cannot decode page " + pageOrdinal;
        if (e instanceof DecodeRefusal) {
            return ctx.corrupt(what, e.getMessage());
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CorruptFileException || t instanceof UnsupportedFileException) {
                return (IOException) t;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return ctx.corrupt(what, reason(e), e);
    }

    /** The exception's message, with its root cause's when that says more. */
    static String reason(Throwable e) {
        String reason = describe(e);
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root != e) {
            reason = reason + ": " + describe(root);
        }
        return reason.length() <= MAX_REASON ? reason : reason.substring(0, MAX_REASON) + "...";
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        String name = e.getClass().getSimpleName();
        if (message == null || message.isBlank()) {
            return name;
        }
        return e instanceof ParquetDecodingException ? message : name + ": " + message;
    }
}
