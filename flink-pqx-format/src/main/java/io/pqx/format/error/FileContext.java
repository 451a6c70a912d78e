package io.pqx.format.error;

import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Where in a Parquet file something went wrong: the file, and where known the row group and the
 * column path. It formats the parenthesised suffix of every pqx error message, "(file, row group n,
 * column a.b)", so that every exception names its place the same way.
 *
 * <p>Immutable; {@link #rowGroup(int)} and {@link #column(String)} return narrowed copies.
 */
@PublicEvolving
public final class FileContext {
    private final String file;
    private final int rowGroup;
    @Nullable private final String column;

    private FileContext(String file, int rowGroup, @Nullable String column) {
        this.file = file;
        this.rowGroup = rowGroup;
        this.column = column;
    }

    /** A context naming only the file. */
    public static FileContext of(String file) {
        return new FileContext(file, -1, null);
    }

    public FileContext rowGroup(int index) {
        return new FileContext(file, index, column);
    }

    public FileContext column(String path) {
        return new FileContext(file, rowGroup, path);
    }

    public String file() {
        return file;
    }

    /** "(file, row group n, column a.b)", leaving out the parts not known. */
    public String suffix() {
        StringBuilder sb = new StringBuilder("(").append(file);
        if (rowGroup >= 0) {
            sb.append(", row group ").append(rowGroup);
        }
        if (column != null) {
            sb.append(", column ").append(column);
        }
        return sb.append(')').toString();
    }

    /** A {@link CorruptFileException} saying "{what}: {reason} (file, ...)". */
    public CorruptFileException corrupt(String what, String reason) {
        return new CorruptFileException(what + ": " + reason + " " + suffix());
    }

    public CorruptFileException corrupt(String what, String reason, Throwable cause) {
        return new CorruptFileException(what + ": " + reason + " " + suffix(), cause);
    }

    /** An {@link UnsupportedFileException} saying "{what}: {reason} (file, ...)". */
    public UnsupportedFileException unsupported(String what, String reason) {
        return new UnsupportedFileException(what + ": " + reason + " " + suffix());
    }

    /**
     * A {@link DecryptionFailedException} saying "Cannot decrypt {module}: {reason} (file, ...)".
     */
    public DecryptionFailedException decryptionFailed(String module, String reason) {
        return new DecryptionFailedException(
                module, "Cannot decrypt " + module + ": " + reason + " " + suffix());
    }

    /** A {@link MissingKeyException} saying "{what}: {reason} (file, ...)". */
    public MissingKeyException missingKey(String what, String reason) {
        return new MissingKeyException(what + ": " + reason + " " + suffix());
    }

    /** A {@link MissingKeyException} saying "{what}: {reason} (file, ...)", with its cause. */
    public MissingKeyException missingKey(String what, String reason, Throwable cause) {
        return new MissingKeyException(what + ": " + reason + " " + suffix(), cause);
    }

    @Override
    public String toString() {
        return suffix();
    }
}
