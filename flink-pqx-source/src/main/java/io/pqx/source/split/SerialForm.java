package io.pqx.source.split;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The primitives of the serialized forms: strings as a length and UTF-8 bytes, checked on read. */
final class SerialForm {
    private SerialForm() {}

    static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    static String readString(DataInputStream in, String what) throws IOException {
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

    static int readCount(DataInputStream in, String what) throws IOException {
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

    static void requireEnd(DataInputStream in, String what) throws IOException {
        if (in.available() != 0) {
            throw new IOException(
                    "Cannot read " + what + ": " + in.available() + " bytes left after its end");
        }
    }
}
