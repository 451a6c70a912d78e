package io.pqx.format.io;

import java.io.Closeable;
import java.io.IOException;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A random-access, read-only Parquet file. Every read is a positioned, length-checked range read:
 * asking for bytes outside {@code [0, length())} throws a {@link
 * io.pqx.format.error.CorruptFileException} naming the file instead of returning short data.
 *
 * <p>Implementations are not required to be thread-safe; open one per reading thread. An
 * implementation whose {@link #rangeReadPolicy()} allows more than one read in flight accepts that
 * many concurrent {@link #readFully(long, byte[], int, int)} calls.
 */
@PublicEvolving
public interface InputFile extends Closeable {

    /** The file's location as the user gave it (a path or URI); used in every error message. */
    String location();

    /** Length of the file in bytes. */
    long length() throws IOException;

    /**
     * Reads exactly {@code length} bytes starting at {@code position} into {@code buffer} at {@code
     * offset}.
     *
     * @throws io.pqx.format.error.CorruptFileException when the range does not lie inside the file
     */
    void readFully(long position, byte[] buffer, int offset, int length) throws IOException;

    /**
     * How readers should batch many range reads of this file; {@link RangeReadPolicy#SEQUENTIAL}
     * unless the file says otherwise (and then it accepts the concurrent reads the policy allows).
     */
    default RangeReadPolicy rangeReadPolicy() {
        return RangeReadPolicy.SEQUENTIAL;
    }

    /**
     * Hands over the bytes of {@code [position, position + length)} when this file already holds
     * them in an array of their own (a block read ahead), instead of copying them into the caller's
     * array: from then on the array is the caller's alone, and the file keeps no reference to it.
     * Null (the default) when the file holds no such array: the caller then reads with {@link
     * #readFully(long, byte[], int, int)}, which a caller may always do instead.
     *
     * @throws IOException as {@link #readFully(long, byte[], int, int)} would
     */
    @Nullable
    default Held takeHeld(long position, int length) throws IOException {
        return null;
    }

    /**
     * Bytes handed over by {@link #takeHeld}: the range asked for is {@code buffer[offset, offset +
     * length)}; the array may hold more.
     */
    @PublicEvolving
    record Held(byte[] buffer, int offset) {}

    /** Reads exactly {@code length} bytes starting at {@code position} into a new array. */
    default byte[] readFully(long position, int length) throws IOException {
        byte[] bytes = new byte[length];
        readFully(position, bytes, 0, length);
        return bytes;
    }
}
