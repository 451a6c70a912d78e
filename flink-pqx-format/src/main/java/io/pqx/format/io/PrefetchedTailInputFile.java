package io.pqx.format.io;

import java.io.IOException;
import org.apache.flink.annotation.Internal;

/**
 * An {@link InputFile} that serves reads from bytes at the end of the file already read (the tail
 * the footer was read from): a read that lies inside them is copied from memory, a read that ends
 * inside them asks the wrapped file only for its bytes before them, any other read is forwarded.
 * Writers put the page indexes and bloom filters just before the footer, so a reader asks the file
 * for them without a request of their own when the tail read covered them.
 *
 * <p>Length checks stay the wrapped file's: a read outside {@code [0, length())} is handed to it,
 * which refuses it naming the file. The held bytes are never modified, so the file is as safe for
 * concurrent reads as the wrapped one; {@link #close()} closes the wrapped file.
 */
@Internal
public final class PrefetchedTailInputFile extends ForwardingInputFile {
    private final long start;
    private final byte[] bytes;
    private final int offset;
    private final int length;

    /**
     * @param file the file
     * @param start where the held bytes start in the file
     * @param bytes holds the file's bytes {@code [start, start + length)} at {@code offset}; not
     *     modified afterwards by anyone
     */
    public PrefetchedTailInputFile(
            InputFile file, long start, byte[] bytes, int offset, int length) {
        super(file);
        if (start < 0 || offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IllegalArgumentException(
                    "bad held range: start " + start + ", offset " + offset + ", length " + length);
        }
        this.start = start;
        this.bytes = bytes;
        this.offset = offset;
        this.length = length;
    }

    /** Bytes held in memory. */
    public int heldBytes() {
        return length;
    }

    @Override
    public void readFully(long position, byte[] buffer, int bufferOffset, int len)
            throws IOException {
        long end = position + len;
        long heldEnd = start + length;
        if (len <= 0 || position < 0 || end > heldEnd || end <= start) {
            super.readFully(position, buffer, bufferOffset, len);
            return;
        }
        long from = Math.max(position, start);
        int before = (int) (from - position);
        if (before > 0) {
            super.readFully(position, buffer, bufferOffset, before);
        }
        System.arraycopy(
                bytes, offset + (int) (from - start), buffer, bufferOffset + before, len - before);
    }
}
