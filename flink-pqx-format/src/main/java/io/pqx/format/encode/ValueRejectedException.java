package io.pqx.format.encode;

/**
 * Thrown by a shredder when a value cannot be written to its column (a null in a NOT NULL column, a
 * decimal that does not fit, ...). It carries the column path and the reason only: {@link
 * RowGroupBuffer} undoes the partly shredded row and turns it into the user-facing
 * IllegalArgumentException that also names the row and the file.
 */
final class ValueRejectedException extends RuntimeException {
    private final String path;
    private final String reason;

    ValueRejectedException(String path, String reason) {
        super("column " + path + " " + reason, null, false, false);
        this.path = path;
        this.reason = reason;
    }

    static ValueRejectedException notNull(String path) {
        return new ValueRejectedException(path, "is NOT NULL but the value is null");
    }

    String path() {
        return path;
    }

    /** The reason, phrased to follow "column &lt;path&gt; ". */
    String reason() {
        return reason;
    }
}
