package io.pqx.source.runtimefilter;

import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.Literal;
import io.pqx.format.predicate.RuntimeFilter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.table.data.TimestampData;

/**
 * The versioned binary form of a {@link RuntimeFilterEvent}, used in the source's enumerator state,
 * the publisher's coordinator state and on the wire. Version 1: slot name, state (ordinal of
 * PENDING, DISABLED, EMPTY, RANGE), key column path; for RANGE the two bounds as tagged literals
 * and a flag, then the bloom filter's hash count and words. Lengths and counts are checked against
 * the bytes left, so corrupt bytes fail with an {@link IOException}, never an over-allocation.
 */
@PublicEvolving
public final class RuntimeFilterEventSerializer
        implements SimpleVersionedSerializer<RuntimeFilterEvent> {
    public static final RuntimeFilterEventSerializer INSTANCE = new RuntimeFilterEventSerializer();
    static final int VERSION = 1;

    private static final RuntimeFilter.State[] STATES = RuntimeFilter.State.values();

    private RuntimeFilterEventSerializer() {}

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(RuntimeFilterEvent event) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        write(event, out);
        out.flush();
        return bytes.toByteArray();
    }

    @Override
    public RuntimeFilterEvent deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException(
                    "Cannot read a pqx runtime filter event of version "
                            + version
                            + ": this pqx reads version "
                            + VERSION);
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
        RuntimeFilterEvent event = read(in);
        if (in.available() != 0) {
            throw new IOException(
                    "Cannot read a pqx runtime filter event: "
                            + in.available()
                            + " bytes left after its end");
        }
        return event;
    }

    /** Writes {@code event} in this version's form (for states that embed it). */
    public static void write(RuntimeFilterEvent event, DataOutputStream out) throws IOException {
        writeString(out, event.slot());
        out.writeByte(event.state().ordinal());
        List<String> path = event.column().path();
        out.writeInt(path.size());
        for (String name : path) {
            writeString(out, name);
        }
        if (event.state() == RuntimeFilter.State.RANGE) {
            writeLiteral(out, event.min().orElseThrow());
            writeLiteral(out, event.max().orElseThrow());
            BloomKeyFilter keys = event.keys().orElse(null);
            out.writeBoolean(keys != null);
            if (keys != null) {
                out.writeInt(keys.hashes());
                out.writeInt(keys.wordCount());
                for (int i = 0; i < keys.wordCount(); i++) {
                    out.writeLong(keys.word(i));
                }
            }
        }
    }

    /** Reads an event written by {@link #write} of this version. */
    public static RuntimeFilterEvent read(DataInputStream in) throws IOException {
        String slot = readString(in, "a runtime filter's slot name");
        int state = in.readUnsignedByte();
        if (state >= STATES.length) {
            throw new IOException(
                    "Cannot read a runtime filter of slot "
                            + slot
                            + ": state "
                            + state
                            + " is unknown");
        }
        int pathLength = readCount(in, 4, "the key column path of a runtime filter");
        List<String> path = new ArrayList<>(pathLength);
        for (int i = 0; i < pathLength; i++) {
            path.add(readString(in, "a runtime filter's key column"));
        }
        Literal min = null;
        Literal max = null;
        BloomKeyFilter keys = null;
        if (STATES[state] == RuntimeFilter.State.RANGE) {
            min = readLiteral(in);
            max = readLiteral(in);
            if (in.readBoolean()) {
                int hashes = in.readInt();
                int words = readCount(in, 8, "the bloom filter words of a runtime filter");
                try {
                    BloomKeyFilter.check(hashes, words);
                } catch (IllegalArgumentException e) {
                    throw new IOException(e.getMessage(), e);
                }
                long[] bits = new long[words];
                for (int i = 0; i < words; i++) {
                    bits[i] = in.readLong();
                }
                keys = BloomKeyFilter.of(hashes, bits);
            }
        }
        try {
            return new RuntimeFilterEvent(slot, STATES[state], new ColumnRef(path), min, max, keys);
        } catch (IllegalArgumentException e) {
            throw new IOException(
                    "Cannot read a runtime filter of slot " + slot + ": " + e.getMessage(), e);
        }
    }

    // tags of literal values
    private static final int BOOLEAN = 1;
    private static final int BYTE = 2;
    private static final int SHORT = 3;
    private static final int INT = 4;
    private static final int LONG = 5;
    private static final int BIG_INTEGER = 6;
    private static final int FLOAT = 7;
    private static final int DOUBLE = 8;
    private static final int DECIMAL = 9;
    private static final int STRING = 10;
    private static final int BYTES = 11;
    private static final int DATE = 12;
    private static final int TIME = 13;
    private static final int TIMESTAMP = 14;
    private static final int INSTANT = 15;
    private static final int TIMESTAMP_DATA = 16;

    static void writeLiteral(DataOutputStream out, Literal literal) throws IOException {
        Object v = literal.value();
        if (v instanceof Boolean b) {
            out.writeByte(BOOLEAN);
            out.writeBoolean(b);
        } else if (v instanceof Byte b) {
            out.writeByte(BYTE);
            out.writeByte(b);
        } else if (v instanceof Short s) {
            out.writeByte(SHORT);
            out.writeShort(s);
        } else if (v instanceof Integer i) {
            out.writeByte(INT);
            out.writeInt(i);
        } else if (v instanceof Long l) {
            out.writeByte(LONG);
            out.writeLong(l);
        } else if (v instanceof BigInteger b) {
            out.writeByte(BIG_INTEGER);
            writeBytes(out, b.toByteArray());
        } else if (v instanceof Float f) {
            out.writeByte(FLOAT);
            out.writeFloat(f);
        } else if (v instanceof Double d) {
            out.writeByte(DOUBLE);
            out.writeDouble(d);
        } else if (v instanceof BigDecimal d) {
            out.writeByte(DECIMAL);
            out.writeInt(d.scale());
            writeBytes(out, d.unscaledValue().toByteArray());
        } else if (v instanceof String s) {
            out.writeByte(STRING);
            writeString(out, s);
        } else if (v instanceof byte[] b) {
            out.writeByte(BYTES);
            writeBytes(out, b);
        } else if (v instanceof LocalDate d) {
            out.writeByte(DATE);
            out.writeLong(d.toEpochDay());
        } else if (v instanceof LocalTime t) {
            out.writeByte(TIME);
            out.writeLong(t.toNanoOfDay());
        } else if (v instanceof LocalDateTime t) {
            out.writeByte(TIMESTAMP);
            out.writeLong(t.toLocalDate().toEpochDay());
            out.writeLong(t.toLocalTime().toNanoOfDay());
        } else if (v instanceof Instant i) {
            out.writeByte(INSTANT);
            out.writeLong(i.getEpochSecond());
            out.writeInt(i.getNano());
        } else if (v instanceof TimestampData t) {
            out.writeByte(TIMESTAMP_DATA);
            out.writeLong(t.getMillisecond());
            out.writeInt(t.getNanoOfMillisecond());
        } else {
            throw new IOException(
                    "Cannot write literal "
                            + literal
                            + ": a "
                            + v.getClass().getName()
                            + " has no serialized form");
        }
    }

    static Literal readLiteral(DataInputStream in) throws IOException {
        int tag = in.readUnsignedByte();
        Object v =
                switch (tag) {
                    case BOOLEAN -> in.readBoolean();
                    case BYTE -> in.readByte();
                    case SHORT -> in.readShort();
                    case INT -> in.readInt();
                    case LONG -> in.readLong();
                    case BIG_INTEGER -> new BigInteger(readBytes(in));
                    case FLOAT -> in.readFloat();
                    case DOUBLE -> in.readDouble();
                    case DECIMAL -> {
                        int scale = in.readInt();
                        yield new BigDecimal(new BigInteger(readBytes(in)), scale);
                    }
                    case STRING -> readString(in, "a string literal");
                    case BYTES -> readBytes(in);
                    case DATE -> LocalDate.ofEpochDay(in.readLong());
                    case TIME -> LocalTime.ofNanoOfDay(in.readLong());
                    case TIMESTAMP ->
                            LocalDateTime.of(
                                    LocalDate.ofEpochDay(in.readLong()),
                                    LocalTime.ofNanoOfDay(in.readLong()));
                    case INSTANT -> Instant.ofEpochSecond(in.readLong(), in.readInt());
                    case TIMESTAMP_DATA ->
                            TimestampData.fromEpochMillis(in.readLong(), in.readInt());
                    default ->
                            throw new IOException(
                                    "Cannot read a runtime filter bound: literal tag "
                                            + tag
                                            + " is unknown");
                };
        try {
            return Literal.of(v);
        } catch (RuntimeException e) { // NaN, an out-of-range time
            throw new IOException("Cannot read a runtime filter bound: " + e.getMessage(), e);
        }
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        writeBytes(out, s.getBytes(StandardCharsets.UTF_8));
    }

    private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in, String what) throws IOException {
        return new String(readBytes(in, what), StandardCharsets.UTF_8);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        return readBytes(in, "a runtime filter bound");
    }

    private static byte[] readBytes(DataInputStream in, String what) throws IOException {
        int length = readCount(in, 1, what);
        byte[] b = new byte[length];
        in.readFully(b);
        return b;
    }

    /**
     * A count of items of at least {@code itemBytes} bytes each, checked against the bytes left.
     */
    private static int readCount(DataInputStream in, int itemBytes, String what)
            throws IOException {
        int count = in.readInt();
        if (count < 0 || (long) count * itemBytes > in.available()) {
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
}
