package io.pqx.format.footer;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.InterningProtocol;
import shaded.parquet.org.apache.thrift.TBase;
import shaded.parquet.org.apache.thrift.TConfiguration;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.protocol.TProtocol;

/**
 * Decodes a Thrift struct from bytes already in memory, telling Thrift how many bytes there are: a
 * lying list or string length inside is then rejected before anything is allocated for it ({@code
 * Util}'s readers allow 100 MB per message). Uses the Thrift runtime shaded into
 * parquet-format-structures, its compact protocol reading straight from the array ({@link
 * ArrayTransport}). Stateless.
 */
@Internal
public final class BoundedThrift {
    private static final int MAX_NESTING = 64;

    private BoundedThrift() {}

    /**
     * Reads {@code target} from {@code bytes[offset, offset + length)}.
     *
     * @return the number of bytes the struct occupied
     * @throws IOException when the bytes are not a valid struct of that type
     */
    public static int read(TBase<?, ?> target, byte[] bytes, int offset, int length)
            throws IOException {
        return read(target, bytes, offset, length, false);
    }

    /**
     * As {@link #read(TBase, byte[], int, int)}; with {@code intern}, every string read is
     * interned, as parquet-format's {@code Util} does for footers (column paths and key-value
     * metadata repeat in every footer a planner keeps).
     */
    static int read(TBase<?, ?> target, byte[] bytes, int offset, int length, boolean intern)
            throws IOException {
        ArrayTransport in;
        try {
            in = new ArrayTransport(config(length), bytes, offset, length);
            TProtocol protocol = new CopyingBinaries(in);
            target.read(intern ? new InterningProtocol(protocol) : protocol);
        } catch (TException e) {
            throw new IOException(e.getMessage() == null ? e.toString() : e.getMessage(), e);
        } catch (RuntimeException e) {
            // Thrift's verdict on the bytes, in its words; its unchecked exception is kept out of
            // the cause chain of the pqx exception this becomes
            throw new IOException(
                    "malformed "
                            + target.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        return in.consumed(offset);
    }

    /**
     * The compact protocol, handing out binary fields (statistics' bounds, column index bounds, key
     * metadata) in arrays of their own: over a transport that exposes its array, Thrift would wrap
     * the field's bytes where they lie, and a struct would then change with the array (a row
     * group's buffer, reused for the next row group) and hand out an array whose bytes do not start
     * at 0.
     */
    private static final class CopyingBinaries extends TCompactProtocol {
        CopyingBinaries(ArrayTransport transport) {
            super(transport);
        }

        @Override
        public ByteBuffer readBinary() throws TException {
            ByteBuffer read = super.readBinary();
            byte[] own = new byte[read.remaining()];
            read.duplicate().get(own);
            return ByteBuffer.wrap(own);
        }
    }

    /** Thrift's limits for a message of {@code length} bytes. */
    static TConfiguration config(int length) {
        return new TConfiguration(Math.max(length, 1), Math.max(length, 1), MAX_NESTING);
    }
}
