package io.pqx.sink.file;

import io.pqx.format.crypto.BlockSealer;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.error.FileContext;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * The encryption of a {@link RowLog} segment when the sink encrypts its files: the rows after the
 * segment's header are sealed in chunks of {@link #CHUNK_BYTES} with a key derived from every key
 * of the files' configuration (the format's {@link BlockSealer}: AES-GCM, a fresh random nonce per
 * chunk). Each chunk's AAD binds it to its place: the segment's header (row count), the chunk's
 * ordinal, whether it is the last chunk, and the segment file's path (which names the part file and
 * the segment's number). So a chunk that is changed, reordered, moved to another segment or log, or
 * a segment cut after any chunk does not authenticate, and neither does anything sealed with
 * another key.
 *
 * <p>Sealing buffered chunks, not rows, keeps the cost per row small: one cipher call and {@link
 * BlockSealer#OVERHEAD} bytes per chunk. The key stays in the sealer: no message, state or {@code
 * toString} shows it; a restore gets it again from the sink's configuration.
 *
 * <p>Immutable and thread-safe; the {@link Sealing} outputs it makes are not.
 */
final class RowLogCipher {
    /** Plaintext bytes per sealed chunk. */
    static final int CHUNK_BYTES = 64 << 10;

    /** Keeps row-log AADs apart from any other use of the key. */
    private static final byte[] DOMAIN = "pqx row log\0".getBytes(StandardCharsets.US_ASCII);

    private final BlockSealer sealer;

    private RowLogCipher(BlockSealer sealer) {
        this.sealer = sealer;
    }

    /** The cipher of the row logs of files written with {@code encryption}. */
    static RowLogCipher withKeysOf(FileEncryptionProperties encryption) {
        return new RowLogCipher(BlockSealer.withKeysOf(encryption));
    }

    /**
     * An output sealing what is written to it into chunks on {@code out}, for the segment at {@code
     * segment} whose header is {@code header}; {@link Sealing#finish()} seals the last chunk.
     */
    Sealing sealing(OutputStream out, byte[] header, Path segment) {
        return new Sealing(out, header, segment);
    }

    /**
     * The plaintext of the sealed chunks of the segment at {@code segment}, {@code bytes[from..]}.
     *
     * @param where the segment and its part file, for messages
     * @throws DecryptionFailedException naming the segment and the chunk when one does not
     *     authenticate, the last chunk is missing, or a length field does not fit
     */
    byte[] open(byte[] bytes, int from, byte[] header, Path segment, String where)
            throws IOException {
        if (from >= bytes.length) {
            throw failed(where, "it holds no sealed chunk", null);
        }
        FileContext ctx = FileContext.of(segment.toString());
        DataOutputSerializer plain = new DataOutputSerializer(bytes.length - from);
        int at = from;
        int ordinal = 0;
        while (at < bytes.length) {
            int length;
            try {
                length = sealer.sealedLength(bytes, at, bytes.length - at, ctx, chunk(ordinal));
            } catch (DecryptionFailedException e) {
                throw failed(
                        where,
                        "the length field of its chunk "
                                + ordinal
                                + " does not fit the segment (its bytes were changed or cut)",
                        e);
            }
            boolean last = at + length == bytes.length;
            byte[] chunk;
            try {
                chunk =
                        sealer.open(
                                bytes,
                                at,
                                length,
                                aad(header, ordinal, last, segment),
                                ctx,
                                chunk(ordinal));
            } catch (DecryptionFailedException e) {
                if (last && opens(bytes, at, length, aad(header, ordinal, false, segment), ctx)) {
                    throw failed(
                            where,
                            "it ends after its chunk "
                                    + ordinal
                                    + ", which is not its last (the segment was cut short)",
                            e);
                }
                throw failed(
                        where,
                        "its chunk "
                                + ordinal
                                + " does not authenticate (AES-GCM tag mismatch): the sink's"
                                + " footer or column keys are not the ones the segment was written with, or its"
                                + " bytes were changed, reordered or moved from another row log",
                        e);
            }
            plain.write(chunk);
            at += length;
            ordinal++;
        }
        return plain.getCopyOfBuffer();
    }

    private boolean opens(byte[] bytes, int at, int length, byte[] aad, FileContext ctx) {
        try {
            sealer.open(bytes, at, length, aad, ctx, "chunk");
            return true;
        } catch (DecryptionFailedException e) {
            return false;
        }
    }

    private static String chunk(int ordinal) {
        return "row-log chunk " + ordinal;
    }

    private static DecryptionFailedException failed(String where, String reason, Exception cause) {
        DecryptionFailedException e =
                new DecryptionFailedException(
                        "row-log segment",
                        "Cannot restore the open row group from " + where + ": " + reason);
        if (cause != null) {
            e.initCause(cause);
        }
        return e;
    }

    /**
     * The AAD of chunk {@code ordinal}: the domain, the segment's header, the ordinal (4 bytes,
     * big-endian), whether it is the last chunk, and the segment's path without scheme and
     * authority (a restore names the same file by the same path, whatever the file system's
     * address).
     */
    static byte[] aad(byte[] header, int ordinal, boolean last, Path segment) {
        byte[] path = segment.toUri().getPath().getBytes(StandardCharsets.UTF_8);
        byte[] aad = new byte[DOMAIN.length + header.length + 4 + 1 + path.length];
        int at = 0;
        System.arraycopy(DOMAIN, 0, aad, at, DOMAIN.length);
        at += DOMAIN.length;
        System.arraycopy(header, 0, aad, at, header.length);
        at += header.length;
        aad[at++] = (byte) (ordinal >>> 24);
        aad[at++] = (byte) (ordinal >>> 16);
        aad[at++] = (byte) (ordinal >>> 8);
        aad[at++] = (byte) ordinal;
        aad[at++] = (byte) (last ? 1 : 0);
        System.arraycopy(path, 0, aad, at, path.length);
        return aad;
    }

    /** Never the key. */
    @Override
    public String toString() {
        return "RowLogCipher{key derived from the files' keys, AES-GCM chunks of "
                + CHUNK_BYTES
                + " bytes}";
    }

    /**
     * Buffers what is written into chunks of {@link #CHUNK_BYTES} and writes each sealed to the
     * segment's stream; a full chunk is sealed only once more bytes follow, so the last chunk (the
     * one {@link #finish()} seals) is known to be the last. Not thread-safe.
     */
    final class Sealing extends OutputStream {
        private final OutputStream out;
        private final byte[] header;
        private final Path segment;
        private final byte[] buffer = new byte[CHUNK_BYTES];
        private int filled;
        private int ordinal;
        private long written;

        private Sealing(OutputStream out, byte[] header, Path segment) {
            this.out = out;
            this.header = header.clone();
            this.segment = segment;
        }

        @Override
        public void write(int b) throws IOException {
            if (filled == buffer.length) {
                seal(false);
            }
            buffer[filled++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            while (len > 0) {
                if (filled == buffer.length) {
                    seal(false);
                }
                int n = Math.min(len, buffer.length - filled);
                System.arraycopy(b, off, buffer, filled, n);
                filled += n;
                off += n;
                len -= n;
            }
        }

        /**
         * Seals the last chunk (even an empty one: the end is authenticated).
         *
         * @return the sealed bytes written to the stream in all
         */
        long finish() throws IOException {
            seal(true);
            return written;
        }

        private void seal(boolean last) throws IOException {
            byte[] sealed = sealer.seal(buffer, 0, filled, aad(header, ordinal, last, segment));
            out.write(sealed);
            written += sealed.length;
            ordinal++;
            filled = 0;
        }
    }
}
