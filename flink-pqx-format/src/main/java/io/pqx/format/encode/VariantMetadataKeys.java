package io.pqx.format.encode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * Makes a Variant metadata dictionary hold every field name of a shredding type, appending the
 * missing names at the end (so the ids the value uses keep their meaning) and clearing the sorted
 * flag when that breaks the order.
 *
 * <p>Why: Parquet's VariantShredding says every field name of a variant, shredded or not, is in its
 * metadata; parquet-java 1.18's reader takes that literally and looks up each shredded field's name
 * in the row's metadata even where the field is missing, failing on a row whose object lacks one (a
 * value of {@code {"a": 1}} shredded as {@code ROW<a INT, b INT>} has no {@code b} in its
 * metadata). A dictionary may hold unused names, so adding them is always valid. Immutable.
 */
final class VariantMetadataKeys {
    private static final int VERSION = 1;
    private static final int SORTED = 0x10;

    private final byte[][] names;

    private VariantMetadataKeys(byte[][] names) {
        this.names = names;
    }

    /** The keys of every object level of a shredding type, in {@code names} order. */
    static VariantMetadataKeys of(Set<String> names) {
        byte[][] encoded = new byte[names.size()][];
        int i = 0;
        for (String name : names) {
            encoded[i++] = name.getBytes(StandardCharsets.UTF_8);
        }
        return new VariantMetadataKeys(encoded);
    }

    boolean isEmpty() {
        return names.length == 0;
    }

    /**
     * {@code metadata} itself when it holds every name, else a copy with the missing ones appended.
     *
     * @throws IllegalArgumentException if {@code metadata} is not a version 1 Variant metadata
     */
    byte[] complete(byte[] metadata) {
        if (metadata.length < 1 || (metadata[0] & 0x0F) != VERSION) {
            throw new IllegalArgumentException("not a version 1 Variant metadata");
        }
        int offsetSize = ((metadata[0] >>> 6) & 0x3) + 1;
        int count = (int) read(metadata, 1, offsetSize);
        int offsets = 1 + offsetSize;
        int strings = offsets + (count + 1) * offsetSize;
        if (strings > metadata.length) {
            throw new IllegalArgumentException("Variant metadata shorter than its offsets");
        }
        List<byte[]> missing = null;
        for (byte[] name : names) {
            if (!contains(metadata, count, offsets, offsetSize, strings, name)) {
                if (missing == null) {
                    missing = new ArrayList<>();
                }
                missing.add(name);
            }
        }
        return missing == null
                ? metadata
                : rebuild(metadata, count, offsets, offsetSize, strings, missing);
    }

    private static boolean contains(
            byte[] m, int count, int offsets, int offsetSize, int strings, byte[] name) {
        for (int i = 0; i < count; i++) {
            int start = strings + (int) read(m, offsets + i * offsetSize, offsetSize);
            int end = strings + (int) read(m, offsets + (i + 1) * offsetSize, offsetSize);
            if (end - start == name.length && Arrays.equals(m, start, end, name, 0, name.length)) {
                return true;
            }
        }
        return false;
    }

    private static byte[] rebuild(
            byte[] m, int count, int offsets, int offsetSize, int strings, List<byte[]> missing) {
        List<byte[]> keys = new ArrayList<>(count + missing.size());
        for (int i = 0; i < count; i++) {
            int start = strings + (int) read(m, offsets + i * offsetSize, offsetSize);
            int end = strings + (int) read(m, offsets + (i + 1) * offsetSize, offsetSize);
            keys.add(Arrays.copyOfRange(m, start, end));
        }
        boolean sorted = (m[0] & SORTED) != 0;
        byte[] last = count == 0 ? null : keys.get(count - 1);
        for (byte[] name : missing) {
            sorted &= last == null || compare(last, name) < 0;
            last = name;
            keys.add(name);
        }
        long total = 0;
        for (byte[] k : keys) {
            total += k.length;
        }
        long largest = Math.max(total, keys.size());
        int size = largest <= 0xFF ? 1 : largest <= 0xFFFF ? 2 : largest <= 0xFFFFFF ? 3 : 4;
        int n = keys.size();
        byte[] out = new byte[(int) (1 + size + (long) (n + 1) * size + total)];
        out[0] = (byte) (VERSION | (sorted ? SORTED : 0) | ((size - 1) << 6));
        write(out, 1, size, n);
        int at = 1 + size + (n + 1) * size;
        int offset = 0;
        for (int i = 0; i < n; i++) {
            write(out, 1 + size + i * size, size, offset);
            System.arraycopy(keys.get(i), 0, out, at + offset, keys.get(i).length);
            offset += keys.get(i).length;
        }
        write(out, 1 + size + n * size, size, offset);
        return out;
    }

    /** Unsigned byte-wise order, as the Variant encoding sorts keys. */
    private static int compare(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }

    private static long read(byte[] b, int at, int n) {
        if (at + n > b.length) {
            throw new IllegalArgumentException("Variant metadata shorter than its offsets");
        }
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (long) (b[at + i] & 0xFF) << (8 * i);
        }
        return v;
    }

    private static void write(byte[] b, int at, int n, long v) {
        for (int i = 0; i < n; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    /** Every field name of the objects of {@code type}, at any depth. */
    static Set<String> namesOf(LogicalType type) {
        Set<String> names = new LinkedHashSet<>();
        collect(type, names);
        return names;
    }

    private static void collect(LogicalType type, Set<String> names) {
        if (type instanceof RowType row) {
            names.addAll(row.getFieldNames());
        }
        for (LogicalType child : type.getChildren()) {
            collect(child, names);
        }
    }
}
