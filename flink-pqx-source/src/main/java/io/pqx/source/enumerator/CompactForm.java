package io.pqx.source.enumerator;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The compact primitives of the enumerator state from version 4: variable-length integers (7 bits a
 * byte, low first; signed ones zig-zag coded) and front-coded strings, each written as the length
 * of the prefix it shares with the string before it and the rest in UTF-8. The paths of one listing
 * share long prefixes (scheme, table directory, partition directories), so a path costs a few bytes
 * beyond its file name. Reads check every length against the bytes left, so a corrupt form fails
 * with an {@link IOException} naming what was read.
 */
final class CompactForm {
    private CompactForm() {}

    static void writeVarLong(DataOutputStream out, long value) throws IOException {
        long v = value;
        while ((v & ~0x7FL) != 0) {
            out.writeByte((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.writeByte((int) v);
    }

    static long readVarLong(DataInputStream in, String what) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.readUnsignedByte();
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("Cannot read " + what + ": a variable-length integer over 64 bits");
    }

    static void writeSignedVarLong(DataOutputStream out, long value) throws IOException {
        writeVarLong(out, (value << 1) ^ (value >> 63));
    }

    static long readSignedVarLong(DataInputStream in, String what) throws IOException {
        long zigzag = readVarLong(in, what);
        return (zigzag >>> 1) ^ -(zigzag & 1);
    }

    /** A length or count, checked to be at most the bytes left (each entry takes a byte). */
    static int readLength(DataInputStream in, String what) throws IOException {
        long length = readVarLong(in, what);
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
        return (int) length;
    }

    static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        writeVarLong(out, bytes.length);
        out.write(bytes);
    }

    static String readString(DataInputStream in, String what) throws IOException {
        byte[] bytes = new byte[readLength(in, what)];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Writes strings front-coded against the one written before; one instance per sequence. */
    static final class FrontCodedWriter {
        private String previous = "";

        void write(DataOutputStream out, String s) throws IOException {
            int shared = 0;
            int max = Math.min(previous.length(), s.length());
            while (shared < max && previous.charAt(shared) == s.charAt(shared)) {
                shared++;
            }
            if (shared > 0 && Character.isHighSurrogate(s.charAt(shared - 1))) {
                shared--; // never cut a surrogate pair: the rest must be valid UTF-16 on its own
            }
            writeVarLong(out, shared);
            writeString(out, s.substring(shared));
            previous = s;
        }
    }

    /** Reads what a {@link FrontCodedWriter} wrote; one instance per sequence. */
    static final class FrontCodedReader {
        private String previous = "";

        String read(DataInputStream in, String what) throws IOException {
            long shared = readVarLong(in, what);
            if (shared < 0 || shared > previous.length()) {
                throw new IOException(
                        "Cannot read "
                                + what
                                + ": it shares "
                                + shared
                                + " characters with the "
                                + previous.length()
                                + " of the one before");
            }
            String s = previous.substring(0, (int) shared) + readString(in, what);
            previous = s;
            return s;
        }
    }
}
