package io.pqx.format.decode;

import io.pqx.format.page.IndexedDictionaryPage;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import javax.annotation.Nullable;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A column chunk's dictionary as flat arrays for bulk lookups by {@link FlatPageDecoder}: the
 * values of parquet-column's decoded {@link Dictionary} copied once per chunk into an array of
 * their physical type; BYTE_ARRAY values packed into one byte array with offsets, so looking a
 * string up never allocates. Strings lie in id order in their byte array, with at most their 4-byte
 * lengths between neighbours (so a small dictionary can be copied whole as one span).
 *
 * <p>{@link #decode} reads a PLAIN dictionary page straight into these arrays (strings stay in the
 * page's bytes); {@link #of} copies a dictionary parquet-column decoded, for pages in other forms.
 *
 * <p>A numeric dictionary read from its page keeps the page's bytes and decodes its array on first
 * use: a selective read looks up a few of its values, straight from those bytes ({@link
 * #lookUpFromPage}), and never needs the array. A dictionary that cannot be flattened (a type with
 * no bulk path, a decoding error, more than 2 GiB of strings) is not {@link #usable()}: its pages
 * then go through parquet-column, which reports any error as it always did. Its values never change
 * once built; not thread-safe (the array decoded on first use), one per leaf and row group.
 */
final class FlatDictionary {
    private static final VarHandle INTS =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final int size;
    private final PrimitiveTypeName physical;
    private final boolean usable;
    private int[] ints;
    private long[] longs;
    private float[] floats;
    private double[] doubles;
    private byte[] bytes;
    private int[] starts;
    private int[] lengths;

    /**
     * A numeric dictionary's page bytes, its values from {@code pageAt} (4 or 8 bytes each), until
     * its array is decoded; null otherwise.
     */
    @Nullable private byte[] page;

    private int pageAt;

    private FlatDictionary(int size, boolean usable, PrimitiveTypeName physical) {
        this.size = size;
        this.usable = usable;
        this.physical = physical;
    }

    /**
     * The dictionary of a PLAIN-encoded dictionary page of a numeric or BYTE_ARRAY leaf, read from
     * the page's bytes without parquet-column's decoding; null when the page is in another form or
     * its bytes do not hold its values exactly as declared (the caller then decodes it through
     * parquet-column, which reports what is wrong).
     */
    @Nullable
    static FlatDictionary decode(PrimitiveTypeName physical, DictionaryPage page) {
        return decode(physical, 0, page);
    }

    /**
     * As {@link #decode(PrimitiveTypeName, DictionaryPage)}, also for FIXED_LEN_BYTE_ARRAY values
     * of {@code typeLength} bytes (pointed at in the page's bytes, as strings are).
     */
    @Nullable
    static FlatDictionary decode(PrimitiveTypeName physical, int typeLength, DictionaryPage page) {
        Encoding encoding = page.getEncoding();
        if (encoding != Encoding.PLAIN && encoding != Encoding.PLAIN_DICTIONARY) {
            return null;
        }
        ByteBuffer bytes;
        try {
            bytes = page.getBytes().toByteBuffer();
        } catch (IOException | RuntimeException e) {
            return null;
        }
        int size = page.getDictionarySize();
        if (size < 0 || !bytes.hasArray()) {
            return null;
        }
        int available = bytes.remaining();
        FlatDictionary flat = new FlatDictionary(size, true, physical);
        switch (physical) {
            case INT32, INT64, FLOAT, DOUBLE -> {
                int width =
                        physical == PrimitiveTypeName.INT32 || physical == PrimitiveTypeName.FLOAT
                                ? 4
                                : 8;
                if ((long) size * width > available) {
                    return null;
                }
                // decoded into an array only when a lookup of every id needs it (decodePage)
                flat.page = bytes.array();
                flat.pageAt = bytes.arrayOffset() + bytes.position();
            }
            case BINARY -> {
                if (page instanceof IndexedDictionaryPage indexed
                        && indexed.bytes() == bytes.array()
                        && bytes.arrayOffset() + bytes.position() == 0
                        && bytes.limit() == indexed.bytes().length
                        && indexed.starts().length == size) {
                    // the page check walked the length prefixes and recorded where each string
                    // lies: the same walk as indexBinaries (the whole page), not made again
                    flat.starts = indexed.starts();
                    flat.lengths = indexed.lengths();
                    flat.bytes = indexed.bytes();
                } else if (!flat.indexBinaries(
                        bytes.array(),
                        bytes.arrayOffset() + bytes.position(),
                        bytes.arrayOffset() + bytes.limit())) {
                    return null;
                }
            }
            case FIXED_LEN_BYTE_ARRAY -> {
                if (typeLength <= 0) {
                    return null;
                }
                flat.starts = new int[size];
                flat.lengths = new int[size];
                int at = bytes.arrayOffset() + bytes.position();
                if (!FixedBinaries.index(
                        bytes.array(),
                        at,
                        bytes.arrayOffset() + bytes.limit(),
                        size,
                        typeLength,
                        flat.starts,
                        flat.lengths)) {
                    return null;
                }
                flat.bytes = bytes.array();
            }
            default -> {
                return null;
            }
        }
        return flat;
    }

    /**
     * Points at the length-prefixed values of {@code b[at, end)} in place; false if they overrun.
     */
    private boolean indexBinaries(byte[] b, int at, int end) {
        if ((long) size * 4 > end - at) {
            return false; // every value takes at least its 4-byte length
        }
        starts = new int[size];
        lengths = new int[size];
        if (!PlainBinaries.index(b, at, end, size, starts, lengths)) {
            return false;
        }
        bytes = b;
        return true;
    }

    static FlatDictionary of(PrimitiveTypeName physical, Dictionary dictionary) {
        int size;
        try {
            size = dictionary.getMaxId() + 1;
        } catch (RuntimeException e) {
            return new FlatDictionary(0, false, physical);
        }
        FlatDictionary flat = new FlatDictionary(size, size >= 0, physical);
        if (size < 0) {
            return flat;
        }
        try {
            switch (physical) {
                case INT32 -> {
                    flat.ints = new int[size];
                    for (int id = 0; id < size; id++) {
                        flat.ints[id] = dictionary.decodeToInt(id);
                    }
                }
                case INT64 -> {
                    flat.longs = new long[size];
                    for (int id = 0; id < size; id++) {
                        flat.longs[id] = dictionary.decodeToLong(id);
                    }
                }
                case FLOAT -> {
                    flat.floats = new float[size];
                    for (int id = 0; id < size; id++) {
                        flat.floats[id] = dictionary.decodeToFloat(id);
                    }
                }
                case DOUBLE -> {
                    flat.doubles = new double[size];
                    for (int id = 0; id < size; id++) {
                        flat.doubles[id] = dictionary.decodeToDouble(id);
                    }
                }
                case BINARY, FIXED_LEN_BYTE_ARRAY -> {
                    if (!flat.packBinaries(dictionary)) {
                        return new FlatDictionary(size, false, physical);
                    }
                }
                default -> {
                    return new FlatDictionary(size, false, physical);
                }
            }
        } catch (RuntimeException e) {
            return new FlatDictionary(size, false, physical);
        }
        return flat;
    }

    private boolean packBinaries(Dictionary dictionary) {
        starts = new int[size];
        lengths = new int[size];
        long total = 0;
        for (int id = 0; id < size; id++) {
            lengths[id] = dictionary.decodeToBinary(id).length();
            total += lengths[id];
        }
        if (total > Integer.MAX_VALUE - 16) {
            return false;
        }
        bytes = new byte[(int) total];
        int at = 0;
        for (int id = 0; id < size; id++) {
            Binary value = dictionary.decodeToBinary(id);
            ByteBuffer buffer = value.toByteBuffer();
            if (buffer.remaining() != lengths[id]) {
                return false;
            }
            buffer.duplicate().get(bytes, at, lengths[id]);
            starts[id] = at;
            at += lengths[id];
        }
        return true;
    }

    boolean usable() {
        return usable;
    }

    /** Number of entries; valid ids are {@code [0, size)}. */
    int size() {
        return size;
    }

    /** The BYTE_ARRAY values' bytes, which {@link #starts} and {@link #lengths} index. */
    byte[] bytes() {
        return bytes;
    }

    // the flat arrays themselves, for lookups fused into a sink's writes (read only)

    int[] ints() {
        decodePage();
        return ints;
    }

    long[] longs() {
        decodePage();
        return longs;
    }

    float[] floats() {
        decodePage();
        return floats;
    }

    double[] doubles() {
        decodePage();
        return doubles;
    }

    /** Decodes a numeric dictionary's page into its array, once. */
    private void decodePage() {
        if (page == null) {
            return;
        }
        ByteBuffer le = ByteBuffer.wrap(page, pageAt, page.length - pageAt).slice();
        le.order(ByteOrder.LITTLE_ENDIAN);
        switch (physical) {
            case INT32 -> le.asIntBuffer().get(ints = new int[size]);
            case INT64 -> le.asLongBuffer().get(longs = new long[size]);
            case FLOAT -> le.asFloatBuffer().get(floats = new float[size]);
            default -> le.asDoubleBuffer().get(doubles = new double[size]);
        }
        page = null;
    }

    /**
     * Writes the values of ids {@code ids[0, n)} into {@code slots}' array of this dictionary's
     * type, from the page's bytes, if the array was not decoded yet: a selective read wants a value
     * here and there, and decoding the whole dictionary (up to 1 MiB of {@code l_orderkey}'s per
     * row group in the source suite's unsorted 1 % query) costs more than its lookups. Checks every
     * id against the dictionary.
     *
     * @return false, having written nothing meaningful, when the array is decoded (or this is no
     *     numeric dictionary read from its page), the slots are too short, or an id lies outside
     *     the dictionary: the caller then looks the ids up in the array, as for any page
     */
    boolean lookUpFromPage(int[] ids, int n, PageSlots slots) {
        byte[] b = page;
        if (b == null || ids.length < n || slotsFor(slots) < n) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            if (Integer.compareUnsigned(ids[k], size) >= 0) {
                return false;
            }
        }
        int at = pageAt;
        switch (physical) {
            case INT32 -> {
                for (int k = 0; k < n; k++) {
                    slots.ints[k] = (int) INTS.get(b, at + 4 * ids[k]);
                }
            }
            case FLOAT -> {
                for (int k = 0; k < n; k++) {
                    slots.floats[k] = Float.intBitsToFloat((int) INTS.get(b, at + 4 * ids[k]));
                }
            }
            case INT64 -> {
                for (int k = 0; k < n; k++) {
                    slots.longs[k] = (long) LONGS.get(b, at + 8 * ids[k]);
                }
            }
            default -> {
                for (int k = 0; k < n; k++) {
                    slots.doubles[k] =
                            Double.longBitsToDouble((long) LONGS.get(b, at + 8 * ids[k]));
                }
            }
        }
        return true;
    }

    /** How many values {@code slots}' array of this dictionary's type holds. */
    private int slotsFor(PageSlots slots) {
        return switch (physical) {
            case INT32 -> slots.ints.length;
            case FLOAT -> slots.floats.length;
            case INT64 -> slots.longs.length;
            default -> slots.doubles.length;
        };
    }

    int[] starts() {
        return starts;
    }

    int[] lengths() {
        return lengths;
    }
}
