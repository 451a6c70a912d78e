package io.pqx.tools.json;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.parquet.variant.Variant;

/**
 * Renders one VARIANT value (Variant-encoded value and metadata bytes) as JSON, as {@code
 * JSON-RENDERING.md} specifies: an object as {@code {"key":v,...}} with its fields in key order
 * (UTF-8 byte order), an array as {@code [v,...]}, a variant null as {@code null}, and each scalar
 * exactly as {@link JsonValues} renders the Parquet value of the same type (int8 to int64 as
 * digits, float and double as the shortest decimal, decimal4/8/16 with exactly their scale's
 * decimals, date, time and timestamps with micro- or nanosecond fractions and {@code Z} for the
 * UTC-adjusted kinds, binary as {@code "0x..."}, string, uuid).
 *
 * <p>Scalars are read with parquet-variant's {@link Variant}, which knows every primitive type of
 * the Variant spec (Flink's own variant lacks time, timestamp with nanoseconds and uuid). Objects
 * and arrays are walked here, so that every offset is checked to stay inside its container and the
 * value's bytes end exactly where the value does: bytes that contradict the encoding (truncated, an
 * unknown type, a key id outside the metadata, malformed UTF-8, a duplicate key, a decimal beyond
 * its precision, a time outside a day, trailing bytes; also nesting deeper than {@link #MAX_DEPTH})
 * give a {@link MalformedVariantException} naming the place inside the value, never a wrong or
 * partial value. An object whose keys are not in UTF-8 order (as some writers sorted them in UTF-16
 * order) is rendered in UTF-8 order all the same.
 *
 * <p>The static entry points are thread-safe (each call renders with an instance of its own); used
 * by {@link JsonRowRenderer} for columns of Flink type VARIANT and by {@link
 * JsonValues#appendVariant}.
 */
final class VariantRenderer {

    /** Renders a Flink VARIANT value, a {@link BinaryVariant}, from its bytes. */
    static final ValueRenderer FLINK_VARIANT =
            (sb, v) -> {
                BinaryVariant variant = (BinaryVariant) v;
                append(sb, variant.getValue(), variant.getMetadata());
            };

    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The encoded size after the header byte of each primitive type id; -1: length-prefixed. */
    private static final int[] PRIMITIVE_SIZES = {
        0, 0, 0, 1, 2, 4, 8, 8, 5, 9, 17, 4, 8, 8, 4, -1, -1, 8, 8, 8, 16
    };

    private static final int BINARY = 15;
    private static final int LONG_STRING = 16;
    private static final long MICROS_PER_DAY = 86_400_000_000L;

    /**
     * Objects and arrays nested deeper are refused rather than risking the stack (a few bytes per
     * level let a small value nest very deep).
     */
    static final int MAX_DEPTH = 500;

    private final StringBuilder sb;
    private final byte[] value;
    private final byte[] metadata;
    private final VariantMetadata dictionary;
    private int depth;

    private VariantRenderer(StringBuilder sb, byte[] value, byte[] metadata) {
        this.sb = sb;
        this.value = value;
        this.metadata = metadata;
        this.dictionary = VariantMetadata.of(metadata);
    }

    /**
     * Appends the variant {@code value} (with its {@code metadata}) as one JSON value.
     *
     * @throws MalformedVariantException if the bytes are not a Variant encoding; nothing is
     *     appended then
     */
    static void append(StringBuilder sb, byte[] value, byte[] metadata) {
        int mark = sb.length();
        try {
            if (value.length == 0) {
                throw new MalformedVariantException("the value is empty");
            }
            VariantRenderer renderer = new VariantRenderer(sb, value, metadata);
            int end = renderer.appendValue(0, value.length);
            if (end != value.length) {
                throw new MalformedVariantException(
                        "the value ends at byte " + end + " of " + value.length + " bytes");
            }
        } catch (MalformedVariantException e) {
            sb.setLength(mark);
            throw e;
        } catch (RuntimeException e) {
            // parquet-variant's checks of the metadata in new Variant(...), which come first.
            sb.setLength(mark);
            throw new MalformedVariantException(reason(e), e);
        }
    }

