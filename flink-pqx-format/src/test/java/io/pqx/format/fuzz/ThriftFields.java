package io.pqx.format.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds the integer, length and count fields of a Thrift compact-protocol struct in raw bytes, so
 * the mutator can set exactly those to 0, -1 or 2^31-1. Walks the protocol itself (field headers,
 * zigzag varints, binary lengths, list/set/map headers, nested structs) and records where each such
 * field's encoding starts and how many bytes it takes.
 *
 * <p>Meant for well-formed seed files: on bytes it cannot walk it stops and returns what it found.
 * Stateless.
 */
public final class ThriftFields {
    private static final int MAX_DEPTH = 32;

    private ThriftFields() {}

    /** What a located field holds, and so how a new value is encoded in its place. */
    public enum Kind {
        /** an i16/i32 zigzag varint */
        INT,
        /** an i64 zigzag varint */
        LONG,
        /** the unsigned varint length of a binary (string) */
        LENGTH,
        /** the size of a list or set: its header byte and, for 15 or more, a varint */
        LIST_COUNT,
        /** the unsigned varint size of a map */
        MAP_COUNT
    }

    /**
     * One field: its encoding is {@code bytes[offset, offset + length)}.
     *
     * @param elementType for a LIST_COUNT, the element type nibble to keep
     */
    public record Field(Kind kind, int offset, int length, int elementType) {}

    /**
     * The fields of the struct starting at {@code offset}, and where it ends (-1 if unwalkable).
     */
    public record Walk(List<Field> fields, int end) {}

    public static Walk walk(byte[] b, int offset, int limit) {
        Walker w = new Walker(b, offset, limit);
        try {
            w.struct(0);
            return new Walk(w.fields, w.pos);
        } catch (RuntimeException e) {
            return new Walk(w.fields, -1);
        }
    }

    /** The bytes encoding {@code value} for a field of {@code field}'s kind. */
    public static byte[] encode(Field field, long value) {
        return switch (field.kind()) {
            case INT -> varint(zigzag32((int) value) & 0xFFFFFFFFL);
            case LONG -> varint(zigzag64(value));
            case LENGTH, MAP_COUNT -> varint(value & 0xFFFFFFFFL);
            case LIST_COUNT -> {
                if (value >= 0 && value < 15) {
                    yield new byte[] {(byte) ((value << 4) | field.elementType())};
                }
                byte[] size = varint(value & 0xFFFFFFFFL);
                byte[] out = new byte[size.length + 1];
                out[0] = (byte) (0xF0 | field.elementType());
                System.arraycopy(size, 0, out, 1, size.length);
                yield out;
            }
        };
    }

    private static long zigzag32(int n) {
        return (n << 1) ^ (n >> 31);
    }

    private static long zigzag64(long n) {
        return (n << 1) ^ (n >> 63);
    }

    private static byte[] varint(long unsigned) {
        byte[] out = new byte[10];
        int i = 0;
        long v = unsigned;
        while ((v & ~0x7FL) != 0) {
            out[i++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[i++] = (byte) v;
        return Arrays.copyOf(out, i);
    }

    private static final class Walker {
        final byte[] b;
        final int limit;
        int pos;
        final List<Field> fields = new ArrayList<>();

        Walker(byte[] b, int offset, int limit) {
            this.b = b;
            this.pos = offset;
            this.limit = limit;
        }

        int next() {
            if (pos >= limit) {
                throw new IllegalStateException("end of bytes");
            }
            return b[pos++] & 0xFF;
        }

        long varint() {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                int x = next();
                value |= (long) (x & 0x7F) << shift;
                if ((x & 0x80) == 0) {
                    return value;
                }
            }
            throw new IllegalStateException("long varint");
        }

        void struct(int depth) {
            if (depth > MAX_DEPTH) {
                throw new IllegalStateException("too deep");
            }
            while (true) {
                int header = next();
                int type = header & 0x0F;
                if (type == 0) {
                    return;
                }
                if ((header >>> 4) == 0) {
                    varint(); // explicit field id
                }
                value(type, depth);
            }
        }

        void value(int type, int depth) {
            switch (type) {
                case 1, 2 -> {} // bool in the field header
                case 3 -> next();
                case 4, 5 -> located(Kind.INT, 0);
                case 6 -> located(Kind.LONG, 0);
                case 7 -> skip(8);
                case 8 -> {
                    int start = pos;
                    long length = varint();
                    fields.add(new Field(Kind.LENGTH, start, pos - start, 0));
                    skip(length);
                }
                case 9, 10 -> list(depth);
                case 11 -> map(depth);
                case 12 -> struct(depth + 1);
                default -> throw new IllegalStateException("type " + type);
            }
        }

        void located(Kind kind, int elementType) {
            int start = pos;
            varint();
            fields.add(new Field(kind, start, pos - start, elementType));
        }

        void list(int depth) {
            int start = pos;
            int header = next();
            int element = header & 0x0F;
            long size = header >>> 4;
            if (size == 15) {
                size = varint();
            }
            fields.add(new Field(Kind.LIST_COUNT, start, pos - start, element));
            for (long i = 0; i < size; i++) {
                if (element == 1 || element == 2) {
                    next(); // bool elements take a byte each
                } else {
                    value(element, depth + 1);
                }
            }
        }

        void map(int depth) {
            int start = pos;
            long size = varint();
            fields.add(new Field(Kind.MAP_COUNT, start, pos - start, 0));
            if (size == 0) {
                return;
            }
            int types = next();
            for (long i = 0; i < size; i++) {
                value(types >>> 4, depth + 1);
                value(types & 0x0F, depth + 1);
            }
        }

        void skip(long n) {
            if (n < 0 || n > limit - pos) {
                throw new IllegalStateException("skip past end");
            }
            pos += (int) n;
        }
    }
}
