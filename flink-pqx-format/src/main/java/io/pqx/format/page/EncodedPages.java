package io.pqx.format.page;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * Encoded pages (headers and bodies) of one column chunk, kept as the arrays the codec and the
 * header serializer returned, so building a chunk copies no page twice. {@link ChunkPageWriter}
 * fills it; the file assembler writes it out with {@link #writeTo}.
 *
 * <p>Not thread-safe while being filled; read-only afterwards.
 */
@Internal
public final class EncodedPages {
    private final List<byte[]> pieces = new ArrayList<>();
    private long size;

    void add(byte[] piece) {
        if (piece.length > 0) {
            pieces.add(piece);
            size += piece.length;
        }
    }

    /** How many pieces (non-empty arrays) the pages are kept in. */
    int pieceCount() {
        return pieces.size();
    }

    /** The piece at {@code index}, not copied: the caller must not change it. */
    byte[] piece(int index) {
        return pieces.get(index);
    }

    /** Total bytes. */
    public long size() {
        return size;
    }

    public void writeTo(OutputStream out) throws IOException {
        for (byte[] piece : pieces) {
            out.write(piece);
        }
    }

    /** All bytes in one array; for tests and small chunks. */
    public byte[] toByteArray() {
        byte[] all = new byte[Math.toIntExact(size)];
        int at = 0;
        for (byte[] piece : pieces) {
            System.arraycopy(piece, 0, all, at, piece.length);
            at += piece.length;
        }
        return all;
    }
}