    /** Appends the value starting at {@code pos}, which must end by {@code limit}; its end. */
    private int appendValue(int pos, int limit) {
        if (pos >= limit) {
            throw new MalformedVariantException(
                    "the value at byte " + pos + " is past the end of its bytes at " + limit);
        }
        int header = value[pos] & 0xff;
        switch (header & 0x3) {
            case 0:
                return appendPrimitive(pos, limit, header >> 2);
            case 1:
                return appendString(pos + 1, header >> 2, limit);
            case 2:
                enter();
                int objectEnd = appendObject(pos, limit, header >> 2);
                depth--;
                return objectEnd;
            default:
                enter();
                int arrayEnd = appendArray(pos, limit, header >> 2);
                depth--;
                return arrayEnd;
        }
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw new MalformedVariantException(
                    "objects and arrays nest deeper than " + MAX_DEPTH + " levels");
        }
    }

    private int appendPrimitive(int pos, int limit, int typeId) {
        if (typeId >= PRIMITIVE_SIZES.length) {
            throw new MalformedVariantException("unknown primitive type id " + typeId);
        }
        if (typeId == LONG_STRING) {
            int length = length(pos + 1, limit);
            return appendString(pos + 5, length, limit);
        }
        int size = PRIMITIVE_SIZES[typeId];
        if (typeId == BINARY) {
            size = 4 + length(pos + 1, limit);
        }
        int end = end(pos + 1, size, limit, "the value");
        try {
            appendScalar(new Variant(value, pos, end - pos, metadata, 0, metadata.length));
        } catch (MalformedVariantException e) {
            throw e;
        } catch (RuntimeException e) {
            // parquet-variant's own checks (IllegalArgumentException, IndexOutOfBounds...).
            throw new MalformedVariantException(reason(e), e);
        }
        return end;
    }

    /** Appends a scalar (not a string: those are decoded strictly by appendString). */
    private void appendScalar(Variant scalar) {
        switch (scalar.getType()) {
            case NULL:
                sb.append("null");
                break;
            case BOOLEAN:
                sb.append(scalar.getBoolean());
                break;
            case BYTE:
            case SHORT:
            case INT:
            case LONG:
                sb.append(scalar.getLong());
                break;
            case FLOAT:
                sb.append(JsonValues.formatFloat(scalar.getFloat()));
                break;
            case DOUBLE:
                sb.append(JsonValues.formatDouble(scalar.getDouble()));
                break;
            case DECIMAL4:
                appendDecimal(scalar.getDecimal(), 9);
                break;
            case DECIMAL8:
                appendDecimal(scalar.getDecimal(), 18);
                break;
            case DECIMAL16:
                appendDecimal(scalar.getDecimal(), 38);
                break;
            case DATE:
                sb.append(JsonValues.formatDate((int) scalar.getLong()));
                break;
            case TIME:
                appendTime(scalar.getLong());
                break;
            case TIMESTAMP_TZ:
            case TIMESTAMP_NTZ:
                long micros = scalar.getLong();
                sb.append(
                        JsonValues.formatTimestamp(
                                Math.floorDiv(micros, 1_000_000L),
                                (int) Math.floorMod(micros, 1_000_000L) * 1000,
                                scalar.getType() == Variant.Type.TIMESTAMP_TZ));
                break;
            case TIMESTAMP_NANOS_TZ:
            case TIMESTAMP_NANOS_NTZ:
                long nanos = scalar.getLong();
                sb.append(
                        JsonValues.formatTimestamp(
                                Math.floorDiv(nanos, 1_000_000_000L),
                                (int) Math.floorMod(nanos, 1_000_000_000L),
                                scalar.getType() == Variant.Type.TIMESTAMP_NANOS_TZ));
                break;
            case BINARY:
                ByteBuffer binary = scalar.getBinary();
                byte[] bytes = new byte[binary.remaining()];
                binary.get(bytes);
                JsonValues.appendHex(sb, bytes);
                break;
            case UUID:
                UUID uuid = scalar.getUUID();
                sb.append(
                        JsonValues.formatUuid(
                                ByteBuffer.allocate(16)
                                        .putLong(uuid.getMostSignificantBits())
                                        .putLong(uuid.getLeastSignificantBits())
                                        .array()));
                break;
            default:
                // Strings, objects and arrays are handled before; a new type must be added here.
                throw new MalformedVariantException(
                        "no JSON rendering for primitive type " + scalar.getType());
        }
    }

    /** The string of {@code length} bytes at {@code start}, strictly UTF-8; its end. */
    private int appendString(int start, int length, int limit) {
        int end = end(start, length, limit, "the string");
        JsonValues.appendString(sb, VariantMetadata.utf8(value, start, length, "the string"));
        return end;
    }

    private void appendDecimal(BigDecimal decimal, int maxPrecision) {
        if (decimal.scale() > maxPrecision || decimal.precision() > maxPrecision) {
            throw new MalformedVariantException(
                    "the decimal "
                            + decimal.toPlainString()
                            + " (scale "
                            + decimal.scale()
                            + ") does not fit precision "
                            + maxPrecision);
        }
        sb.append(JsonValues.formatDecimal(decimal, decimal.scale()));
    }

    private void appendTime(long micros) {
        if (micros < 0 || micros >= MICROS_PER_DAY) {
            throw new MalformedVariantException(
                    "the time " + micros + " microseconds is not within a day");
        }
        sb.append(JsonValues.formatTime(micros * 1000));
    }

    private int appendObject(int pos, int limit, int valueHeader) {
        int offsetSize = (valueHeader & 0x3) + 1;
        int idSize = ((valueHeader >> 2) & 0x3) + 1;
        int countSize = ((valueHeader >> 4) & 0x1) == 1 ? 4 : 1;
        long count = VariantMetadata.unsigned(value, pos + 1, countSize, "the field count");
        long idsStart = pos + 1L + countSize;
        long offsetsStart = idsStart + count * idSize;
        long dataStart = offsetsStart + (count + 1) * offsetSize;
        if (dataStart > limit) {
            throw new MalformedVariantException(
                    "the object's " + count + " fields do not fit its bytes");
        }
        int n = (int) count;
        long dataSize =
                VariantMetadata.unsigned(value, offsetsStart + count * offsetSize, offsetSize, "");
        int end = end((int) dataStart, dataSize, limit, "the object");
        String[] keys = new String[n];
        int[] starts = new int[n];
        for (int i = 0; i < n; i++) {
            int id =
                    (int) VariantMetadata.unsigned(value, idsStart + (long) i * idSize, idSize, "");
            keys[i] = dictionary.key(id);
            long offset =
                    VariantMetadata.unsigned(
                            value, offsetsStart + (long) i * offsetSize, offsetSize, "");
            if (offset >= dataSize) {
                throw new MalformedVariantException(
                        "field "
                                + JsonValues.formatString(keys[i])
                                + " starts at byte "
                                + offset
                                + " of the object's "
                                + dataSize
                                + " bytes of values");
            }
            starts[i] = (int) (dataStart + offset);
        }
        Integer[] order = keyOrder(keys);
        sb.append('{');
        for (int k = 0; k < n; k++) {
            int i = order == null ? k : order[k];
            if (k > 0) {
                sb.append(',');
            }
            JsonValues.appendString(sb, keys[i]);
            sb.append(':');
            try {
                appendValue(starts[i], end);
            } catch (MalformedVariantException e) {
                throw e.under(segment(keys[i]));
            }
        }
        sb.append('}');
        return end;
    }

    /**
     * Null when {@code keys} are in strictly increasing UTF-8 order (as the spec stores them), else
     * the indexes in that order.
     *
     * @throws MalformedVariantException if a key appears twice
     */
    private static Integer[] keyOrder(String[] keys) {
        boolean sorted = true;
        for (int i = 1; i < keys.length && sorted; i++) {
            sorted = compareUtf8(keys[i - 1], keys[i]) < 0;
        }
        if (sorted) {
            return null;
        }
        Integer[] order = new Integer[keys.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> compareUtf8(keys[a], keys[b]));
        for (int k = 1; k < order.length; k++) {
            if (keys[order[k - 1]].equals(keys[order[k]])) {
                throw new MalformedVariantException(
                        "the object has the key "
                                + JsonValues.formatString(keys[order[k]])
                                + " twice");
            }
        }
        return order;
    }

    private int appendArray(int pos, int limit, int valueHeader) {
        int offsetSize = (valueHeader & 0x3) + 1;
        int countSize = ((valueHeader >> 2) & 0x1) == 1 ? 4 : 1;
        long count = VariantMetadata.unsigned(value, pos + 1, countSize, "the element count");
        long offsetsStart = pos + 1L + countSize;
        long dataStart = offsetsStart + (count + 1) * offsetSize;
        if (dataStart > limit) {
            throw new MalformedVariantException(
                    "the array's " + count + " elements do not fit its bytes");
        }
        int n = (int) count;
        long dataSize =
                VariantMetadata.unsigned(value, offsetsStart + count * offsetSize, offsetSize, "");
        int end = end((int) dataStart, dataSize, limit, "the array");
        sb.append('[');
        long start = VariantMetadata.unsigned(value, offsetsStart, offsetSize, "");
        for (int i = 0; i < n; i++) {
            long next =
                    VariantMetadata.unsigned(
                            value, offsetsStart + (long) (i + 1) * offsetSize, offsetSize, "");
            if (start > next || next > dataSize) {
                throw new MalformedVariantException(
                        "element "
                                + i
                                + " has bytes "
                                + start
                                + " to "
                                + next
                                + " of the array's "
                                + dataSize
                                + " bytes of values");
            }
            if (i > 0) {
                sb.append(',');
            }
            try {
                appendValue((int) (dataStart + start), (int) (dataStart + next));
            } catch (MalformedVariantException e) {
                throw e.under("[" + i + "]");
            }
            start = next;
        }
        sb.append(']');
        return end;
    }

    /** The 4-byte length at {@code pos}, checked to be an int. */
    private int length(int pos, int limit) {
        if (pos + 4 > limit) {
            throw new MalformedVariantException(
                    "the length at byte " + pos + " is past the end of the value at " + limit);
        }
        long length = VariantMetadata.unsigned(value, pos, 4, "the length");
        if (length > Integer.MAX_VALUE - 8) {
            throw new MalformedVariantException("the length " + length + " is too large");
        }
        return (int) length;
    }

    /** {@code start + size}, checked not to pass {@code limit}. */
    private static int end(int start, long size, int limit, String what) {
        if (start + size > limit) {
            throw new MalformedVariantException(
                    what
                            + " needs bytes "
                            + start
                            + " to "
                            + (start + size)
                            + ", its bytes end at "
                            + limit);
        }
        return (int) (start + size);
    }

    /** {@code .key} for a plain key, else {@code ["key"]} (JSON-escaped). */
    private static String segment(String key) {
        return PLAIN_KEY.matcher(key).matches()
                ? "." + key
                : "[" + JsonValues.formatString(key) + "]";
    }

    private static String reason(RuntimeException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** Compares by code point, which is the order of the UTF-8 bytes. */
    static int compareUtf8(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }
}
