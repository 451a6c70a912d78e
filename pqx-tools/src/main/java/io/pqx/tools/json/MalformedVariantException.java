package io.pqx.tools.json;

import io.pqx.format.error.CorruptFileException;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * The bytes of a VARIANT value (its value or its metadata) contradict the Variant encoding, so the
 * value cannot be rendered: no JSON is produced for it rather than a wrong one. Says what is wrong
 * ({@link #reason()}), where inside the value ({@link #variantPath()}, {@code $} for the value
 * itself, {@code $.a[2]} below it) and, once {@link JsonRowRenderer} knows it, the column.
 *
 * <p>Unchecked because {@link JsonRowRenderer} renders through a functional interface; {@code pqx
 * cat} turns it into a {@link CorruptFileException} naming the file and the row ({@link #inFile}).
 * Immutable.
 */
@Internal
public final class MalformedVariantException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    @Nullable private final String column;
    private final String path;
    private final String reason;

    MalformedVariantException(String reason) {
        this(null, "", reason, null);
    }

    MalformedVariantException(String reason, Throwable cause) {
        this(null, "", reason, cause);
    }

    private MalformedVariantException(
            @Nullable String column, String path, String reason, @Nullable Throwable cause) {
        super(message(column, path, reason), cause);
        this.column = column;
        this.path = path;
        this.reason = reason;
    }

    /** The same failure one level further out: {@code segment} is {@code .key} or {@code [i]}. */
    MalformedVariantException under(String segment) {
        return new MalformedVariantException(column, segment + path, reason, getCause());
    }

    /** The same failure, in the column {@code name}. */
    MalformedVariantException inColumn(String name) {
        return new MalformedVariantException(name, path, reason, getCause());
    }

    /**
     * The failure as a corrupt file: "Cannot render row n (counting from 0): malformed variant
     * value at $.a: reason (file, column c)".
     *
     * @param file the file's location
     * @param row the row's position in the file, from 0
     */
    public CorruptFileException inFile(String file, long row) {
        return new CorruptFileException(
                "Cannot render row "
                        + row
                        + " (counting from 0): malformed variant value at "
                        + variantPath()
                        + ": "
                        + reason
                        + " ("
                        + file
                        + (column == null ? "" : ", column " + column)
                        + ")",
                this);
    }

    /** What is wrong with the bytes. */
    public String reason() {
        return reason;
    }

    /** Where in the value: {@code $} for the value itself, e.g. {@code $.a[2]} below it. */
    public String variantPath() {
        return "$" + path;
    }

    /** The column (Parquet field name) the value is in, null when not known. */
    @Nullable
    public String column() {
        return column;
    }

    private static String message(@Nullable String column, String path, String reason) {
        return "Cannot render variant value at $"
                + path
                + ": "
                + reason
                + (column == null ? "" : " (column " + column + ")");
    }
}
