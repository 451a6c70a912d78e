package io.pqx.format;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Bytes at the end of one Parquet file, {@code [start(), fileLength())}, as a footer read fetched
 * them: the footer with its length and magic, and, when the read covered them, the page indexes and
 * bloom filters writers put just before it. {@link ParquetReader#open(io.pqx.format.io.InputFile,
 * ParquetTail, io.pqx.format.options.ReadOptions)} opens the same file from them without asking it
 * for its footer (the source's enumerator ships them to the reader of a file's split).
 *
 * <p>A tail is only bytes: nothing in it is trusted. Opening from it decodes and validates the
 * footer as a footer read from the file is, and refuses a tail that does not end where the file
 * ends. It does not tell which version of a file it came from: callers key it by what identifies
 * the version (the source: path, length and modification time).
 *
 * <p>Immutable: the bytes are never modified after construction, by this class or its callers.
 */
@PublicEvolving
public final class ParquetTail {
    private final long start;
    private final byte[] bytes;

    private ParquetTail(long start, byte[] bytes) {
        if (start < 0) {
            throw new IllegalArgumentException("a file's tail cannot start at " + start);
        }
        this.start = start;
        this.bytes = bytes;
    }

    /**
     * The file's bytes {@code [start, start + bytes.length)}, which must be its last bytes. Takes
     * {@code bytes} over: the caller does not modify them afterwards (a deserializer's fresh
     * array).
     */
    public static ParquetTail of(long start, byte[] bytes) {
        return new ParquetTail(start, bytes);
    }

    /** Where the bytes start in the file. */
    public long start() {
        return start;
    }

    /** How many bytes the tail holds. */
    public int length() {
        return bytes.length;
    }

    /** The length of the file the tail was read from: where its bytes end. */
    public long fileLength() {
        return start + bytes.length;
    }

    /** Writes the bytes (not the start, nor a length) to {@code out}. */
    public void writeBytesTo(DataOutput out) throws IOException {
        out.write(bytes);
    }

    /** The bytes themselves, for the reader; not to be modified. */
    byte[] bytes() {
        return bytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ParquetTail t && start == t.start && Arrays.equals(bytes, t.bytes);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(start) * 31 + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "ParquetTail[" + bytes.length + " bytes from " + start + "]";
    }
}
