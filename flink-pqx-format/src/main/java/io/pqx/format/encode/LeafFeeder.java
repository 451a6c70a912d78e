package io.pqx.format.encode;

import io.pqx.format.page.FlatPageStatistics;
import javax.annotation.Nullable;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;

/**
 * Replays a {@link LeafBuffer} into a parquet-column {@link ColumnWriter}: each entry as a value or
 * a null with its levels, and {@link ColumnWriteStore#endRecord()} at every record boundary (a
 * repetition level of 0), which is where the store may cut a page. Columns without levels (flat NOT
 * NULL) take a tight loop per physical type. Binary values are passed as reused slices of the
 * buffer: parquet-column copies what it keeps (dictionary entries, min/max). For a flat leaf given
 * a {@link FlatPageStatistics}, each value is also offered to it before its record ends, in the
 * same typed loop (the column writer then keeps no statistics of its own).
 *
 * <p>Stateless; called by {@link ColumnChunkEncoder} on the encoding thread.
 */
final class LeafFeeder {
    private LeafFeeder() {}

    /**
     * Feeds every entry of {@code b}; {@code stats}, if not null, takes the values of a flat INT32,
     * INT64 or BINARY leaf (see {@link FlatPageStatistics#forColumn}).
     */
    static void feed(
            LeafBuffer b,
            ColumnWriter w,
            ColumnWriteStore store,
            @Nullable FlatPageStatistics stats) {
        boolean flat = b.repetitionLevels == null && b.definitionLevels == null;
        if (stats != null) {
            if (!flat) {
                throw new IllegalStateException(
                        "Cannot feed column " + b.path + ": page statistics for a flat leaf");
            }
            feedFlatWithMinMax(b, w, store, stats);
        } else if (flat) {
            feedFlat(b, w, store);
        } else {
            feedWithLevels(b, w, store);
        }
    }

    private static void feedFlat(LeafBuffer b, ColumnWriter w, ColumnWriteStore store) {
        int n = b.valueCount;
        switch (b.type) {
            case BOOLEAN -> {
                boolean[] v = b.booleans;
                for (int i = 0; i < n; i++) {
                    w.write(v[i], 0, 0);
                    store.endRecord();
                }
            }
            case INT32 -> {
                int[] v = b.ints;
                for (int i = 0; i < n; i++) {
                    w.write(v[i], 0, 0);
                    store.endRecord();
                }
            }
            case INT64 -> {
                long[] v = b.longs;
                for (int i = 0; i < n; i++) {
                    w.write(v[i], 0, 0);
                    store.endRecord();
                }
            }
            case FLOAT -> {
                float[] v = b.floats;
                for (int i = 0; i < n; i++) {
                    w.write(v[i], 0, 0);
                    store.endRecord();
                }
            }
            case DOUBLE -> {
                double[] v = b.doubles;
                for (int i = 0; i < n; i++) {
                    w.write(v[i], 0, 0);
                    store.endRecord();
                }
            }
            default -> {
                byte[] bytes = b.bytes;
                int[] offsets = b.offsets;
                for (int i = 0; i < n; i++) {
                    w.write(binary(bytes, offsets, i), 0, 0);
                    store.endRecord();
                }
            }
        }
    }

    private static void feedFlatWithMinMax(
            LeafBuffer b, ColumnWriter w, ColumnWriteStore store, FlatPageStatistics stats) {
        int n = b.valueCount;
        switch (b.type) {
            case INT32 -> {
                int[] v = b.ints;
                for (int i = 0; i < n; i++) {
                    int x = v[i];
                    w.write(x, 0, 0);
                    stats.add(x);
                    store.endRecord();
                }
            }
            case INT64 -> {
                long[] v = b.longs;
                for (int i = 0; i < n; i++) {
                    long x = v[i];
                    w.write(x, 0, 0);
                    stats.add(x);
                    store.endRecord();
                }
            }
            case BINARY -> {
                byte[] bytes = b.bytes;
                int[] offsets = b.offsets;
                for (int i = 0; i < n; i++) {
                    int start = offsets[i];
                    int len = offsets[i + 1] - start;
                    w.write(Binary.fromReusedByteArray(bytes, start, len), 0, 0);
                    stats.add(bytes, start, len);
                    store.endRecord();
                }
            }
            default ->
                    throw new IllegalStateException(
                            "Cannot feed column "
                                    + b.path
                                    + ": no feeder statistics for "
                                    + b.type);
        }
    }

    private static void feedWithLevels(LeafBuffer b, ColumnWriter w, ColumnWriteStore store) {
        short[] rep = b.repetitionLevels;
        short[] def = b.definitionLevels;
        int max = b.maxDefinition;
        int n = b.levelCount;
        int value = 0;
        for (int i = 0; i < n; i++) {
            int r = rep == null ? 0 : rep[i];
            if (r == 0 && i > 0) {
                store.endRecord();
            }
            int d = def == null ? max : def[i];
            if (d == max) {
                writeValue(b, w, value++, r, d);
            } else {
                w.writeNull(r, d);
            }
        }
        if (n > 0) {
            store.endRecord();
        }
    }

    private static void writeValue(LeafBuffer b, ColumnWriter w, int i, int r, int d) {
        switch (b.type) {
            case BOOLEAN -> w.write(b.booleans[i], r, d);
            case INT32 -> w.write(b.ints[i], r, d);
            case INT64 -> w.write(b.longs[i], r, d);
            case FLOAT -> w.write(b.floats[i], r, d);
            case DOUBLE -> w.write(b.doubles[i], r, d);
            default -> w.write(binary(b.bytes, b.offsets, i), r, d);
        }
    }

    private static Binary binary(byte[] bytes, int[] offsets, int i) {
        int start = offsets[i];
        return Binary.fromReusedByteArray(bytes, start, offsets[i + 1] - start);
    }
}
