package io.pqx.format.footer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import shaded.parquet.org.apache.thrift.TBase;
import shaded.parquet.org.apache.thrift.TConfiguration;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.transport.TIOStreamTransport;

/**
 * Decodes a Thrift struct from bytes already in memory, telling Thrift how many bytes there are: a
 * lying list or string length inside is then rejected before anything is allocated for it ({@code
 * Util}'s readers allow 100 MB per message). Uses the Thrift runtime shaded into
 * parquet-format-structures. Stateless.
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
        ByteArrayInputStream in = new ByteArrayInputStream(bytes, offset, length);
        try {
            TConfiguration config =
                    new TConfiguration(Math.max(length, 1), Math.max(length, 1), MAX_NESTING);
            target.read(new TCompactProtocol(new TIOStreamTransport(config, in)));
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
        return length - in.available();
    }
}
