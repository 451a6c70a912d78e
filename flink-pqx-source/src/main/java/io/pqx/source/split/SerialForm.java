package io.pqx.source.split;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.flink.annotation.Internal;

/**
 * The primitives of the source's serialized forms (splits here, the enumerator state in {@code
 * io.pqx.source.enumerator}): strings as a length and UTF-8 bytes; lengths and counts are checked
 * against the bytes left on read, so a corrupt form fails with an {@link IOException} naming what
 * was read instead of allocating without bound. Public only so that the enumerator state's
 * serializer writes the same primitives; not for other modules.
 */
@Internal
public final class SerialForm {
    private SerialForm() {}

    public static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    public static String readString(DataInputStream in, String what) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException(
                    "Cannot read "
                            + what
                            + ": its length "
                            + length
                            + " exceeds the "
                            + in.available()
                            + " bytes left");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    public static int readCount(DataInputStream in, String what) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > in.available()) {
            throw new IOException(
                    "Cannot read "
                            + what
                            + ": count "
                            + count
                            + " exceeds the "
                            + in.available()
                            + " bytes left");
        }
        return count;
    }

    public static void requireEnd(DataInputStream in, String what) throws IOException {
        if (in.available() != 0) {
            throw new IOException(
                    "Cannot read " + what + ": " + in.available() + " bytes left after its end");
        }
    }
}
